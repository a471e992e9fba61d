import type { AnalyticsEvent, AnalyticsVisit } from '@/contract/analytics'
import {
  MAX_EVENTS_PER_BATCH,
  MAX_OPERATION_TRIES_PER_VISIT,
  MAX_PAGE_VIEWS_PER_VISIT,
  MAX_SEARCHES_PER_VISIT,
  normalizeSearchQuery,
  SCROLL_DEPTHS,
  VISITS_ENDPOINT,
  type ScrollDepth,
  type Source,
  type Viewport,
} from '@/contract/analyticsRules'
import { listenToAnalytics, type AnalyticsSignal } from '@/lib/analyticsSignals'
import { isTrackedPath } from '@/shared/routes'

/**
 * First-party analytics (docs/analytics.md): a page view per route and scroll depth in 25% steps,
 * sent in batches to our own server. No cookies; the visit's token, which the server signs,
 * lives in sessionStorage for this tab only; Do-Not-Track and Global Privacy Control turn it off.
 */

export type VisitGrant = AnalyticsVisit['data']

export type TrackerEnvironment = {
  endpoint: string
  /** Asks the server for a new visit's token; rejects when it gives none. */
  startVisit: () => Promise<VisitGrant>
  /** navigator.sendBeacon: true when the browser queued the batch. */
  beacon: (url: string, body: string) => boolean
  post: (url: string, body: string) => Promise<{ status: number }>
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
  now: () => number
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
  /**
   * A search on this page with the entries it found. Kept until the visitor has stopped typing
   * for SEARCH_SETTLE_MS (or leaves the page), so "str", "stri" and "stripe" are one search.
   */
  searched: (query: string, results: number) => void
  /** An operation of the catalogue sent from the tester, and its status (null: no answer). */
  operationTried: (apiId: string, operationKey: string, status: number | null) => void
  /** Sends what is queued: with a beacon when the page is being hidden, else with fetch. */
  flush: (hidden?: boolean) => void
  /** What is waiting to be sent, timed by this page's clock (tests). */
  pending: () => readonly AnalyticsEvent[]
}

const VISIT_KEY = 'api-atlas.visit'
export const FLUSH_DELAY_MS = 5000
export const SEARCH_SETTLE_MS = 1500
const MAX_QUEUE = 200
/** A token this close to its end is renewed rather than used. */
const EXPIRY_MARGIN_MS = 60_000

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

type Visit = {
  /** Null until the server's answer comes. */
  token: string | null
  issuedAt: number
  expiresAt: number
  /** The server's clock minus this page's when the token came: events are timed by the server's. */
  offset: number
  /** The latest time sent: times never go back, whatever this page's clock does. */
  lastAt: number
  /** Page views counted; the server takes MAX_PAGE_VIEWS_PER_VISIT at most. */
  views: number
  /** Queries sent, each once; the server takes MAX_SEARCHES_PER_VISIT at most. */
  searches: string[]
  /** Operations tried; the server takes MAX_OPERATION_TRIES_PER_VISIT at most. */
  tries: number
}

const newVisit = (queued: AnalyticsEvent[] = []): Visit => ({
  token: null,
  issuedAt: 0,
  expiresAt: 0,
  offset: 0,
  lastAt: 0,
  views: queued.filter((event) => event.type === 'page_view').length,
  searches: queued.flatMap((event) => (event.type === 'search' ? [event.query] : [])),
  tries: queued.filter((event) => event.type === 'operation_tried').length,
})

const readVisit = (env: TrackerEnvironment): Visit | null => {
  try {
    const saved = JSON.parse(env.storage?.getItem(VISIT_KEY) ?? 'null') as Visit | null
    if (!saved || typeof saved.token !== 'string') return null
    const numbers = [saved.issuedAt, saved.expiresAt, saved.offset, saved.lastAt, saved.views]
    if (!numbers.every(Number.isSafeInteger)) return null
    // Saved by an older page, which sent no searches or tries.
    const searches = Array.isArray(saved.searches)
      ? saved.searches.filter((query): query is string => typeof query === 'string')
      : []
    return { ...saved, searches, tries: Number.isSafeInteger(saved.tries) ? saved.tries : 0 }
  } catch {
    return null
  }
}

