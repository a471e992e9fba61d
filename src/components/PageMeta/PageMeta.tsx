import { useEffect } from 'react'
import { headTags, type HeadTag, type PageHead } from '@/shared/seo/heads'
import { useSiteUrl } from './SiteUrl'

export type PageMetaProps = PageHead

/** Marks the tags a page put in <head>, so the next page's replace them. */
const PAGE_META_ATTRIBUTE = 'data-page-meta'

const element = (tag: Exclude<HeadTag, { tag: 'title' }>) => {
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
 * Search-engine and social metadata for one page, in <head>. The tags come from headTags, which the
 * server also uses to write the first page's head into its HTML; that head and this one are alike,
 * so the server's tags go once a page writes its own, and the title and canonical follow every
 * later navigation. Written from an effect rather than rendered: the server's render of the page
 * (ssr/renderPage.tsx) leaves the head to the server, and the browser's hydration must match it.
 */
export function PageMeta(props: PageMetaProps) {
  const siteUrl = useSiteUrl()
  const tags = JSON.stringify(headTags(props, siteUrl))
  useEffect(() => {
    for (const tag of document.head.querySelectorAll('[data-prerendered]')) tag.remove()
    const nodes: HTMLElement[] = []
    for (const tag of JSON.parse(tags) as HeadTag[]) {
      // The document's one title (index.html's, when the server wrote none).
      if (tag.tag === 'title') document.title = tag.text
      else nodes.push(element(tag))
    }
    document.head.append(...nodes)
    return () => {
      for (const node of nodes) node.remove()
    }
  }, [tags])
  return null
}
