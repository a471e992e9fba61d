import { absoluteUrl, serializeJsonLd, SITE_NAME } from './jsonLd'
import { useSiteUrl } from './SiteUrl'

export type PageMetaProps = {
  /** The page's own title; the site name is appended. */
  title: string
  description: string
  /** Site path of the canonical address, e.g. `/apis/stripe-com`. */
  path: string
  keywords?: string[]
  /** Site path or absolute address of the social preview image. */
  image?: string
  type?: 'website' | 'article'
  /** Ask search engines not to index the page (staff and mock-up screens). */
  noindex?: boolean
  jsonLd?: Record<string, unknown>[]
}

/** Search-engine and social metadata for one page; React 19 lifts these tags into <head>. */
export function PageMeta({
  title,
  description,
  path,
  keywords,
  image = '/og-image.jpg',
  type = 'website',
  noindex = false,
  jsonLd = [],
}: PageMetaProps) {
  const siteUrl = useSiteUrl()
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`
  const canonical = absoluteUrl(siteUrl, path)
  const imageUrl = absoluteUrl(siteUrl, image)
  const robots = noindex ? 'noindex,nofollow' : 'index,follow'

  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {keywords && keywords.length > 0 && <meta name="keywords" content={keywords.join(', ')} />}
      <meta name="robots" content={robots} />
      <link rel="canonical" href={canonical} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={imageUrl} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {jsonLd.map((data, index) => (
        <script
          key={index}
          type="application/ld+json"
          // A data block, not code: CSP does not apply and the text is escaped by serializeJsonLd.
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
        />
      ))}
    </>
  )
}
