import { describe, expect, it } from 'vitest'
import {
  analyticsBatchSchema,
  type AnalyticsEvent,
  MAX_OPERATION_TRIES_PER_VISIT,
  MAX_PAGE_VIEWS_PER_VISIT,
  MAX_SEARCHES_PER_VISIT,
} from '@/contract/analytics'
import {
  createTracker,
  FLUSH_DELAY_MS,
  SEARCH_SETTLE_MS,
  sourceOf,
  viewportOf,
  type TrackerEnvironment,
} from './analytics'

const SERVER_AHEAD_MS = 3_600_000
const LOCAL_START = 1_700_000_000_000

/** A tracker on a fake browser whose clock is an hour behind the server's. */
const setup = (overrides: Partial<TrackerEnvironment> = {}) => {
  const stored = new Map<string, string>()
  const beacons: string[] = []
  const posts: string[] = []
  const timers: { fn: () => void; ms: number }[] = []
  const visitRequests: number[] = []
  let scroll = { top: 0, viewport: 800, height: 4000 }
  let clock = LOCAL_START
  let answer = () => Promise.resolve({ status: 202 })
  const env: TrackerEnvironment = {
    endpoint: '/api/analytics/events',
    startVisit: () => {
      visitRequests.push(clock)
      const issuedAt = clock + SERVER_AHEAD_MS
      return Promise.resolve({
        token: `token-${visitRequests.length}`,
        issuedAt,
        expiresAt: issuedAt + 12 * 3_600_000,
      })
    },
    beacon: (_url, body) => {
      beacons.push(body)
      return true
    },
    post: (_url, body) => {
      posts.push(body)
      return answer()
    },
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
      removeItem: (key) => void stored.delete(key),
    },
    now: () => clock,
    doNotTrack: false,
    viewportWidth: () => 1280,
    referrer: '',
    ownHost: 'api-atlas.example',
    scroll: () => scroll,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
    ...overrides,
  }
  const tracker = createTracker(env)
  const batches = () =>
    [...beacons, ...posts].map((body) => analyticsBatchSchema.parse(JSON.parse(body)))
  const sent = () => batches().flatMap((batch) => batch.events)
  return {
    tracker,
    stored,
    beacons,
    posts,
    timers,
    visitRequests,
    batches,
    sent,
    tick: (ms: number) => (clock += ms),
    answerWith: (status: number) => (answer = () => Promise.resolve({ status })),
    scrollTo: (top: number) => {
      scroll = { ...scroll, top }
      tracker.scrolled()
    },
  }
}

