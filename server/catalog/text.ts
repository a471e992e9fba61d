// Text helpers of the catalogue build: ids, plain text and cut summaries.

export const slugOf = (specId: string) =>
  specId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

/** Markdown or HTML to one line of plain text. */
export const plainText = (markdown: string) =>
  markdown
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, ' ')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*[-*+>|]\s?/gm, '')
    .replace(/[*_`~]{1,3}([^*_`~]+)[*_`~]{1,3}/g, '$1')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()

/** Cuts at a sentence, else a word, boundary and marks the cut with an ellipsis. */
export const clipText = (text: string, max: number) => {
  if (text.length <= max) return text
  const head = text.slice(0, max - 1)
  const sentence = head.lastIndexOf('. ')
  if (sentence > max * 0.5) return head.slice(0, sentence + 1)
  const space = head.lastIndexOf(' ')
  return `${(space > max * 0.5 ? head.slice(0, space) : head).replace(/[\s,;:.-]+$/, '')}…`
}
