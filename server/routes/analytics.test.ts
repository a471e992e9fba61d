import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MAX_PAGE_VIEWS_PER_VISIT } from '../../src/contract/analyticsRules'
import { buildTestApp } from '../testing/testApp'
import { trafficFigures } from '../analytics/events'
import { signVisitToken } from '../analytics/visitToken'
import {
  batchFor,
  startVisit,
  timed,
  type UntimedEvent,
  type Visit,
} from '../testing/analyticsVisit'
import { describeEachDb, openTestDb, type TestDb } from '../testing/testDb'

const view = (pathname: string, more: Partial<UntimedEvent> = {}): UntimedEvent =>
  ({ type: 'page_view', path: pathname, viewport: 'desktop', ...more }) as UntimedEvent

const scroll = (pathname: string, depth: 25 | 50 | 75 | 100): UntimedEvent => ({
  type: 'scroll_depth',
  path: pathname,
  viewport: 'desktop',
  depth,
})

describeEachDb('POST /api/analytics/events', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  let visit: Visit

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
    await db.exec('delete from analytics_events; delete from analytics_visits')
    visit = await startVisit(app)
  })

  const send = (body: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      ...(remoteAddress && { remoteAddress }),
    })
  const stored = () =>
    db.query<Record<string, unknown>>('select * from analytics_events order by id')

  it('stores page views and scroll depth before answering 202, and nothing that identifies anyone', async () => {
    const response = await send(
      batchFor(visit, [
        view('/blog/api-security-best-practices', {
          referrerHost: 'news.ycombinator.com',
          viewport: 'mobile',
        }),
        { ...scroll('/blog/api-security-best-practices', 50), viewport: 'mobile' },
      ]),
    )
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
      { type: 'scroll_depth', path: '/blog/api-security-best-practices', depth: 50 },
    ])
    // The visit is the token's: the page never names one itself.
    expect(new Set(rows.map((row) => row.visit_id)).size).toBe(1)
    expect(visit.token).toContain(`.${rows[0]!.visit_id as string}.`)
    const columns = Object.keys(rows[0]!)
    for (const personal of ['ip', 'ip_address', 'user_agent', 'cookie', 'user_id']) {
      expect(columns).not.toContain(personal)
    }
  })

  it("takes navigator.sendBeacon's text/plain body", async () => {
    const response = await send(batchFor(visit, [view('/apis')]), {
      'content-type': 'text/plain;charset=UTF-8',
    })
    expect(response.statusCode, response.body).toBe(202)
    expect(await stored()).toHaveLength(1)
  })

  it('does not count staff pages, and counts nothing for Do-Not-Track or Global Privacy Control', async () => {
    const staff = await send(
      batchFor(visit, [view('/dashboard'), view('/bpm-login'), view('/apis')]),
    )
    expect(staff.json()).toEqual({ success: true, data: { accepted: 1, ignored: 2 } })
    for (const header of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Record<string, string>[]) {
      const response = await send(batchFor(visit, [view('/blog')], 1000), header)
      expect(response.statusCode).toBe(202)
      expect(response.json()).toEqual({ success: true, data: { accepted: 0, ignored: 1 } })
    }
    expect(await stored()).toHaveLength(1)
  })

  const withToken = (events: unknown[]) => () => ({ token: visit.token, events })
  const at = () => visit.issuedAt
  it.each([
    [() => ({}), "Body field 'token'"],
    [() => ({ events: timed(visit, [view('/apis')]) }), "Body field 'token': Invalid input"],
    [() => ({ token: 'not a token', events: timed(visit, [view('/apis')]) }), "'token': must be"],
    [withToken([]), 'at least one event'],
    [
      () => ({ token: visit.token, events: timed(visit, Array(51).fill(view('/apis'))) }),
      'at most 50 events',
    ],
    [() => withToken([{ ...view('/apis'), at: at(), type: 'click' }])(), "'events.0.type'"],
    [() => withToken([view('/apis')])(), "'events.0.at'"],
    [() => withToken([{ ...view('/apis'), at: at() + 0.5 }])(), "'events.0.at'"],
    [() => withToken([{ ...view('/apis'), at: '2026-01-01' }])(), "'events.0.at'"],
    [
      () => withToken([{ ...view('/apis?email=someone@example.com'), at: at() }])(),
      "'events.0.path'",
    ],
    [() => withToken([{ ...view('apis'), at: at() }])(), "'events.0.path'"],
    [
      () => withToken([{ ...view('/apis', { referrerHost: 'http://evil/<script>' }), at: at() }])(),
      "'events.0.referrerHost'",
    ],
    [
      () => withToken([{ ...view('/apis', { source: 'myspace' } as never), at: at() }])(),
      "'events.0.source'",
    ],
    [() => withToken([{ ...scroll('/', 25), depth: 30, at: at() }])(), "'events.0.depth'"],
    [
      () => withToken([{ ...view('/apis', { viewport: 'watch' } as never), at: at() }])(),
      "'events.0.viewport'",
    ],
  ])('refuses a malformed batch (%#) with a message naming the problem', async (body, expected) => {
    const response = await send(body())
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false, error: expect.any(String) })
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

  it('guards a beacon body as it guards JSON: depth and prototype keys', async () => {
    for (const type of ['application/json', 'text/plain']) {
      // From an address of its own: the tests above used this one's batches.
      const deep = await send(
        `{"events":${'['.repeat(5000)}${']'.repeat(5000)}}`,
        { 'content-type': type },
        '198.51.100.7',
      )
      expect(deep.statusCode, type).toBe(400)
      expect(deep.json().error).toMatch(/^Request body refused/)
      const polluting = await send(
        '{"__proto__":{"admin":true},"events":[]}',
        { 'content-type': type },
        '198.51.100.7',
      )
      expect(polluting.statusCode, type).toBe(400)
      expect(polluting.json().error).toContain('the key "__proto__" is not allowed')
    }
  })
})

