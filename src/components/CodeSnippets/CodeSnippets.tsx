import { useEffect, useState, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import {
  requestSnippet,
  SNIPPET_LANGUAGES,
  type SnippetLabel,
  type SnippetRequest,
} from './requestSnippet'
import { CodeBlock } from '@/components/CodeBlock/CodeBlock'
import { useEarlyClicks } from '@/lib/useEarlyClick'

type Props = {
  request: SnippetRequest
  /** The language shown at once; none: the code is made when a language is picked. */
  initial?: SnippetLabel
  /**
   * The control that copies the code, as its page has one: passed in, so that a control one page
   * loads first is not a separate download on the other.
   */
  renderCopy: (copy: { text: string; label: string }) => ReactNode
}

type Shown = { key: string; label: SnippetLabel; code: string } | { key: string; error: string }

/**
 * A request as cURL, fetch, Python requests or Go, to copy. The code follows the request: when it
 * changes (the tester's form), the code shown is made again.
 */
export function CodeSnippets({ request, initial, renderCopy }: Props) {
  const [picked, setPicked] = useState<SnippetLabel | null>(initial ?? null)
  // A language pressed on the server's page before the app ran is shown once it runs.
  const pick = useEarlyClicks(
    SNIPPET_LANGUAGES.map((language) => `snippet:${language.label}`),
    (i) => setPicked(SNIPPET_LANGUAGES[i]!.label),
  )
  const [made, setMade] = useState<Shown | null>(null)
  const key = JSON.stringify([picked, request])
  useEffect(() => {
    const language = SNIPPET_LANGUAGES.find((l) => l.label === picked)
    if (!language) return
    let current = true
    requestSnippet(request, language).then(
      (code) => current && setMade({ key, label: language.label, code }),
      (error: unknown) =>
        current && setMade({ key, error: error instanceof Error ? error.message : String(error) }),
    )
    return () => {
      current = false
    }
    // `key` stands for the request and the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  // Until the code for this request and language is made, the last one stays, marked busy.
  const shown = made && 'code' in made ? made : null
  const failed = made && 'error' in made && made.key === key ? made.error : null
  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {SNIPPET_LANGUAGES.map((language, i) => (
          <Button
            key={language.label}
            size="small"
            variant={picked === language.label ? 'contained' : 'outlined'}
            aria-pressed={picked === language.label}
            {...pick(i)}
          >
            {language.label}
          </Button>
        ))}
      </Stack>
      {failed && (
        <Typography role="status" color="error" sx={{ mt: 1 }}>
          The code could not be made: {failed}
        </Typography>
      )}
      {shown && !failed && (
        <Box sx={{ mt: 1 }} aria-busy={shown.key !== key}>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1 }}>
              {shown.label}
            </Typography>
            {renderCopy({ text: shown.code, label: `Copy ${shown.label} code` })}
          </Stack>
          <CodeBlock label={`${shown.label} code`}>{shown.code}</CodeBlock>
        </Box>
      )}
    </Box>
  )
}
