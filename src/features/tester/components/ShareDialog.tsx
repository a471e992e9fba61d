import { useEffect, useId, useState } from 'react'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { paths } from '@/lib/paths'
import { useAppSelector } from '@/lib/store/hooks'
import type { AuthChoice } from '../lib/authChoice'
import type { Draft } from '../lib/draft'
import { SHARE_LINK_LIMIT, shareLink, shareRequest, type ShareBuilt } from '../lib/share'
import { selectWorkbench } from '../workbenchSlice'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'

type Props = {
  draft: Draft
  graphql: boolean
  auth: AuthChoice | null
  onClose: () => void
}

type Made =
  | { kind: 'packing' }
  | { kind: 'link'; link: string }
  | { kind: 'tooLarge'; length: number }
  | { kind: 'failed' }

const count = (n: number) => n.toLocaleString('en-US')

/** What was left out, in one sentence: "2 values replaced by placeholders: {{token}}, {{apiKey}}". */
export function replacedSummary(replaced: ShareBuilt['replaced']) {
  const names = [...new Set(replaced.map((r) => r.placeholder))]
  return `${replaced.length} ${replaced.length === 1 ? 'value' : 'values'} replaced by ${names.length === 1 ? 'a placeholder' : 'placeholders'}: ${names.join(', ')}`
}

/**
 * The request as a link to the tester, with every credential left out. The request rides in the
 * link's fragment, which browsers never send, so it reaches no server's logs, ours included.
 */
export function ShareDialog({ draft, graphql, auth, onClose }: Props) {
  // Environments are read only when they have loaded; before, none were chosen this visit.
  const { environments } = useAppSelector(selectWorkbench)
  // Built once, from the request as it was when Share was pressed.
  const [built] = useState(() =>
    shareRequest(draft, {
      graphql,
      auth,
      secrets: environments.flatMap((e) => e.variables.filter((v) => v.secret)),
    }),
  )
  const [made, setMade] = useState<Made>({ kind: 'packing' })
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  const fieldId = useId()

  useEffect(() => {
    let current = true
    shareLink(built.request, new URL(paths.tester, window.location.origin).href).then(
      (result) => current && setMade(result),
      // No CompressionStream (a browser from before 2023): nothing to make the link with.
      () => current && setMade({ kind: 'failed' }),
    )
    return () => {
      current = false
    }
  }, [built])

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied('yes')
    } catch {
      setCopied('no')
      const field = document.getElementById(fieldId) as HTMLInputElement | null
      field?.select()
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-title">
      <DialogTitle id="share-title">Share this request</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {made.kind === 'packing' && <Typography>Making the link…</Typography>}
          {made.kind === 'failed' && (
            <Alert severity="error">
              This browser cannot make share links: it cannot compress them. Use a current Chrome,
              Edge, Firefox or Safari, or save the request to a collection and export it.
            </Alert>
          )}
          {made.kind === 'tooLarge' && (
            <Alert severity="error">
              <AlertTitle>Too large to share as a link</AlertTitle>
              This request would make a link of {count(made.length)} characters, and links over{' '}
              {count(SHARE_LINK_LIMIT)} are cut short or refused by browsers, chat apps and servers.
              Save it to a collection and export the collection (Collections, then Export) to send
              it as a file.
            </Alert>
          )}
          {made.kind === 'link' && (
            <>
              {built.replaced.length > 0 ? (
                <Alert severity="info">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {replacedSummary(built.replaced)}
                  </Typography>
                  <Typography variant="body2" component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {built.replaced.map((r) => (
                      <li key={`${r.placeholder} ${r.where}`}>
                        {r.placeholder} in {r.where}
                      </li>
                    ))}
                  </Typography>
                  <Typography variant="body2">
                    Whoever opens the link fills them from their own environment.
                  </Typography>
                </Alert>
              ) : (
                <Alert severity="success">
                  No credentials were typed into this request: it is shared as it is.
                </Alert>
              )}
              {built.bodyUnchecked && (
                <Alert severity="warning">
                  The body is not JSON, so it is shared as typed: check that it holds no secret.
                </Alert>
              )}
              {built.headersDefaulted && (
                <Alert severity="warning">
                  The headers are not valid JSON: the link holds the Content-Type header that is
                  sent instead.
                </Alert>
              )}
              <Typography variant="body2" color="textSecondary">
                {'{{variables}}'} are shared as names, never their values. The request is in the
                part of the link after #, which browsers never send to a server.
              </Typography>
              <OutlinedField
                label="Share link"
                id={fieldId}
                value={made.link}
                onChange={() => undefined}
                inputAttributes={{ readOnly: true, onFocus: (e) => e.currentTarget.select() }}
                fullWidth
                code
                helperText={`${count(made.link.length)} of ${count(SHARE_LINK_LIMIT)} characters`}
              />
              <Typography role="status" variant="body2" sx={{ minHeight: '1.5em' }}>
                {copied === 'yes' && 'Link copied to the clipboard.'}
                {copied === 'no' && 'Could not copy: the link is selected, copy it by hand.'}
              </Typography>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {made.kind === 'link' && (
          <Button variant="contained" onClick={() => void copy(made.link)}>
            {copied === 'yes' ? 'Copied' : 'Copy link'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  )
}
