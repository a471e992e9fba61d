import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MAX_SEARCHES_PER_VISIT } from '../../src/contract/analyticsRules'
import { analyticsReportResponseSchema } from '../../src/contract/analyticsReport'
import { dayOf } from '../analytics/visits'
import { batchFor, startVisit, type UntimedEvent } from '../testing/analyticsVisit'
import { buildTestApp } from '../testing/testApp'
import { staffAuthorization } from '../testing/staffToken'
import { describeEachDb, openTestDb, type TestDb } from '../testing/testDb'

const view = (path: string, more: Partial<UntimedEvent> = {}) =>
  ({ type: 'page_view', path, viewport: 'desktop', ...more }) as UntimedEvent
const search = (query: string, results: number, path = '/apis') =>
  ({ type: 'search', path, viewport: 'desktop', query, results }) as UntimedEvent
const tried = (apiId: string, operationKey: string, status: number | null) =>
  ({
    type: 'operation_tried',
    path: '/tools/tester',
    viewport: 'desktop',
    apiId,
    operationKey,
    status,
  }) as UntimedEvent

const DAY_MS = 86_400_000

describeEachDb('GET /api/analytics/report', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  let viewer = ''
  let barred = ''

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildTestApp({ db, options: { catalog: { load: false } } })
    await app.ready()
    viewer = (
      await staffAuthorization(app, db, {
        email: 'viewer@report.atlas.test',
        name: 'V',
        role: 'viewer',
      })
    ).authorization
    const other = await staffAuthorization(app, db, {
      email: 'barred@atlas.test',
      name: 'B',
      role: 'user',
    })
    barred = other.authorization
    await db.query(`update profiles set permissions = '{view_projects}' where id = $1`, [other.id])
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })
  beforeEach(async () => {
    await db.exec(`delete from analytics_events; delete from analytics_visits;
      delete from analytics_daily_sources; delete from analytics_daily_pages;
      delete from analytics_daily_searches; delete from analytics_daily_operations`)
  })

  const send = async (events: UntimedEvent[]) => {
    const visit = await startVisit(app)
    return app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'application/json' },
      payload: batchFor(visit, events),
    })
  }
  const report = async (days = 7) => {
    const response = await app.inject({
      url: `/api/analytics/report?days=${days}`,
      headers: { authorization: viewer },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    return analyticsReportResponseSchema.parse(response.json()).data
  }

  describe('who may read it', () => {
    it('answers 401 to anyone not signed in, before looking at the query', async () => {
      const response = await app.inject({ url: '/api/analytics/report?days=banana' })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ success: false })
    })

    it('answers 403 to staff whose permissions leave out view_analytics', async () => {
      const response = await app.inject({
        url: '/api/analytics/report?days=7',
        headers: { authorization: barred },
      })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        success: false,
        error: 'Viewing analytics needs the view_analytics permission',
      })
    })

    it('names a range it does not offer', async () => {
      for (const days of ['5', 'banana', '']) {
        const response = await app.inject({
          url: `/api/analytics/report?days=${days}`,
          headers: { authorization: viewer },
        })
        expect(response.statusCode).toBe(400)
        expect(response.json().error).toMatch(/days.*must be one of 7, 30, 90/)
      }
    })

    it('keeps its tallies server-only: row-level security on, no policy', async () => {
      const tables = await db.query<{ relname: string; relrowsecurity: boolean }>(
        `select relname, relrowsecurity from pg_class
         where relname like 'analytics_daily%' and relkind = 'r'
           and relnamespace = current_schema()::regnamespace
         order by relname`,
      )
      expect(tables).toEqual([
        { relname: 'analytics_daily_operations', relrowsecurity: true },
        { relname: 'analytics_daily_pages', relrowsecurity: true },
        { relname: 'analytics_daily_searches', relrowsecurity: true },
        { relname: 'analytics_daily_sources', relrowsecurity: true },
      ])
      const policies = await db.query(
        `select policyname from pg_policies
         where tablename like 'analytics_%' and schemaname = current_schema()`,
      )
      expect(policies).toEqual([])
    })
  })

  it('is empty, day by day, before anyone visits', async () => {
    const data = await report(7)
    expect(data.days).toBe(7)
    expect(data.visitsByDay).toHaveLength(7)
    expect(data.visitsByDay.at(-1)!.day).toBe(dayOf(Date.now()))
    expect(data.to).toBe(dayOf(Date.now()))
    expect(data.from).toBe(dayOf(Date.now() - 6 * DAY_MS))
    expect(data.totals).toEqual({
      visits: 0,
      pageViews: 0,
      searches: 0,
      searchesWithoutResults: 0,
      operationTries: 0,
    })
    expect(data.sources.map((figures) => figures.source)).toEqual([
      'linkedin',
      'twitter',
      'reddit',
      'other',
      'direct',
    ])
    expect([data.apis, data.categories, data.searches, data.operations]).toEqual([[], [], [], []])
  })

  it('sums what visits sent: sources, pages, conversions, searches nothing-found first, operations', async () => {
    const linkedin = await send([
      view('/blog/api-security-best-practices', { source: 'linkedin' }),
      view('/apis/category/payments'),
      view('/apis/category/payments/stripe-com'),
      view('/apis'),
      search('  Zorblax   PAYMENTS ', 0),
      search('stripe', 3),
      // The same query again in one visit is kept but counted once.
      search('Stripe', 3),
    ])
    expect(linkedin.statusCode, linkedin.body).toBe(202)
    expect(
      (
        await send([
          view('/apis/stripe-com', { referrerHost: 'news.ycombinator.com' }),
          view('/tools/tester'),
          tried('stripe-com', 'GetCharges', 200),
          tried('stripe-com', 'GetCharges', 401),
          tried('stripe-com', 'PostCharges', null),
        ])
      ).statusCode,
    ).toBe(202)
    expect(
      (
        await send([
          view('/apis'),
          search('zorblax payments', 0),
          search('contact me@example.com', 0),
        ])
      ).statusCode,
    ).toBe(202)

    const data = await report(7)
    expect(data.totals).toEqual({
      visits: 3,
      pageViews: 7,
      searches: 4,
      searchesWithoutResults: 3,
      operationTries: 3,
    })
    expect(data.visitsByDay.at(-1)).toEqual({
      day: dayOf(Date.now()),
      linkedin: 1,
      twitter: 0,
      reddit: 0,
      other: 1,
      direct: 1,
    })
    expect(data.sources).toEqual([
      { source: 'linkedin', visits: 1, articleReads: 1, conversions: 1 },
      { source: 'twitter', visits: 0, articleReads: 0, conversions: 0 },
      { source: 'reddit', visits: 0, articleReads: 0, conversions: 0 },
      { source: 'other', visits: 1, articleReads: 0, conversions: 1 },
      { source: 'direct', visits: 1, articleReads: 0, conversions: 0 },
    ])
    // Not in the catalogue here (not loaded): the id stands for the name.
    expect(data.apis).toEqual([{ id: 'stripe-com', name: 'stripe-com', views: 2 }])
    expect(data.categories).toEqual([{ id: 'payments', name: 'Payments', views: 1 }])
    expect(data.searches).toEqual([
      { query: 'zorblax payments', searches: 2, results: 0 },
      { query: 'contact [email]', searches: 1, results: 0 },
      { query: 'stripe', searches: 1, results: 3 },
    ])
    expect(data.operations).toEqual([
      {
        apiId: 'stripe-com',
        apiName: 'stripe-com',
        operationKey: 'GetCharges',
        method: null,
        path: null,
        tries: 2,
        successes: 1,
      },
      {
        apiId: 'stripe-com',
        apiName: 'stripe-com',
        operationKey: 'PostCharges',
        method: null,
        path: null,
        tries: 1,
        successes: 0,
      },
    ])
    // Stored as events too, the query normalised, nothing about who searched.
    const rows = await db.query<{ query: string; results: number }>(
      `select query, results from analytics_events where type = 'search' order by id`,
    )
    expect(rows.map((row) => row.query)).toEqual([
      'zorblax payments',
      'stripe',
      'stripe',
      'zorblax payments',
      'contact [email]',
    ])
  })

  it('holds searches and tries to the caps other events have', async () => {
    const before = await send([search('stripe', 1)])
    expect(before.statusCode).toBe(400)
    expect(before.json().error).toMatch(/events\.0\.path.*must follow a page view/)

    const many = Array.from({ length: MAX_SEARCHES_PER_VISIT + 1 }, (_, i) =>
      search(`query ${String.fromCharCode(97 + i)}`, 0),
    )
    const over = await send([view('/apis'), ...many])
    expect(over.statusCode).toBe(400)
    expect(over.json().error).toContain(`already recorded ${MAX_SEARCHES_PER_VISIT} searches`)
    // All of the batch or none of it.
    expect((await report(7)).totals.searches).toBe(0)

    const blank = await send([view('/apis'), search(' \u200b ', 0)])
    expect(blank.statusCode).toBe(400)
    expect(blank.json().error).toMatch(/query.*must hold a word/)
  })

  it('reads only the days of the range asked for', async () => {
    const old = dayOf(Date.now() - 20 * DAY_MS)
    await db.query(
      `insert into analytics_daily_sources (day, source, visits, page_views) values ($1, 'reddit', 5, 9)`,
      [old],
    )
    await db.query(
      `insert into analytics_daily_searches (day, query, searches, results) values ($1, 'graphql', 4, 0)`,
      [old],
    )
    expect((await report(7)).totals.visits).toBe(0)
    const month = await report(30)
    expect(month.visitsByDay).toHaveLength(30)
    expect(month.visitsByDay.find((day) => day.day === old)?.reddit).toBe(5)
    expect(month.totals).toMatchObject({ visits: 5, pageViews: 9, searchesWithoutResults: 4 })
    expect(month.searches).toEqual([{ query: 'graphql', searches: 4, results: 0 }])
  })

  it("adds today's tallies to the closed days' it keeps, in the order the sums give", async () => {
    const yesterday = dayOf(Date.now() - DAY_MS)
    const today = dayOf(Date.now())
    // Twelve APIs viewed yesterday, api-00 most; search "gone" found nothing yesterday.
    for (let i = 0; i < 12; i++) {
      await db.query(
        `insert into analytics_daily_pages (kind, day, key, views) values ('api', $1, $2, $3)`,
        [yesterday, `api-${String(i).padStart(2, '0')}`, 30 - i],
      )
    }
    await db.query(
      `insert into analytics_daily_searches (day, query, searches, results)
       values ($1, 'gone', 5, 0), ($1, 'never', 1, 0), ($1, 'maps', 9, 4)`,
      [yesterday],
    )
    // A range no test asked for before: the closed days' sums are read once per day and range.
    const first = await report(90)
    expect(first.apis.map((api) => api.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `api-${String(i).padStart(2, '0')}`),
    )
    expect(first.searches.map((row) => row.query)).toEqual(['gone', 'never', 'maps'])

    // Today: the eleventh API overtakes them all, and "gone" now finds something.
    await db.query(
      `insert into analytics_daily_pages (kind, day, key, views) values ('api', $1, 'api-11', 40)`,
      [today],
    )
    await db.query(
      `insert into analytics_daily_searches (day, query, searches, results) values ($1, 'gone', 1, 2)`,
      [today],
    )
    const next = await report(90)
    expect(next.apis[0]).toEqual({ id: 'api-11', name: 'api-11', views: 59 })
    expect(next.apis).toHaveLength(10)
    expect(next.apis.at(-1)!.id).toBe('api-08')
    expect(next.searches).toEqual([
      { query: 'never', searches: 1, results: 0 },
      { query: 'maps', searches: 9, results: 4 },
      { query: 'gone', searches: 6, results: 2 },
    ])
    expect(next.totals).toMatchObject({ searches: 16, searchesWithoutResults: 6 })
  })
})
