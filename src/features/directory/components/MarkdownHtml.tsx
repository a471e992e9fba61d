import { useMemo } from 'react'
import Box from '@mui/material/Box'
import { markdownSx } from './markdownSx'
import DOMPurify from 'dompurify'
import { Marked } from 'marked'

// Descriptions come from third-party OpenAPI documents: they are rendered, then sanitised, and only
// then put in the page. Headings move down two levels so they sit under the page's own h1 and h2.
const marked = new Marked({
  gfm: true,
  async: false,
  walkTokens: (token) => {
    if (token.type === 'heading') token.depth = Math.min(6, token.depth + 2)
  },
})

const purifier = DOMPurify()
// Links leave the site in a new tab without handing it our window or our address.
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank')
    node.setAttribute('rel', 'noopener noreferrer nofollow')
  }
})

const SANITIZE = {
  USE_PROFILES: { html: true },
  // No remote images (tracking, CSP), no forms, no styles that could restyle the page.
  FORBID_TAGS: ['img', 'picture', 'video', 'audio', 'iframe', 'form', 'input', 'style', 'button'],
  FORBID_ATTR: ['style', 'id', 'class'],
}

/** Markdown as safe HTML: the only place the directory sets HTML, and always sanitised. */
export function renderMarkdown(text: string): string {
  const html = marked.parse(text) as string
  return purifier.sanitize(html, SANITIZE)
}

/** The rendered description; loaded apart from the page (Markdown.tsx), with its parser. */
export function MarkdownHtml({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text])
  return (
    <Box
      sx={markdownSx}
      // Sanitised by renderMarkdown (DOMPurify) just above; never the raw text.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