// Left unguarded, one anonymous batch of "social" page views raised conversions from 0 to 25.
describeEachDb('analytics visits: what the figures resist', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  let clock = Date.now()

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildTestApp({
      db,
      options: {
        catalog: { load: false },
        analytics: { visitTtlMs: 60 * 60_000, now: () => clock },
      },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })
  beforeEach(async () => {
    clock = Date.now()
    await db.exec('delete from analytics_events; delete from analytics_visits')
  })

  const send = (body: unknown) =>
    app.inject({ method: 'POST', url: '/api/analytics/events', payload: body as object })
  const expectRefused = async (body: unknown, status: number, message: string | RegExp) => {
    const response = await send(body)
    expect(response.statusCode, response.body).toBe(status)
    expect(response.json()).toEqual({ success: false, error: expect.stringMatching(message) })
  }
  const storedCount = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from analytics_events'))[0]!.n

  it('hands out a signed visit token per visit, never cached', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/analytics/visits' })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.headers['cache-control']).toBe('no-store')
    const { data } = response.json()
    expect(data).toEqual({
      token: expect.stringMatching(/^v1\.[\w-]{22}\.\d+\.\d+\.[\w-]{43}$/),
      issuedAt: clock,
      expiresAt: clock + 60 * 60_000,
    })
    const other = await startVisit(app)
    expect(other.token.split('.')[1]).not.toBe(data.token.split('.')[1])
  })

  it('answers whatever body a client sends for a visit without a 5xx, and ignores it', async () => {
    for (const [type, payload] of [
      ['application/json', '{"visitId":"mine-mine-mine-mine"}'],
      ['application/json', '{"x":'],
      ['text/plain', 'garbage'],
      ['application/octet-stream', 'abc'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/analytics/visits',
        headers: { 'content-type': type },
        payload,
      })
      expect(response.statusCode, response.body).toBeLessThan(500)
      if (response.statusCode !== 201) {
        expect(response.json()).toEqual({ success: false, error: expect.any(String) })
      } else expect(response.json().data.token).not.toContain('mine-mine')
    }
  })

  it('refuses the batch from the issue: 25 visits that never asked for a token convert nothing', async () => {
    const attack = {
      events: Array.from({ length: 25 }, (_, i) => ({
        type: 'page_view',
        path: '/apis/stripe-com',
        visitId: `attack-visit-${String(i).padStart(6, '0')}`,
        viewport: 'desktop',
        source: 'linkedin',
      })),
    }
    await expectRefused(attack, 400, /^Body field 'token'/)

    // The same pages under one real token: a visit names where it came from once, so it is refused
    // whole, and what a visit can send converts once at most.
    const visit = await startVisit(app)
    await expectRefused(
      { token: visit.token, events: timed(visit, attack.events as UntimedEvent[]) },
      400,
      /^Body field 'events\.1\.source': this visit has already named where it came from/,
    )
    expect(await trafficFigures(db)).toEqual({ blogViews: 0, conversions: 0 })
    const once = attack.events.map((event, i) => (i === 0 ? event : { ...event, source: null }))
    expect((await send(batchFor(visit, once as UntimedEvent[]))).statusCode).toBe(202)
    expect(await trafficFigures(db)).toEqual({ blogViews: 0, conversions: 1 })
  })

  it('refuses a forged, tampered, re-signed or expired token with 401, saying which', async () => {
    const visit = await startVisit(app)
    const events = timed(visit, [view('/apis/stripe-com', { source: 'twitter' })])
    const [version, id, issued, expires, signature] = visit.token.split('.') as string[]
    const flipped = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`
    const notValid = /^Analytics visit token is not valid: /
    for (const token of [
      `${version}.${id}.${issued}.${expires}.${flipped}`,
      `${version}.${id}.${issued}.${Number(expires) + 86_400_000}.${signature}`,
      `${version}.${'A'.repeat(22)}.${issued}.${expires}.${signature}`,
      `${version}.${id}.${issued}.${expires}`,
      `${version}.${id}.${issued}.${expires}.`,
      'v2.x.1.2.abc',
      signVisitToken(Buffer.alloc(32, 7), {
        visitId: id!,
        issuedAt: Number(issued),
        expiresAt: Number(expires),
      }),
    ]) {
      await expectRefused({ token, events }, 401, notValid)
    }
    // Signed with the server's own secret, but its time is up.
    clock += 60 * 60_000
    await expectRefused(
      { token: visit.token, events },
      401,
      'Analytics visit token has expired: ask POST /api/analytics/visits for a new one',
    )
    expect(await storedCount()).toBe(0)
  })

  it('accepts a token from another instance on the same database', async () => {
    const other = buildTestApp({ db, options: { catalog: { load: false } } })
    await other.ready()
    try {
      const visit = await startVisit(other)
      expect((await send(batchFor(visit, [view('/apis')]))).statusCode).toBe(202)
    } finally {
      await other.close()
    }
  })

  it(`caps a visit at ${MAX_PAGE_VIEWS_PER_VISIT} page views and one referrer, however it batches them`, async () => {
    const visit = await startVisit(app)
    const first = Array.from({ length: 30 }, (_, i) => view(`/apis/api-${i}`))
    first[0] = view('/blog', { referrerHost: 't.co', source: 'twitter' })
    expect((await send(batchFor(visit, first))).statusCode).toBe(202)
    await expectRefused(
      batchFor(visit, [view('/tools/tester', { referrerHost: 'www.reddit.com' })], 1000),
      400,
      /^Body field 'events\.0\.referrerHost': this visit has already named where it came from/,
    )
    const more = Array.from({ length: 25 }, (_, i) => view(`/blog/post-${i}`))
    await expectRefused(
      batchFor(visit, more, 1000),
      400,
      `Body field 'events.20': this visit has already sent ${MAX_PAGE_VIEWS_PER_VISIT} page views, the most one visit may`,
    )
    expect((await send(batchFor(visit, more.slice(0, 20), 1000))).statusCode).toBe(202)
    await expectRefused(
      batchFor(visit, [view('/blog')], 2000),
      400,
      /^Body field 'events\.0': this visit has already sent 50 page views/,
    )
    expect(await storedCount()).toBe(MAX_PAGE_VIEWS_PER_VISIT)
  })

  it('refuses scroll depth on a page the visit has not viewed, or a step more often than its views', async () => {
    const visit = await startVisit(app)
    await expectRefused(
      batchFor(visit, [scroll('/blog', 25)]),
      400,
      "Body field 'events.0.path': a scroll_depth event must follow a page view of its page in this visit",
    )
    await expectRefused(
      batchFor(visit, [
        view('/apis'),
        scroll('/apis', 25),
        scroll('/apis', 50),
        scroll('/apis', 25),
      ]),
      400,
      "Body field 'events.3.depth': this visit has already reported 25% on /apis once for each view of it",
    )
    expect(
      (
        await send(
          batchFor(visit, [view('/blog'), scroll('/blog', 25), view('/apis'), scroll('/blog', 50)]),
        )
      ).statusCode,
    ).toBe(202)
    // Viewing /blog again allows its steps once more: a reader who comes back and scrolls again.
    const again = [view('/blog'), scroll('/blog', 25), scroll('/blog', 50), scroll('/blog', 75)]
    expect((await send(batchFor(visit, again, 1000))).statusCode).toBe(202)
    await expectRefused(
      batchFor(visit, [scroll('/blog', 50)], 2000),
      400,
      /^Body field 'events\.0\.depth': this visit has already reported 50% on \/blog/,
    )
    expect(await storedCount()).toBe(8)
  })

  it('refuses events out of order: before the token, in the future, backwards in a batch or well before the last batch', async () => {
    const visit = await startVisit(app)
    const at = (event: UntimedEvent, time: number) => ({ ...event, at: time })
    await expectRefused(
      { token: visit.token, events: [at(view('/apis'), visit.issuedAt - 1)] },
      400,
      /^Body field 'events\.0\.at': is before this visit began/,
    )
    await expectRefused(
      { token: visit.token, events: [at(view('/apis'), clock + 61_000)] },
      400,
      /^Body field 'events\.0\.at': lies in the future/,
    )
    await expectRefused(
      {
        token: visit.token,
        events: [at(view('/apis'), visit.issuedAt + 500), at(view('/blog'), visit.issuedAt + 400)],
      },
      400,
      "Body field 'events.1.at': is earlier than the event before it: events must come in the order they happened",
    )
    clock += 120_000
    const later = { token: visit.token, events: [at(view('/apis'), visit.issuedAt + 100_000)] }
    expect((await send(later)).statusCode).toBe(202)
    await expectRefused(
      { token: visit.token, events: [at(view('/blog'), visit.issuedAt + 30_000)] },
      400,
      /^Body field 'events\.0\.at': goes back in time: this visit already sent an event at /,
    )
    expect(await storedCount()).toBe(1)
  })

  it("takes a page's timed batch after the beacon it sent on leaving, when they crossed", async () => {
    const visit = await startVisit(app)
    clock += 10_000
    const beacon = batchFor(visit, [view('/blog/api-integration-guide-2024')], 6000)
    const timedBatch = batchFor(visit, [view('/blog'), scroll('/blog', 25)], 0)
    expect((await send(beacon)).statusCode).toBe(202)
    expect((await send(timedBatch)).statusCode).toBe(202)
    expect(await trafficFigures(db)).toMatchObject({ blogViews: 2 })
  })

  it('holds batches of one visit arriving together to one count', async () => {
    const visit = await startVisit(app)
    const batch = (offset: number) =>
      batchFor(
        visit,
        Array.from({ length: 30 }, (_, i) => view(`/apis/api-${offset + i}`)),
        offset,
      )
    const statuses = (await Promise.all([send(batch(0)), send(batch(1000))])).map(
      (response) => response.statusCode,
    )
    expect(statuses.sort()).toEqual([202, 400])
    expect(await storedCount()).toBe(30)
  })
})

describe('analytics rate limits', () => {
  let db: TestDb
  let app: FastifyInstance
  beforeAll(async () => {
    db = await openTestDb('pglite')
    app = buildTestApp({
      db,
      options: {
        catalog: { load: false },
        analytics: {
          rateLimit: { max: 2, timeWindowMs: 60_000 },
          visitRateLimit: { max: 2, timeWindowMs: 3_600_000 },
        },
      },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })

  it('answers 429 with Retry-After once an address sends too many batches', async () => {
    const visit = await startVisit(app, { remoteAddress: '192.0.2.1' })
    const send = (offset: number) =>
      app.inject({
        method: 'POST',
        url: '/api/analytics/events',
        remoteAddress: '192.0.2.1',
        payload: batchFor(visit, [view('/apis')], offset),
      })
    expect((await send(0)).statusCode).toBe(202)
    expect((await send(10)).statusCode).toBe(202)
    const limited = await send(20)
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect(limited.json()).toMatchObject({
      success: false,
      error: expect.stringContaining('Too many analytics batches: at most 2 a minute'),
    })
  })

  it('limits new visits per address, counting an IPv6 /64 as one address', async () => {
    const from = (remoteAddress: string): InjectOptions => ({
      method: 'POST',
      url: '/api/analytics/visits',
      remoteAddress,
    })
    expect((await app.inject(from('2001:db8:1:2::1'))).statusCode).toBe(201)
    expect((await app.inject(from('2001:db8:1:2:aaaa:bbbb:cccc:dddd'))).statusCode).toBe(201)
    const limited = await app.inject(from('2001:db8:1:2::ffff'))
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect(limited.json()).toMatchObject({
      success: false,
      error: expect.stringContaining(
        'Too many analytics visits from this address: at most 2 an hour',
      ),
    })
    expect((await app.inject(from('2001:db8:1:3::1'))).statusCode).toBe(201)
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
    const visits: UntimedEvent[][] = [
      [
        view('/blog'),
        view('/blog/how-to-test-apis-effectively'),
        view('/blogger'),
        view('/apis/stripe-com'),
      ],
      // Visit 2 came from LinkedIn and reached two API pages and the tester: one conversion.
      [
        view('/blog/api-security-best-practices', { source: 'linkedin' }),
        view('/apis/stripe-com'),
        view('/apis/category/payments/stripe-com'),
        view('/tools/tester'),
      ],
      // Visit 3 came from Reddit but only browsed lists: no conversion.
      [view('/apis', { source: 'reddit' }), view('/apis/category/payments'), view('/apis/tools')],
      // Visit 4 came from Twitter straight to an API's page.
      [view('/apis/github-com', { source: 'twitter' })],
    ]
    for (const events of visits) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/analytics/events',
        payload: batchFor(await startVisit(app), events),
      })
      expect(response.statusCode, response.body).toBe(202)
    }
    expect(await trafficFigures(db)).toEqual({ blogViews: 3, conversions: 2 })
  })
})
