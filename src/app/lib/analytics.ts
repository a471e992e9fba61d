import type { AnalyticsEvent } from '@/contract/analytics'
import {
  isTrackedPath,
  MAX_EVENTS_PER_BATCH,
  SCROLL_DEPTHS,
  type ScrollDepth,
  type Source,
  type Viewport,
} from '@/contract/analyticsRules'

/**
 * First-party analytics (spec.md §10.9): a page view per route and scroll depth in 25% steps,
 * sent in batches to our own server. No cookies; the visit id lives in sessionStorage for this
 * tab only; Do-Not-Track and Global Privacy Control turn it off.
 */

export type TrackerEnvironment = {
  endpoint: string
  /** navigator.sendBeacon: true when the browser queued the batch. */
  beacon: (url: string, body: string) => boolean
  post: (url: string, body: string) => Promise<unknown>
  storage: Pick<Storage, 'getItem' | 'setItem'> | null
  randomId: () => string
  doNotTrack: boolean
  viewportWidth: () => number
  /** document.referrer at start: only the first page of a visit has an outside referrer. */
  referrer: string
  ownHost: string
  scroll: () => { top: number; viewport: number; height: number }
  setTimer: (fn: () => void, ms: number) => unknown
  clearTimer: (timer: unknown) => void
}

export type Tracker = {
  pageView: (location: { pathname: string; search: string }) => void
  scrolled: () => void
  /** Sends what is queued: with a beacon when the page is being hidden, else with fetch. */
  flush: (hidden?: boolean) => void
  /** What is waiting to be sent (tests). */
  pending: () => readonly AnalyticsEvent[]
}

const VISIT_KEY = 'api-atlas.visit'
export const FLUSH_DELAY_MS = 5000
const MAX_QUEUE = 200

const REFERRER_SOURCES: [RegExp, Source][] = [
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, 'linkedin'],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, 'twitter'],
  [/(^|\.)(reddit\.com|redd\.it)$/, 'reddit'],
]

const PARAM_SOURCES: Record<string, Source> = {
  linkedin: 'linkedin',
  twitter: 'twitter',
  x: 'twitter',
  reddit: 'reddit',
}

export const viewportOf = (width: number): Viewport =>
  width < 600 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop'

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase() || null
  } catch {
    return null
  }
}

/** The network a visit came from: a post's link (utm_source or ref) or the referring site. */
export const sourceOf = (search: string, referrerHost: string | null): Source | null => {
  const params = new URLSearchParams(search)
  const named = (params.get('utm_source') ?? params.get('ref') ?? '').toLowerCase()
  if (named in PARAM_SOURCES) return PARAM_SOURCES[named]!
  if (!referrerHost) return null
  return REFERRER_SOURCES.find(([pattern]) => pattern.test(referrerHost))?.[1] ?? null
}

type Visit = { id: string; source: Source | null; fresh: boolean }

const readVisit = (env: TrackerEnvironment): Visit | null => {
  try {
    const saved = JSON.parse(env.storage?.getItem(VISIT_KEY) ?? 'null') as Visit | null
    return saved && typeof saved.id === 'string' ? { ...saved, fresh: false } : null
  } catch {
    return null
  }
}

export function createTracker(env: TrackerEnvironment): Tracker {
  let queue: AnalyticsEvent[] = []
  let timer: unknown = null
  let visit: Visit | null = env.doNotTrack ? null : readVisit(env)
  let page: { path: string; reached: Set<ScrollDepth> } | null = null

  const send = (hidden: boolean) => {
    if (timer !== null) env.clearTimer(timer)
    timer = null
    while (queue.length > 0) {
      const body = JSON.stringify({ events: queue.slice(0, MAX_EVENTS_PER_BATCH) })
      queue = queue.slice(MAX_EVENTS_PER_BATCH)
      if (hidden && env.beacon(env.endpoint, body)) continue
      // Analytics never bother the visitor: a lost batch is only a lost count.
      env.post(env.endpoint, body).catch(() => undefined)
    }
  }

  const enqueue = (event: AnalyticsEvent) => {
    queue.push(event)
    if (queue.length > MAX_QUEUE) queue = queue.slice(-MAX_QUEUE)
    timer ??= env.setTimer(() => send(false), FLUSH_DELAY_MS)
  }

  return {
    pageView: ({ pathname, search }) => {
      page = null
      if (env.doNotTrack || !isTrackedPath(pathname)) return
      const path = pathname.slice(0, 512)
      const outside = env.referrer ? hostOf(env.referrer) : null
      const referrerHost = outside && outside !== env.ownHost.toLowerCase() ? outside : null
      if (!visit) {
        visit = { id: env.randomId(), source: sourceOf(search, referrerHost), fresh: true }
        try {
          env.storage?.setItem(VISIT_KEY, JSON.stringify({ id: visit.id, source: visit.source }))
        } catch {
          // private mode or full storage: the visit lasts as long as this page
        }
      }
      page = { path, reached: new Set() }
      enqueue({
        type: 'page_view',
        path,
        visitId: visit.id,
        viewport: viewportOf(env.viewportWidth()),
        // Only the first page of a visit came from outside; later ones are our own links.
        referrerHost: visit.fresh ? referrerHost : null,
        source: visit.fresh ? visit.source : null,
      })
      visit.fresh = false
    },
    scrolled: () => {
      if (!page || !visit) return
      const { top, viewport, height } = env.scroll()
      if (height <= viewport) return
      const percent = Math.min(100, ((top + viewport) / height) * 100)
      for (const depth of SCROLL_DEPTHS) {
        if (percent + 0.5 < depth || page.reached.has(depth)) continue
        page.reached.add(depth)
        enqueue({
          type: 'scroll_depth',
          path: page.path,
          visitId: visit.id,
          viewport: viewportOf(env.viewportWidth()),
          depth,
        })
      }
    },
    flush: (hidden = false) => send(hidden),
    pending: () => queue,
  }
}

const randomId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

type RouterLike = {
  state: { location: { pathname: string; search: string } }
  subscribe: (fn: (state: { location: { pathname: string; search: string } }) => void) => unknown
}

/** Wires a tracker to the browser and the router: one page view per path, scroll, page hide. */
export function startAnalytics(router: RouterLike, endpoint = '/api/analytics/events') {
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean }
  const tracker = createTracker({
    endpoint,
    beacon: (url, body) => navigator.sendBeacon?.(url, body) ?? false,
    post: (url, body) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: true,
      }),
    storage: (() => {
      try {
        return window.sessionStorage
      } catch {
        return null
      }
    })(),
    randomId,
    doNotTrack: navigator.doNotTrack === '1' || privacy.globalPrivacyControl === true,
    viewportWidth: () => window.innerWidth,
    referrer: document.referrer,
    ownHost: window.location.hostname,
    scroll: () => ({
      top: window.scrollY,
      viewport: window.innerHeight,
      height: document.documentElement.scrollHeight,
    }),
    setTimer: (fn, ms) => window.setTimeout(fn, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
  })

  let lastPath = router.state.location.pathname
  tracker.pageView(router.state.location)
  router.subscribe(({ location }) => {
    // Filters and pages of a list change the query only: still the same page.
    if (location.pathname === lastPath) return
    lastPath = location.pathname
    tracker.pageView(location)
  })

  let ticking = false
  window.addEventListener(
    'scroll',
    () => {
      if (ticking) return
      ticking = true
      requestAnimationFrame(() => {
        ticking = false
        tracker.scrolled()
      })
    },
    { passive: true },
  )
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') tracker.flush(true)
  })
  window.addEventListener('pagehide', () => tracker.flush(true))
  return tracker
}
