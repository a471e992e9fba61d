// The service worker keeps visited pages in one cache (src/app/sw/sw.ts); a page offline that was
// never visited lists them, so the visitor knows what they can still read.

/** The cache the service worker keeps visited pages in. */
export const KEPT_PAGES_CACHE = 'atlas-pages'

export type KeptPage = { path: string; title: string }

const SITE_SUFFIX = / \| API Atlas$/

/** A kept page's title: its HTML's <title>, without the site's name; its path when it has none. */
export const titleOf = (html: string, path: string) => {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(html)
  const text = match?.[1]
    ?.replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim()
  return text ? text.replace(SITE_SUFFIX, '') : path
}

/**
 * The pages kept for offline reading, most recently kept last as the cache lists them, at most
 * `limit`; none where the browser has no caches (a first visit, a private window, no worker).
 */
export async function keptPages(limit = 12): Promise<KeptPage[]> {
  if (typeof caches === 'undefined') return []
  try {
    const cache = await caches.open(KEPT_PAGES_CACHE)
    const requests = (await cache.keys()).slice(-limit).reverse()
    return await Promise.all(
      requests.map(async (request) => {
        const url = new URL(request.url)
        const path = `${url.pathname}${url.search}`
        const response = await cache.match(request)
        return { path, title: titleOf((await response?.text()) ?? '', path) }
      }),
    )
  } catch {
    // A browser that refuses its caches here (storage blocked) has nothing to offer.
    return []
  }
}
