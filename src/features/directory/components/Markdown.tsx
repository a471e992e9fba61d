import { lazy, Suspense } from 'react'
import Box from '@mui/material/Box'
import { useInBrowser } from '@/lib/useInBrowser'
import { markdownSx } from './markdownSx'

// The Markdown parser and sanitiser (~25 KB compressed) arrive after the page has shown, so an API
// page's first load stays within budget (docs/performance.md); until then the text reads as
// written.
const MarkdownHtml = lazy(() => import('./MarkdownHtml').then((m) => ({ default: m.MarkdownHtml })))

export function Markdown({ text }: { text: string }) {
  const inBrowser = useInBrowser()
  const asWritten = <Box sx={[markdownSx, { whiteSpace: 'pre-line' }]}>{text}</Box>
  // The server's render has no DOM to sanitise with: it, and the hydration of it, keep the text.
  if (!inBrowser) return asWritten
  return (
    <Suspense fallback={asWritten}>
      <MarkdownHtml text={text} />
    </Suspense>
  )
}
