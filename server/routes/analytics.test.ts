import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AnalyticsEvent } from '../../src/contract/analytics'
import { buildTestApp } from '../testing/testApp'
import { trafficFigures } from '../analytics/events'
import { describeEachDb, openTestDb, type TestDb } from '../testing/testDb'

const visit = (n: number) => `visit-${String(n).padStart(12, '0')}`

const view = (pathname: string, more: Partial<AnalyticsEvent> = {}): AnalyticsEvent =>
  ({
    type: 'page_view',
    path: pathname,
    visitId: visit(1),
    viewport: 'desktop',
    ...more,
  }) as AnalyticsEvent

describeEachDb('POST /api/analytics/events', (kind) => {
  let db: TestDb
  let app: FastifyInstance

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildTestApp({
      db,
      options: {
        catalog: { load: false },
        analytics: { rateLimit: { max: 25, timeWindowMs: 60_000 } },
      },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })
  beforeEach(async () => {
    await db.exec('delete from analytics_events')
  })

  const send = (body: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const stored = () =>
    db.query<Record<string, unknown>>('select * from analytics_events order by id')

  it('stores page views and scroll depth before answering 202, and nothing that identifies anyone', async () => {
    const response = await send({
      events: [
        view('/blog/api-security-best-practices', {
          referrerHost: 'news.ycombinator.com',
          viewport: 'mobile',
        }),
        { type: 'scroll_depth', path: '/blog', visitId: visit(1), viewport: 'mobile', depth: 50 },
      ],
    })
    expect(response.statusCode, response.body).toBe(202)
    expect(response.json()).toEqual({ success: true, data: { accepted: 2, ignored: 0 } })
    const rows = await stored()
    expect(rows).toMatchObject([
      {
        type: 'page_view',
        path: '/blog/api-security-best-practices',
        viewport: 'mobile',
        referrer_host: 'news.ycombinator.com',
        depth: null,
      },
      { type: 'scroll_depth', path: '/blog', depth: 50, referrer_host: null },
    ])
    const columns = Object.keys(rows[0]!)
    for (const personal of ['ip', 'ip_address', 'user_agent', 'cookie', 'user_id']) {
      expect(columns).not.toContain(personal)
    }
  })

  it("takes navigator.sendBeacon's text/plain body", async () => {
    const response = await send(
      { events: [view('/apis')] },
      { 'content-type': 'text/plain;charset=UTF-8' },
    )
    expect(response.statusCode, response.body).toBe(202)
    expect(await stored()).toHaveLength(1)
  })

  it('does not count staff pages, and counts nothing for Do-Not-Track or Global Privacy Control', async () => {
    const staff = await send({ events: [view('/dashboard'), view('/bpm-login'), view('/apis')] })
    expect(staff.json()).toEqual({ success: true, data: { accepted: 1, ignored: 2 } })
    for (const header of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Record<string, string>[]) {
      const response = await send({ events: [view('/apis')] }, header)
      expect(response.statusCode).toBe(202)
      expect(response.json()).toEqual({ success: true, data: { accepted: 0, ignored: 1 } })
    }
    expect(await stored()).toHaveLength(1)
  })

  it.each([
    [{}, "Body field 'events'"],
    [{ events: [] }, 'at least one event'],
    [{ events: Array.from({ length: 51 }, () => view('/apis')) }, 'at most 50 events'],
    [{ events: [{ ...view('/apis'), type: 'click' }] }, "'events.0.type'"],
    [{ events: [view('/apis?email=someone@example.com')] }, "'events.0.path'"],
    [{ events: [view('apis')] }, "'events.0.path'"],
    [{ events: [view('/apis', { visitId: 'x' })] }, "'events.0.visitId'"],
    [
      { events: [view('/apis', { referrerHost: 'http://evil/<script>' })] },
      "'events.0.referrerHost'",
    ],
    [{ events: [view('/apis', { source: 'myspace' } as never)] }, "'events.0.source'"],
    [
      {
        events: [
          { type: 'scroll_depth', path: '/', visitId: visit(1), viewport: 'desktop', depth: 30 },
        ],
      },
      "'events.0.depth'",
    ],
    [{ events: [view('/apis', { viewport: 'watch' } as never)] }, "'events.0.viewport'"],
  ])('refuses %j with a message naming the problem', async (body, expected) => {
    const response = await send(body)
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toContain(expected)
    expect(await stored()).toHaveLength(0)
  })

  it('answers malformed JSON, in either content type, with 400', async () => {
    for (const type of ['application/json', 'text/plain']) {
      const response = await send('{"events": [', { 'content-type': type })
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatch(/^Malformed JSON/)
    }
  })
})

describe('analytics rate limit', () => {
  let db: TestDb
  let app: FastifyInstance
  beforeAll(async () => {
    db = await openTestDb('pglite')
    app = buildTestApp({
      db,
      options: {
        catalog: { load: false },
        analytics: { rateLimit: { max: 2, timeWindowMs: 60_000 } },
      },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })

  it('answers 429 with Retry-After once an address sends too many batches', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/analytics/events',
        payload: { events: [view('/apis')] },
      })
    expect((await send()).statusCode).toBe(202)
    expect((await send()).statusCode).toBe(202)
    const limited = await send()
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect(limited.json()).toMatchObject({
      success: false,
      error: expect.stringContaining('Too many analytics batches'),
    })
  })
})

describeEachDb('traffic figures', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildTestApp({
      db,
      options: {
        catalog: { load: false },
      },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })

  it('counts blog views, and visits from a network that reached the tester or an API page once each', async () => {
    const events: AnalyticsEvent[] = [
      view('/blog'),
      view('/blog/how-to-test-apis-effectively'),
      view('/blogger'),
      view('/apis/stripe-com'),
      // Visit 2 came from LinkedIn and reached two API pages and the tester: one conversion.
      view('/blog/api-security-best-practices', { visitId: visit(2), source: 'linkedin' }),
      view('/apis/stripe-com', { visitId: visit(2) }),
      view('/apis/category/payments/stripe-com', { visitId: visit(2) }),
      view('/tools/tester', { visitId: visit(2) }),
      // Visit 3 came from Reddit but only browsed lists: no conversion.
      view('/apis', { visitId: visit(3), source: 'reddit' }),
      view('/apis/category/payments', { visitId: visit(3) }),
      view('/apis/tools', { visitId: visit(3) }),
      // Visit 4 came from Twitter straight to an API's page.
      view('/apis/github-com', { visitId: visit(4), source: 'twitter' }),
    ]
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: { events },
    })
    expect(response.statusCode).toBe(202)
    expect(await trafficFigures(db)).toEqual({ blogViews: 3, conversions: 2 })
  })
})