/** Scroll steps at the head of a queue belong to a page view a new visit never saw. */
const fromFirstView = (queue: AnalyticsEvent[]) => {
  const first = queue.findIndex((event) => event.type === 'page_view')
  return first === -1 ? [] : queue.slice(first)
}

export function createTracker(env: TrackerEnvironment): Tracker {
  let queue: AnalyticsEvent[] = []
  let timer: unknown = null
  let visit: Visit | null = env.doNotTrack ? null : readVisit(env)
  // A visit kept from before this page load came in by our own links: no outside referrer.
  let referred = visit !== null
  let asking = false
  let page: { path: string; reached: Set<ScrollDepth> } | null = null
  let search: { path: string; query: string; results: number; at: number } | null = null
  let settle: unknown = null

  const save = () => {
    try {
      // Kept only once the server has signed it: a reload continues the visit from there.
      if (visit?.token) env.storage?.setItem(VISIT_KEY, JSON.stringify(visit))
      else env.storage?.removeItem(VISIT_KEY)
    } catch {
      // private mode or full storage: the visit lasts as long as this page
    }
  }

  const schedule = () => {
    timer ??= env.setTimer(() => send(false), FLUSH_DELAY_MS)
  }

  const askForToken = () => {
    if (asking || !visit || visit.token) return
    asking = true
    const waiting = visit
    env
      .startVisit()
      .then((grant) => {
        if (visit !== waiting) return
        waiting.token = grant.token
        waiting.issuedAt = waiting.lastAt = grant.issuedAt
        waiting.expiresAt = grant.expiresAt
        waiting.offset = grant.issuedAt - env.now()
        save()
        if (queue.length > 0) schedule()
      })
      // Analytics never bother the visitor: without a token nothing is sent, and the next page asks again.
      .catch(() => undefined)
      .finally(() => {
        asking = false
      })
  }

  /** The token expired or was refused: what is queued goes to a new visit, from a page view on. */
  const renew = () => {
    queue = fromFirstView(queue)
    if (queue.length === 0) page = null
    visit = queue.length === 0 ? null : newVisit(queue)
    save()
    askForToken()
  }

  /** The search the visitor settled on goes in the queue, once per query and visit. */
  const settleSearch = () => {
    if (settle !== null) env.clearTimer(settle)
    settle = null
    const settled = search
    search = null
    if (!settled || !visit || visit.searches.includes(settled.query)) return
    if (visit.searches.length >= MAX_SEARCHES_PER_VISIT) return
    visit.searches.push(settled.query)
    enqueue({
      type: 'search',
      path: settled.path,
      at: settled.at,
      viewport: viewportOf(env.viewportWidth()),
      query: settled.query,
      results: settled.results,
    })
    save()
  }

  const send = (hidden: boolean) => {
    settleSearch()
    if (timer !== null) env.clearTimer(timer)
    timer = null
    if (!visit || queue.length === 0) return
    if (visit.token && env.now() + visit.offset >= visit.expiresAt - EXPIRY_MARGIN_MS) renew()
    if (!visit?.token) return askForToken()
    const current = visit
    const token = current.token!
    const events = queue.map((event) => {
      current.lastAt = Math.max(event.at + current.offset, current.issuedAt, current.lastAt)
      return { ...event, at: current.lastAt }
    })
    queue = []
    save()
    for (let i = 0; i < events.length; i += MAX_EVENTS_PER_BATCH) {
      const body = JSON.stringify({ token, events: events.slice(i, i + MAX_EVENTS_PER_BATCH) })
      if (hidden && env.beacon(env.endpoint, body)) continue
      // Analytics never bother the visitor: a lost batch is only a lost count.
      env.post(env.endpoint, body).then(
        ({ status }) => {
          if (status === 401 && visit === current) renew()
        },
        () => undefined,
      )
    }
  }

  const enqueue = (event: AnalyticsEvent) => {
    queue.push(event)
    if (queue.length > MAX_QUEUE) queue = fromFirstView(queue.slice(-MAX_QUEUE))
    schedule()
  }

  return {
    pageView: ({ pathname, search: query }) => {
      // A search on the page being left is what the visitor settled on there.
      settleSearch()
      page = null
      if (env.doNotTrack || !isTrackedPath(pathname)) return
      visit ??= newVisit()
      askForToken()
      // The server counts no more for this visit.
      if (visit.views >= MAX_PAGE_VIEWS_PER_VISIT) return
      const path = pathname.slice(0, 512)
      const outside = env.referrer ? hostOf(env.referrer) : null
      // Only the first page of a visit came from outside; later ones are our own links.
      const referrerHost =
        !referred && outside && outside !== env.ownHost.toLowerCase() ? outside : null
      page = { path, reached: new Set() }
      visit.views += 1
      enqueue({
        type: 'page_view',
        path,
        at: env.now(),
        viewport: viewportOf(env.viewportWidth()),
        referrerHost,
        source: referred ? null : sourceOf(query, referrerHost),
      })
      referred = true
      save()
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
          at: env.now(),
          viewport: viewportOf(env.viewportWidth()),
          depth,
        })
      }
    },
    searched: (text, results) => {
      if (!page || !visit) return
      const query = normalizeSearchQuery(text)
      // A cleared box leaves the last search to settle.
      if (query === '') return
      // Another search rather than the same one typed further: the last one was settled on.
      if (search && !query.startsWith(search.query) && !search.query.startsWith(query)) {
        settleSearch()
      }
      search = { path: page.path, query, results, at: env.now() }
      if (settle !== null) env.clearTimer(settle)
      settle = env.setTimer(settleSearch, SEARCH_SETTLE_MS)
    },
    operationTried: (apiId, operationKey, status) => {
      if (!page || !visit || visit.tries >= MAX_OPERATION_TRIES_PER_VISIT) return
      visit.tries += 1
      enqueue({
        type: 'operation_tried',
        path: page.path,
        at: env.now(),
        viewport: viewportOf(env.viewportWidth()),
        apiId,
        operationKey,
        status,
      })
      save()
    },
    flush: (hidden = false) => send(hidden),
    pending: () => queue,
  }
}

/** POST /api/analytics/visits: the new visit's token, or a rejection. */
const requestVisit = async (url: string): Promise<VisitGrant> => {
  const response = await fetch(url, { method: 'POST' })
  const answer = response.ok ? ((await response.json()) as Partial<AnalyticsVisit>) : null
  if (typeof answer?.data?.token !== 'string')
    throw new Error(`No analytics visit: ${response.status}`)
  return answer.data
}

type RouterLike = {
  state: { location: { pathname: string; search: string } }
  subscribe: (fn: (state: { location: { pathname: string; search: string } }) => void) => unknown
}

/** Wires a tracker to the browser and the router: one page view per path, scroll, page hide. */
export function startAnalytics(
  router: RouterLike,
  endpoint = '/api/analytics/events',
  visitsEndpoint = VISITS_ENDPOINT,
) {
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean }
  const tracker = createTracker({
    endpoint,
    startVisit: () => requestVisit(visitsEndpoint),
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
    now: Date.now,
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
  // After the page view: a search or a try must follow a view of its page.
  listenToAnalytics((signal: AnalyticsSignal) => {
    if (signal.type === 'search') tracker.searched(signal.query, signal.results)
    else tracker.operationTried(signal.apiId, signal.operationKey, signal.status)
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
