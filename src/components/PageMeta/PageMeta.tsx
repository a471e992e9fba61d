import { useEffect } from 'react'
import { headTags, type HeadTag, type PageHead } from '@/shared/seo/heads'
import { PRERENDERED_ATTRIBUTE } from '@/shared/seo/headMarkup'
import { useSiteUrl } from './SiteUrl'

export type PageMetaProps = PageHead

/** Marks the tags a page put in <head>, so the next page's replace them. */
const PAGE_META_ATTRIBUTE = 'data-page-meta'

/** A tag of its own in <head>: all but the title, which is the document's one. */
type ElementTag = Exclude<HeadTag, { tag: 'title' }>
const isElementTag = (tag: HeadTag): tag is ElementTag => tag.tag !== 'title'

const element = (tag: ElementTag) => {
  const node = document.createElement(tag.tag)
  if (tag.tag === 'script') {
    node.setAttribute('type', 'application/ld+json')
    // A data block, not code: CSP does not apply; serializeJsonLd escaped the text.
    node.textContent = tag.json
  } else for (const [name, value] of Object.entries(tag.attrs)) node.setAttribute(name, value)
  node.setAttribute(PAGE_META_ATTRIBUTE, '')
  return node
}

/**
 * The server's tags, when they are those `made` (in order, but for the server's mark): a page's
 * first drawing keeps them: taking tags out of the head and putting their like back is work the
 * browser does as the app starts, for nothing. Otherwise it takes them out and gives null.
 */
const servedAs = (made: HTMLElement[]) => {
  const served = [
    ...document.head.querySelectorAll<HTMLElement>(`[${PRERENDERED_ATTRIBUTE}]`),
  ].filter((node) => node.tagName !== 'TITLE')
  const same =
    served.length === made.length &&
    served.every((node, index) => {
      const unmarked = node.cloneNode(true) as HTMLElement
      unmarked.removeAttribute(PRERENDERED_ATTRIBUTE)
      unmarked.setAttribute(PAGE_META_ATTRIBUTE, '')
      return unmarked.isEqualNode(made[index]!)
    })
  if (same) return served
  for (const node of served) node.remove()
  return null
}

/**
 * Search-engine and social metadata for one page, in <head>. The tags come from headTags, which the
 * server also uses to write the first page's head into its HTML; that head and this one are alike,
 * so the server's tags stay until a page writes other ones, and the title and canonical follow
 * every later navigation. Written from an effect rather than rendered: the server's render of the
 * page (ssr/renderPage.tsx) leaves the head to the server, and the browser's hydration must match
 * it.
 */
export function PageMeta(props: PageMetaProps) {
  const siteUrl = useSiteUrl()
  const tags = JSON.stringify(headTags(props, siteUrl))
  useEffect(() => {
    const wanted = JSON.parse(tags) as HeadTag[]
    // The document's one title (the server's or index.html's), written only when it changes.
    for (const tag of wanted) {
      if (tag.tag === 'title' && document.title !== tag.text) document.title = tag.text
    }
    const made = wanted.filter(isElementTag).map(element)
    const served = servedAs(made)
    if (!served) document.head.append(...made)
    const nodes = served ?? made
    return () => {
      for (const node of nodes) node.remove()
    }
  }, [tags])
  return null
}
