import Box from '@mui/material/Box'
import { markdownSx } from './markdownSx'

/**
 * An API's description as the server rendered and sanitised it (server/catalog/description.ts):
 * drawn the same by the server's page and the browser, with no parser or sanitiser in the page's
 * scripts (docs/performance.md).
 */
export function Markdown({ html }: { html: string }) {
  return (
    <Box
      sx={markdownSx}
      // Sanitised on the server (sanitize-html, an allow-list policy); never the source's text.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
