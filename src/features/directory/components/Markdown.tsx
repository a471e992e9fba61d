import { lazy, Suspense } from 'react'
import Box from '@mui/material/Box'
import { markdownSx } from './markdownSx'

// The Markdown parser and sanitiser (~25 KB compressed) arrive after the page has shown, so an API
// page's first load stays within budget (DESIGN.md §8); until then the text reads as written.
const MarkdownHtml = lazy(() => import('./MarkdownHtml').then((m) => ({ default: m.MarkdownHtml })))

export function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<Box sx={[markdownSx, { whiteSpace: 'pre-line' }]}>{text}</Box>}>
      <MarkdownHtml text={text} />
    </Suspense>
  )
}
