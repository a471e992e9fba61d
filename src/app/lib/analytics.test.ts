import { describe, expect, it } from 'vitest'
import { analyticsBatchSchema } from '@/contract/analytics'
import {
  createTracker,
  FLUSH_DELAY_MS,
  sourceOf,
  viewportOf,
  type TrackerEnvironment,
} from './analytics'

const setup = (overrides: Partial<TrackerEnvironment> = {}) => {
  const stored = new Map<string, string>()
  const beacons: string[] = []
  const posts: string[] = []
  const timers: { fn: () => void; ms: number }[] = []
  let scroll = { top: 0, viewport: 800, height: 4000 }
  let ids = 0
  const env: TrackerEnvironment = {
    endpoint: '/api/analytics/events',
    beacon: (_url, body) => {
      beacons.push(body)
      return true
    },
    post: (_url, body) => {
      posts.push(body)
      return Promise.resolve()
    },
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
    },
    randomId: () => `visit-id-${String(++ids).padStart(8, '0')}`,
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
  const sent = () =>
    [...beacons, ...posts].flatMap((body) => analyticsBatchSchema.parse(JSON.parse(body)).events)
  return {
    tracker,
    stored,
    beacons,
    posts,
    timers,
    sent,
    scrollTo: (top: number) => {
      scroll = { ...scroll, top }
      tracker.scrolled()
    },
  }
}

describe('analytics tracker', () => {
  it('counts a visit from a LinkedIn post on its first page only, and keeps the visit for the tab', () => {
    const { tracker, stored, sent } = setup({ referrer: 'https://www.linkedin.com/feed/' })
    tracker.pageView({
      pathname: '/blog/api-security-best-practices',
      search: '?utm_source=linkedin',
    })
    tracker.pageView({ pathname: '/apis/stripe-com', search: '' })
    tracker.flush()
    expect(sent()).toEqual([
      expect.objectContaining({
        type: 'page_view',
        path: '/blog/api-security-best-practices',
        visitId: 'visit-id-00000001',
        viewport: 'desktop',
        referrerHost: 'www.linkedin.com',
        source: 'linkedin',
      }),
      expect.objectContaining({
        path: '/apis/stripe-com',
        visitId: 'visit-id-00000001',
        referrerHost: null,
        source: null,
      }),
    ])
    expect(JSON.parse(stored.get('api-atlas.visit')!)).toEqual({
      id: 'visit-id-00000001',
      source: 'linkedin',
    })
  })

  it('continues a visit kept in sessionStorage after a reload, without counting its source again', () => {
    const first = setup()
    first.tracker.pageView({ pathname: '/apis', search: '?ref=reddit' })
    const second = setup({
      storage: { getItem: (key) => first.stored.get(key) ?? null, setItem: () => undefined },
      referrer: 'https://api-atlas.example/apis',
    })
    second.tracker.pageView({ pathname: '/tools/tester', search: '' })
    second.tracker.flush()
    expect(second.sent()).toEqual([
      expect.objectContaining({ visitId: 'visit-id-00000001', referrerHost: null, source: null }),
    ])
  })

  it('does not count staff pages or the mock-ups, and counts nothing at all under Do-Not-Track', () => {
    const staff = setup()
    for (const pathname of ['/dashboard', '/bpm-login', '/ads', '/social', '/monitor']) {
      staff.tracker.pageView({ pathname, search: '' })
    }
    staff.scrollTo(4000)
    expect(staff.tracker.pending()).toEqual([])

    const dnt = setup({ doNotTrack: true })
    dnt.tracker.pageView({ pathname: '/apis', search: '' })
    dnt.scrollTo(4000)
    expect(dnt.tracker.pending()).toEqual([])
    expect(dnt.stored.size).toBe(0)
  })

  it('reports each 25% step of scroll depth once per page view', () => {
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

  it('sends after a short delay with fetch, and with a beacon when the page is hidden', () => {
    const { tracker, timers, posts, beacons } = setup()
    tracker.pageView({ pathname: '/apis', search: '' })
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

  it('falls back to fetch when the browser refuses the beacon, in batches the server takes', () => {
    const { tracker, posts } = setup({ beacon: () => false })
    for (let i = 0; i < 120; i++) tracker.pageView({ pathname: `/apis/api-${i}`, search: '' })
    tracker.flush(true)
    expect(posts.map((body) => (JSON.parse(body) as { events: unknown[] }).events.length)).toEqual([
      50, 50, 20,
    ])
  })

  it('never lets a failed send reach the page', async () => {
    const { tracker } = setup({ post: () => Promise.reject(new Error('offline')) })
    tracker.pageView({ pathname: '/apis', search: '' })
    expect(() => tracker.flush()).not.toThrow()
    await Promise.resolve()
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
