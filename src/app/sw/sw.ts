// The service worker served at /sw.js (docs/offline.md), built by scripts/vitePlugins.ts after
// the site: the app shell is precached; pages, catalogue answers, further build files and the
// blog's images are kept as they are visited, so a returning visitor reads the directory and the
// blog offline.
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { registerRoute, setCatchHandler } from 'workbox-routing'
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies'
import { FALLBACK_COVER } from '@/features/blog/lib/covers'
import { KEPT_PAGES_CACHE } from '@/shared/offlinePages'
import {
  BLOG_IMAGE_MAX_ENTRIES,
  isAnalyticsRequest,
  isBlogImage,
  isCatalogueRead,
  isHashedAsset,
  isOfflinePage,
  OFFLINE_FALLBACK_PAGE,
} from './cachePolicy'

// The DOM library's types are in scope for the rest of src/; the worker needs only these.
declare const self: {
  __WB_MANIFEST: (PrecacheEntry | string)[]
  location: Location
  skipWaiting: () => Promise<void>
  addEventListener: (
    type: 'install' | 'activate',
    listener: (event: { waitUntil: (done: Promise<unknown>) => void }) => void,
  ) => void
}

const DAY_S = 24 * 60 * 60
const CACHE_NAMES = {
  pages: KEPT_PAGES_CACHE,
  catalogue: 'atlas-catalogue',
  assets: 'atlas-assets',
  blogImages: 'atlas-blog-images',
  fallbackCover: 'atlas-blog-fallback-cover',
} as const

const sameOrigin = (url: URL) => url.origin === self.location.origin

// The shell: the entry, every public route's chunks, styles, the fonts and the icon.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
void self.skipWaiting()
clientsClaim()
// Kept pages name the build's files; a new build's worker forgets them so none can point at files
// it no longer keeps. Each page is kept again on its next visit.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(CACHE_NAMES.pages))
})

// Pages are kept whole, headers included: the HTML's inline code stays paired with the policy
// whose hashes allow it. The network comes first so a visitor online always gets the current page.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && sameOrigin(url) && isOfflinePage(url.pathname),
  new NetworkFirst({
    cacheName: CACHE_NAMES.pages,
    networkTimeoutSeconds: 5,
    matchOptions: { ignoreVary: true },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * DAY_S, purgeOnQuotaError: true }),
    ],
  }),
)

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && sameOrigin(url) && isCatalogueRead(url.pathname),
  new NetworkFirst({
    cacheName: CACHE_NAMES.catalogue,
    networkTimeoutSeconds: 5,
    matchOptions: { ignoreVary: true },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * DAY_S, purgeOnQuotaError: true }),
    ],
  }),
)

// Build files not in the shell (blog articles, other routes): hashed, so a kept copy never goes stale.
registerRoute(
  ({ request, url }) => request.method === 'GET' && sameOrigin(url) && isHashedAsset(url.pathname),
  new CacheFirst({
    cacheName: CACHE_NAMES.assets,
    matchOptions: { ignoreVary: true },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true }),
    ],
  }),
)

// The image shown for a cover that cannot load: fetched when a worker installs (each build's own
// copy), so an article whose cover was never seen still has its stand-in offline. A cache of its
// own, so the covers' expiry never drops it; a failed fetch leaves it to the route below.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE_NAMES.fallbackCover)
      .then((cache) => cache.add(new Request(FALLBACK_COVER, { cache: 'reload' })))
      .catch(() => undefined),
  )
})
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && sameOrigin(url) && url.pathname === FALLBACK_COVER,
  new CacheFirst({
    cacheName: CACHE_NAMES.fallbackCover,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
)

// Covers and their small copies: they change only with a new article, so the first copy serves
// until it expires or newer images push it out.
registerRoute(
  ({ request, url }) => request.method === 'GET' && sameOrigin(url) && isBlogImage(url.pathname),
  new CacheFirst({
    cacheName: CACHE_NAMES.blogImages,
    matchOptions: { ignoreVary: true },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: BLOG_IMAGE_MAX_ENTRIES,
        maxAgeSeconds: 30 * DAY_S,
        purgeOnQuotaError: true,
      }),
    ],
  }),
)

// A page's analytics batches, the beacon it sends as it is left among them. Left to the browser's
// own fall-back to the network, Chromium lost that beacon in 10 of 18 tries once its page was gone,
// and both page views the visit had queued with it; sent by the worker, 14 of 14 arrived.
registerRoute(
  ({ url }) => sameOrigin(url) && isAnalyticsRequest(url.pathname),
  new NetworkOnly(),
  'POST',
)

// Offline on a page never visited: the kept directory (the app then routes to the address), else
// any kept page; otherwise the browser's own offline error.
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error()
  const pages = await caches.open(CACHE_NAMES.pages)
  const fallback =
    (await pages.match(OFFLINE_FALLBACK_PAGE, { ignoreVary: true, ignoreSearch: true })) ??
    (await pages.keys().then((keys) => (keys[0] ? pages.match(keys[0]) : undefined)))
  return fallback ?? Response.error()
})
