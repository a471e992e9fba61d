// An API's description as the page shows it: the source document's Markdown, rendered and then
// sanitised here on the server, so the page arrives formatted and the browser loads no parser or
// sanitiser (docs/performance.md). Descriptions come from third-party documents: nothing in them
// is trusted.
import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

// Headings move down two levels so they sit under the page's own h1 and h2.
const marked = new Marked({
  gfm: true,
  async: false,
  walkTokens: (token) => {
    if (token.type === 'heading') token.depth = Math.min(6, token.depth + 2)
  },
})

/**
 * Text, lists, tables, code, quotes, disclosures and links. No images or media (tracking, the page's CSP), no
 * forms or buttons, and no style, class or id that could restyle or target the page.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code', 'kbd', 'samp', 'var'],
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    ...['a', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup'],
    ...['abbr', 'cite', 'q', 'dfn', 'time'],
    ...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
    ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
    // A disclosure the reader opens; no attribute of theirs is kept (ontoggle, open).
    ...['details', 'summary'],
  ],
  allowedAttributes: {
    // target and rel are the transform's below, whatever the source said.
    a: ['href', 'title', 'target', 'rel'],
    abbr: ['title'],
    ol: ['start'],
    th: ['align', 'colspan', 'rowspan', 'scope'],
    td: ['align', 'colspan', 'rowspan'],
    time: ['datetime'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // What is dropped goes with its text where the text is code or page furniture.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title'],
  transformTags: {
    // Links leave the site in a new tab without handing it our window or our address.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
}

/** Markdown as safe HTML: what an API page puts in its description, and nothing else. */
export function renderDescription(markdown: string): string {
  if (markdown.trim() === '') return ''
  const html = sanitizeHtml(marked.parse(markdown) as string, POLICY).trim()
  // Markup with no words in it (`<p/>`, say) is no description.
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() === '' ? '' : html
}