/** Lets the token request's answer arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('analytics tracker', () => {
  it('counts a visit from a LinkedIn post on its first page only, and keeps the visit for the tab', async () => {
    const { tracker, stored, sent, batches } = setup({
      referrer: 'https://www.linkedin.com/feed/',
    })
    tracker.pageView({
      pathname: '/blog/api-security-best-practices',
      search: '?utm_source=linkedin',
    })
    tracker.pageView({ pathname: '/apis/stripe-com', search: '' })
    await settle()
    tracker.flush()
    expect(batches().map((batch) => batch.token)).toEqual(['token-1'])
    expect(sent()).toEqual([
      expect.objectContaining({
        type: 'page_view',
        path: '/blog/api-security-best-practices',
        viewport: 'desktop',
        referrerHost: 'www.linkedin.com',
        source: 'linkedin',
      }),
      expect.objectContaining({ path: '/apis/stripe-com', referrerHost: null, source: null }),
    ])
    expect(JSON.parse(stored.get('api-atlas.visit')!)).toMatchObject({
      token: 'token-1',
      views: 2,
    })
  })

  it('asks for one visit token, keeps nothing before it comes, and sends nothing without it', async () => {
    const { tracker, stored, posts, beacons, visitRequests, timers } = setup()
    tracker.pageView({ pathname: '/apis', search: '' })
    tracker.pageView({ pathname: '/blog', search: '' })
    expect(visitRequests).toHaveLength(1)
    expect(stored.size).toBe(0)
    tracker.flush(true)
    expect([...posts, ...beacons]).toEqual([])
    await settle()
    expect(stored.has('api-atlas.visit')).toBe(true)
    // The token's arrival sends what waited for it after the usual delay.
    timers.at(-1)!.fn()
    expect(posts).toHaveLength(1)
    expect(visitRequests).toHaveLength(1)
  })

  it("times events by the server's clock, never before the token and never backwards", async () => {
    const { tracker, sent, tick } = setup()
    tracker.pageView({ pathname: '/apis', search: '' })
    tick(200)
    await settle()
    // Asked for at the first page view; it came 200 ms later.
    const issuedAt = LOCAL_START + SERVER_AHEAD_MS
    tick(1000)
    tracker.pageView({ pathname: '/blog', search: '' })
    tick(-5000) // the computer's clock is set back
    tracker.pageView({ pathname: '/tools/tester', search: '' })
    tracker.flush()
    // Queued before the token: its start. After: the server's time. A clock set back: no earlier.
    expect(sent().map((event) => event.at)).toEqual([issuedAt, issuedAt + 1000, issuedAt + 1000])
  })

  it('continues a visit kept in sessionStorage after a reload, without counting its source again', async () => {
    const first = setup()
    first.tracker.pageView({ pathname: '/apis', search: '?ref=reddit' })
    await settle()
    const second = setup({
      storage: {
        getItem: (key) => first.stored.get(key) ?? null,
        setItem: () => undefined,
        removeItem: () => undefined,
      },
      referrer: 'https://www.reddit.com/r/webdev',
    })
    second.tracker.pageView({ pathname: '/tools/tester', search: '?ref=reddit' })
    second.tracker.flush()
    expect(second.visitRequests).toEqual([])
    expect(second.batches()).toEqual([
      {
        token: 'token-1',
        events: [
          expect.objectContaining({ path: '/tools/tester', referrerHost: null, source: null }),
        ],
      },
    ])
  })

  it('does not count staff pages or the mock-ups, and counts nothing at all under Do-Not-Track', () => {
    const staff = setup()
    for (const pathname of ['/dashboard', '/bpm-login', '/ads', '/social', '/monitor']) {
      staff.tracker.pageView({ pathname, search: '' })
    }
    staff.scrollTo(4000)
    expect(staff.tracker.pending()).toEqual([])
    expect(staff.visitRequests).toEqual([])

    const dnt = setup({ doNotTrack: true })
    dnt.tracker.pageView({ pathname: '/apis', search: '' })
    dnt.scrollTo(4000)
    expect(dnt.tracker.pending()).toEqual([])
    expect(dnt.stored.size).toBe(0)
    expect(dnt.visitRequests).toEqual([])
  })

  it('reports each 25% step of scroll depth once per page view', async () => {
    const { tracker, scrollTo, sent } = setup()
    tracker.pageView({ pathname: '/blog/how-to-test-apis-effectively', search: '' })
    scrollTo(300) // 27.5%
    scrollTo(1400) // 55%
    scrollTo(0)
    scrollTo(1400)
    const depths = () =>
      tracker.pending().flatMap((event) => (event.type === 'scroll_depth' ? [event.depth] : []))
    expect(depths()).toEqual([25, 50])
    scrollTo(3200) // the bottom
    expect(depths()).toEqual([25, 50, 75, 100])
    tracker.pageView({ pathname: '/blog', search: '' })
    scrollTo(300)
    await settle()
    tracker.flush()
    expect(
      sent().filter((event) => event.type === 'scroll_depth' && event.path === '/blog'),
    ).toHaveLength(1)
  })

  it('says nothing about scrolling on a page too short to scroll', () => {
    const { tracker } = setup({ scroll: () => ({ top: 0, viewport: 800, height: 700 }) })
    tracker.pageView({ pathname: '/apis/tools', search: '' })
    tracker.scrolled()
    expect(tracker.pending().map((event) => event.type)).toEqual(['page_view'])
  })

  it('sends after a short delay with fetch, and with a beacon when the page is hidden', async () => {
    const { tracker, timers, posts, beacons } = setup()
    tracker.pageView({ pathname: '/apis', search: '' })
    await settle()
    expect(timers).toHaveLength(1)
    expect(timers[0]!.ms).toBe(FLUSH_DELAY_MS)
    timers[0]!.fn()
    expect(posts).toHaveLength(1)
    expect(tracker.pending()).toEqual([])

    tracker.pageView({ pathname: '/blog', search: '' })
    tracker.flush(true)
    expect(beacons).toHaveLength(1)
    expect(posts).toHaveLength(1)
  })

  it('falls back to fetch when the browser refuses the beacon, in batches the server takes', async () => {
    const { tracker, posts, scrollTo } = setup({ beacon: () => false })
    for (let i = 0; i < 30; i++) {
      tracker.pageView({ pathname: `/apis/api-${i}`, search: '' })
      scrollTo(0)
      scrollTo(3200)
    }
    await settle()
    tracker.flush(true)
    expect(posts.map((body) => (JSON.parse(body) as { events: unknown[] }).events.length)).toEqual([
      50, 50, 50,
    ])
  })

  it(`stops counting a visit at ${MAX_PAGE_VIEWS_PER_VISIT} page views, as the server does`, async () => {
    const { tracker, sent, scrollTo } = setup()
    for (let i = 0; i < MAX_PAGE_VIEWS_PER_VISIT + 5; i++) {
      tracker.pageView({ pathname: `/apis/api-${i}`, search: '' })
    }
    scrollTo(3200)
    await settle()
    tracker.flush()
    expect(sent().filter((event) => event.type === 'page_view')).toHaveLength(
      MAX_PAGE_VIEWS_PER_VISIT,
    )
    expect(sent().some((event) => event.type === 'scroll_depth')).toBe(false)
  })

  it('starts a new visit when the token runs out or the server refuses it, never naming the referrer again', async () => {
    const { tracker, tick, batches, visitRequests, answerWith, scrollTo } = setup({
      referrer: 'https://t.co/abc',
    })
    tracker.pageView({ pathname: '/apis/stripe-com', search: '' })
    await settle()
    tracker.flush()
    tick(12 * 3_600_000)
    scrollTo(1400)
    tracker.pageView({ pathname: '/blog', search: '' })
    tracker.flush()
    // The scroll belonged to a page the new visit never saw; the page view goes to the new visit.
    expect(visitRequests).toHaveLength(2)
    await settle()
    tracker.flush()
    answerWith(401)
    tracker.pageView({ pathname: '/tools/tester', search: '' })
    tracker.flush()
    await settle()
    // Refused: the next page starts a visit of its own.
    answerWith(202)
    tracker.pageView({ pathname: '/apis', search: '' })
    expect(visitRequests).toHaveLength(3)
    await settle()
    tracker.flush()
    expect(
      batches().map(({ token, events }) => [token, events.map((event) => event.path)]),
    ).toEqual([
      ['token-1', ['/apis/stripe-com']],
      ['token-2', ['/blog']],
      ['token-2', ['/tools/tester']],
      ['token-3', ['/apis']],
    ])
    for (const batch of batches().slice(1)) {
      expect(batch.events[0]).toMatchObject({ referrerHost: null, source: null })
    }
  })

  it('never lets a failed send or a refused visit reach the page', async () => {
    const refused = setup({
      startVisit: () => Promise.reject(new Error('429')),
      post: () => Promise.reject(new Error('offline')),
    })
    refused.tracker.pageView({ pathname: '/apis', search: '' })
    await settle()
    expect(() => refused.tracker.flush()).not.toThrow()
    expect(refused.posts).toEqual([])

    const { tracker } = setup({ post: () => Promise.reject(new Error('offline')) })
    tracker.pageView({ pathname: '/apis', search: '' })
    await settle()
    expect(() => tracker.flush()).not.toThrow()
    await settle()
  })
})

describe('searches and operations tried', () => {
  const searches = (events: readonly AnalyticsEvent[]) =>
    events.flatMap((event) => (event.type === 'search' ? [event] : []))

  it('records the search a visitor settled on, not each keystroke, normalised and once per visit', async () => {
    const { tracker, timers, sent } = setup()
    tracker.pageView({ pathname: '/apis', search: '' })
    tracker.searched('str', 40)
    tracker.searched('stri', 12)
    tracker.searched('  Stripe ', 3)
    expect(searches(tracker.pending())).toEqual([])
    const settleTimer = timers.at(-1)!
    expect(settleTimer.ms).toBe(SEARCH_SETTLE_MS)
    settleTimer.fn()
    expect(searches(tracker.pending())).toMatchObject([{ query: 'stripe', results: 3 }])
    // Another query settles the one before at once; the same query again is not sent twice.
    tracker.searched('zorblax', 0)
    tracker.searched('twilio', 5)
    tracker.searched('stripe', 3)
    await settle()
    tracker.flush()
    expect(searches(sent()).map((event) => [event.query, event.results])).toEqual([
      ['stripe', 3],
      ['zorblax', 0],
      ['twilio', 5],
    ])
    expect(sent().find((event) => event.type === 'search')).toMatchObject({ path: '/apis' })
  })

  it('settles a search when the visitor leaves its page, before the next page view', () => {
    const { tracker } = setup()
    tracker.pageView({ pathname: '/apis', search: '?search=graphql' })
    tracker.searched('graphql', 0)
    tracker.pageView({ pathname: '/apis/stripe', search: '' })
    expect(tracker.pending().map((event) => [event.type, event.path])).toEqual([
      ['page_view', '/apis'],
      ['search', '/apis'],
      ['page_view', '/apis/stripe'],
    ])
  })

  it(`stops at ${MAX_SEARCHES_PER_VISIT} searches and ${MAX_OPERATION_TRIES_PER_VISIT} tries a visit, as the server does`, async () => {
    const { tracker, sent } = setup()
    tracker.pageView({ pathname: '/apis', search: '' })
    for (let i = 0; i < MAX_SEARCHES_PER_VISIT + 3; i++) {
      tracker.searched(`query ${String.fromCharCode(97 + i)}`, i)
    }
    tracker.pageView({ pathname: '/tools/tester', search: '' })
    for (let i = 0; i < MAX_OPERATION_TRIES_PER_VISIT + 3; i++) {
      tracker.operationTried('stripe-com', 'GetCharges', i % 2 ? 200 : null)
    }
    await settle()
    tracker.flush()
    expect(searches(sent())).toHaveLength(MAX_SEARCHES_PER_VISIT)
    const tries = sent().filter((event) => event.type === 'operation_tried')
    expect(tries).toHaveLength(MAX_OPERATION_TRIES_PER_VISIT)
    expect(tries[1]).toMatchObject({
      path: '/tools/tester',
      apiId: 'stripe-com',
      operationKey: 'GetCharges',
      status: 200,
    })
  })

  it('records nothing off a tracked page or under Do-Not-Track', () => {
    const staff = setup()
    staff.tracker.pageView({ pathname: '/dashboard', search: '' })
    staff.tracker.searched('stripe', 1)
    staff.tracker.operationTried('stripe-com', 'GetCharges', 200)
    staff.tracker.flush()
    expect(staff.tracker.pending()).toEqual([])
    const private_ = setup({ doNotTrack: true })
    private_.tracker.pageView({ pathname: '/apis', search: '' })
    private_.tracker.searched('stripe', 1)
    private_.tracker.flush()
    expect(private_.tracker.pending()).toEqual([])
  })
})

describe('sourceOf and viewportOf', () => {
  it.each([
    ['?utm_source=LinkedIn', null, 'linkedin'],
    ['?utm_source=x', null, 'twitter'],
    ['?ref=reddit', null, 'reddit'],
    ['', 't.co', 'twitter'],
    ['', 'old.reddit.com', 'reddit'],
    ['', 'lnkd.in', 'linkedin'],
    ['', 'notreddit.com', null],
    ['?utm_source=newsletter', 'news.ycombinator.com', null],
  ])('%s from %s is %s', (search, host, source) => {
    expect(sourceOf(search, host)).toBe(source)
  })

  it('classes viewports at 600 and 1024 pixels', () => {
    expect([320, 599, 600, 1023, 1024].map(viewportOf)).toEqual([
      'mobile',
      'mobile',
      'tablet',
      'tablet',
      'desktop',
    ])
  })
})
