// Which requests the service worker (sw.ts) may keep for offline reading. Pure, so it is tested
// in Node and shared by the worker and its tests.
import { pagesFor, pathTo } from '@/shared/routes'

const ANALYTICS_PREFIX = '/api/analytics'

/** Staff, sign-in, table, proxy and tracking traffic: never stored, always from the network. */
export const NEVER_CACHED_PREFIXES = [
  ...pagesFor('staff'),
  '/auth/v1',
  '/rest/v1',
  '/api/apis/test',
  ANALYTICS_PREFIX,
  '/api/content-marketing',
] as const

/** Pages a visitor reads, kept after each visit so they open again offline. */
export const OFFLINE_PAGE_PREFIXES = [pathTo('apis'), pathTo('blog'), pathTo('tester')] as const

/** The page shown for an address never visited while offline: the directory, when kept. */
export const OFFLINE_FALLBACK_PAGE = pathTo('apis')

const under = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`)

/** The analytics collector's batches: sent on by the worker itself (sw.ts says why). */
export const isAnalyticsRequest = (pathname: string) => under(pathname, ANALYTICS_PREFIX)

export const isNeverCached = (pathname: string) =>
  NEVER_CACHED_PREFIXES.some((prefix) => under(pathname, prefix))

/** A public page whose HTML (with its own CSP and headers) may be kept whole. */
export const isOfflinePage = (pathname: string) =>
  !isNeverCached(pathname) && OFFLINE_PAGE_PREFIXES.some((prefix) => under(pathname, prefix))

/** Catalogue reads: the directory, an API, a category, the categories and the run-time config. */
export const isCatalogueRead = (pathname: string) =>
  !isNeverCached(pathname) &&
  (under(pathname, '/api/apis') || pathname === '/api/categories' || pathname === '/api/config')

/** Content-hashed build files: the same name never changes, so the first copy is good forever. */
export const isHashedAsset = (pathname: string) => pathname.startsWith('/assets/')

/** Blog covers, their small copies and the fallback image (public/blog/images). */
export const BLOG_IMAGE_PREFIX = '/blog/images/'

/** An image the blog shows: kept after the first view, so articles keep their covers offline. */
export const isBlogImage = (pathname: string) =>
  pathname.startsWith(BLOG_IMAGE_PREFIX) && /\.(webp|jpe?g|png|avif)$/i.test(pathname)

/**
 * At most this many blog images are kept, the least recently used dropped first: room for the
 * covers of a few dozen articles (a reader's screen fetches one of the two sizes of each).
 */
export const BLOG_IMAGE_MAX_ENTRIES = 60
