import { useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { OperationRequest } from '@/shared/operationRequest'
import { CopyButton } from './CopyButton'

/** The languages offered, as httpsnippet-lite names their target and client. */
export const SNIPPET_LANGUAGES = [
  { label: 'cURL', target: 'shell', client: 'curl' },
  { label: 'JavaScript fetch', target: 'javascript', client: 'fetch' },
  { label: 'Python requests', target: 'python', client: 'requests' },
  { label: 'Go net/http', target: 'go', client: 'native' },
] as const
type Language = (typeof SNIPPET_LANGUAGES)[number]

/** The request as code in the language asked for, by httpsnippet-lite, downloaded on that ask. */
async function snippetOf(request: OperationRequest, language: Language) {
  const { HTTPSnippet } = await import('httpsnippet-lite')
  const url = new URL(request.url.replace(/[{}]/g, (c) => encodeURIComponent(c)))
  const mimeType = request.headers['Content-Type'] ?? 'application/json'
  const snippet = new HTTPSnippet({
    method: request.method,
    url: `${url.origin}${url.pathname}`.replace(/%7B/gi, '{').replace(/%7D/gi, '}'),
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: Object.entries(request.headers).map(([name, value]) => ({ name, value })),
    queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
    headersSize: -1,
    bodySize: -1,
    ...(request.body ? { postData: { mimeType, text: request.body } } : {}),
  })
  const code = await snippet.convert(language.target, language.client)
  const text = Array.isArray(code) ? code.join('\n') : (code ?? '')
  // The library encodes the path's {placeholders}; the reader is to replace them, so they stay.
  return text.replace(/%7B/gi, '{').replace(/%7D/gi, '}')
}

/** The operation's request as cURL, fetch, Python requests or Go, to copy. */
export function CodeSnippets({ request }: { request: OperationRequest }) {
  const [shown, setShown] = useState<{ label: string; code: string } | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const pick = (language: Language) => {
    setFailed(null)
    snippetOf(request, language).then(
      (code) => setShown({ label: language.label, code }),
      (error: unknown) => setFailed(error instanceof Error ? error.message : String(error)),
    )
  }
  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {SNIPPET_LANGUAGES.map((language) => (
          <Button
            key={language.label}
            size="small"
            variant={shown?.label === language.label ? 'contained' : 'outlined'}
            aria-pressed={shown?.label === language.label}
            onClick={() => pick(language)}
          >
            {language.label}
          </Button>
        ))}
      </Stack>
      {failed && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          The code could not be made: {failed}
        </Typography>
      )}
      {shown && (
        <Box sx={{ mt: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1 }}>
              {shown.label}
            </Typography>
            <CopyButton text={shown.code} label={`Copy ${shown.label} code`} />
          </Stack>
          <Box
            component="pre"
            role="region"
            tabIndex={0}
            aria-label={`${shown.label} code`}
            sx={{
              fontFamily: 'monospace',
              m: 0,
              p: 1,
              bgcolor: 'action.hover',
              borderRadius: 1,
              overflow: 'auto',
              maxHeight: 320,
              fontSize: '0.8125rem',
            }}
          >
            {shown.code}
          </Box>
        </Box>
      )}
    </Box>
  )
}
