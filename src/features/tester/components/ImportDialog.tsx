import { useState } from 'react'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useAppDispatch } from '@/lib/store/hooks'
import { ImportError, importText } from '../lib/importRequests'
import type { ImportResult } from '../lib/postman'
import { collectionImported } from '../workbenchSlice'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'

type Props = {
  open: boolean
  onClose: () => void
  newId?: () => string
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** A Postman collection or HAR file, or a pasted cURL command (or JSON), into a new collection. */
export function ImportDialog({ open, onClose, newId = () => crypto.randomUUID() }: Props) {
  const dispatch = useAppDispatch()
  const [pasted, setPasted] = useState('')
  const [result, setResult] = useState<(ImportResult & { environmentName?: string }) | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const take = (text: string, name: string) => {
    setProblem(null)
    setResult(null)
    try {
      const imported = importText(text, name, newId)
      const environment =
        imported.variables.length > 0
          ? {
              id: newId(),
              name: `${imported.collection.name} variables`,
              variables: imported.variables,
            }
          : null
      dispatch(collectionImported({ collection: imported.collection, environment }))
      setResult({ ...imported, environmentName: environment?.name })
    } catch (error) {
      setProblem(error instanceof ImportError ? error.message : 'The file could not be read.')
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="import-title">
      <DialogTitle id="import-title">Import requests</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography>
            A Postman collection (v2.0 or v2.1), a HAR file from a browser&apos;s network panel, or
            a cURL command. Each becomes a new collection.
          </Typography>
          <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
            Choose a file
            <input
              hidden
              type="file"
              accept=".json,.har,application/json"
              aria-label="Collection or HAR file"
              onChange={(event) => {
                const file = event.target.files?.[0]
                if (!file) return
                void file.text().then((text) => take(text, file.name.replace(/\.(json|har)$/i, '')))
                event.target.value = ''
              }}
            />
          </Button>
          <OutlinedField
            label="Or paste a cURL command or JSON"
            code
            multiline
            minRows={4}
            maxRows={10}
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
          />
          <Button
            variant="contained"
            sx={{ alignSelf: 'flex-start' }}
            disabled={pasted.trim() === ''}
            onClick={() => take(pasted, 'Pasted requests')}
          >
            Import pasted text
          </Button>
          {problem && (
            <Alert severity="error">
              <AlertTitle>Nothing was imported</AlertTitle>
              {problem}
            </Alert>
          )}
          {result && (
            <Alert severity={result.skipped.length > 0 ? 'warning' : 'success'} role="status">
              <AlertTitle>
                Imported {plural(result.imported, 'request')} into “{result.collection.name}”
                {result.skipped.length > 0 ? `; skipped ${result.skipped.length}` : ''}
              </AlertTitle>
              {result.environmentName && (
                <Typography variant="body2">
                  Its {plural(result.variables.length, 'variable')} went into the environment “
                  {result.environmentName}”.
                </Typography>
              )}
              {result.skipped.length > 0 && (
                <>
                  <Typography variant="body2" sx={{ mt: 1, fontWeight: 500 }}>
                    Skipped
                  </Typography>
                  <Box component="ul" aria-label="Skipped" sx={{ m: 0, pl: 2.5 }}>
                    {result.skipped.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </Box>
                </>
              )}
              {result.leftOut.length > 0 && (
                <>
                  <Typography variant="body2" sx={{ mt: 1, fontWeight: 500 }}>
                    Imported without
                  </Typography>
                  <Box component="ul" aria-label="Imported without" sx={{ m: 0, pl: 2.5 }}>
                    {result.leftOut.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </Box>
                </>
              )}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
