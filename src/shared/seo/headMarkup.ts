import type { HeadTag } from './heads'
import { escapeMarkup } from './escape'

/**
 * Server-written tags carry this; PageMeta keeps them when they are the page's own, else removes
 * them.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered'

/** One tag of a page's head as the server writes it, marked as the server's. */
export const renderTag = (tag: HeadTag) => {
  const mark = `${PRERENDERED_ATTRIBUTE}=""`
  if (tag.tag === 'title') return `<title ${mark}>${escapeMarkup(tag.text)}</title>`
  if (tag.tag === 'script') return `<script type="application/ld+json" ${mark}>${tag.json}</script>`
  const attrs = Object.entries(tag.attrs)
    .map(([name, value]) => `${name}="${escapeMarkup(value)}"`)
    .join(' ')
  return `<${tag.tag} ${attrs} ${mark} />`
}
