import { useEffect } from 'react'
import { headTags, type PageHead } from '@/contract/seo/heads'
import { useSiteUrl } from './SiteUrl'

export type PageMetaProps = PageHead

/**
 * Search-engine and social metadata for one page; React 19 lifts these tags into <head>. The tags
 * come from headTags, which the server also uses to write the same head into its HTML.
 */
export function PageMeta(props: PageMetaProps) {
  const siteUrl = useSiteUrl()
  // The server wrote the first page's head for crawlers (server/spa.ts); once a page writes its
  // own, those tags go, so the title and canonical follow every later navigation.
  useEffect(() => {
    for (const tag of document.head.querySelectorAll('[data-prerendered]')) tag.remove()
  }, [])
  return (
    <>
      {headTags(props, siteUrl).map((tag, index) => {
        if (tag.tag === 'title') return <title key={index}>{tag.text}</title>
        if (tag.tag === 'script') {
          return (
            <script
              key={index}
              type="application/ld+json"
              // A data block, not code: CSP does not apply; serializeJsonLd escaped the text.
              dangerouslySetInnerHTML={{ __html: tag.json }}
            />
          )
        }
        return tag.tag === 'meta' ? (
          <meta key={index} {...tag.attrs} />
        ) : (
          <link key={index} {...tag.attrs} />
        )
      })}
    </>
  )
}
