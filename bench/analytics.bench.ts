// The staff analytics report at a year of generated events, on PGlite: GET /api/analytics/report
// for 7, 30 and 90 days through the real route (staff token, permission check), and what keeping
// the daily tallies adds to storing a batch of events. The aim: report p95 ≤ 300 ms.
//
// The year: ANALYTICS_VISITS_PER_DAY visits a day (1,000), each 8 events (4 page views, 3 scroll
// steps, and a search or a tester try, half the visits each), stored as events; the tallies
// the server keeps as they arrive are written to match: 4 API page views a visit over 3,700 APIs
// and 18 categories, searches over 5,000 queries (a quarter finding nothing), tries over 20,000
// operations, each skewed so a few are popular, as traffic is.
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { openPglite } from '../server/db/database'
import { batchFor, startVisit, type UntimedEvent } from '../server/testing/analyticsVisit'
import { staffAuthorization } from '../server/testing/staffToken'
import { CATEGORY_SLUGS } from '../src/contract/categories'
import { LOAD_GENERATOR_OPTIONS, percentile, round, writeResult } from './lib'

const DAYS = 365
const VISITS_PER_DAY = Number(process.env.ANALYTICS_VISITS_PER_DAY ?? 1000)
const EVENTS_PER_VISIT = 8
const SAMPLES = Number(process.env.ANALYTICS_SAMPLES ?? 60)
/** `0` leaves the events out (the report never reads them): a quicker run while tuning. */
const WITH_EVENTS = process.env.ANALYTICS_EVENTS !== '0'
const BATCHES = 100

const db = await openPglite()
const app: FastifyInstance = buildApp(
  loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', HEALTH_CHECKS: 'off' }),
  {
    db,
    logger: false,
    operations: { load: false },
    ...LOAD_GENERATOR_OPTIONS,
    catalog: { ...LOAD_GENERATOR_OPTIONS.catalog, load: false },
  },
)
await app.ready()
const { authorization } = await staffAuthorization(app, db, {
  email: 'bench@atlas.test',
  name: 'Bench',
  role: 'viewer',
})

const timed = async <T>(label: string, work: () => Promise<T>) => {
  const started = performance.now()
  const result = await work()
  const ms = performance.now() - started
  console.log(`${label}: ${round(ms / 1000, 1)} s`)
  return { result, ms }
}

// Day d of the year: d days before today (0 is today).
const dayExpr = (d: string) => `(current_date - ${d})`
const categories = `array[${CATEGORY_SLUGS.map((slug) => `'${slug}'`).join(',')}]`

const seeding = await timed('Seeding a year of events and tallies', async () => {
  // The events, a month at a time.
  for (let from = 0; WITH_EVENTS && from < DAYS; from += 30) {
    const to = Math.min(DAYS, from + 30) - 1
    await db.query(
      `insert into analytics_events (type, path, visit_id, viewport, referrer_host, source, depth,
         query, results, api_id, operation_key, status, occurred_at)
       select
         case when k < 4 then 'page_view' when k < 7 then 'scroll_depth'
              when k = 7 and v % 2 = 0 then 'search' else 'operation_tried' end,
         case when k = 7 and v % 2 = 0 then '/apis' when k >= 7 then '/tools/tester'
              else '/apis/api-' || floor(3700 * power(random(), 3))::int end,
         'v' || d || '-' || v, 'desktop', null, null,
         case when k between 4 and 6 then (k - 3) * 25 end,
         case when k = 7 and v % 2 = 0 then 'query ' || floor(5000 * power(random(), 3))::int end,
         case when k = 7 and v % 2 = 0 then floor(random() * 20)::int end,
         case when k = 7 and v % 2 <> 0 then 'api-' || floor(3700 * power(random(), 3))::int end,
         case when k = 7 and v % 2 <> 0 then 'op-' || floor(20000 * power(random(), 3))::int end,
         case when k = 7 and v % 2 <> 0 then 200 end,
         ${dayExpr('d')} + interval '12 hours'
       from generate_series($1::int, $2::int) d, generate_series(1, $3::int) v,
         generate_series(0, ${EVENTS_PER_VISIT - 1}) k`,
      [from, to, VISITS_PER_DAY],
    )
  }
  await db.query(
    `insert into analytics_daily_sources (day, source, visits, page_views, article_reads, conversions)
     select ${dayExpr('d')}, s.source, (${VISITS_PER_DAY} * s.share)::int,
       (${VISITS_PER_DAY} * s.share * 4)::int, (${VISITS_PER_DAY} * s.share * 0.7)::int,
       (${VISITS_PER_DAY} * s.share * 0.3)::int
     from generate_series(0, ${DAYS - 1}) d,
       (values ('linkedin', 0.08), ('twitter', 0.06), ('reddit', 0.04), ('other', 0.3),
               ('direct', 0.52)) s(source, share)`,
  )
  await db.query(
    `insert into analytics_daily_pages (kind, day, key, views)
     select 'api', ${dayExpr('d')}, 'api-' || floor(3700 * power(random(), 3))::int as key, count(*)
     from generate_series(0, ${DAYS - 1}) d, generate_series(1, ${VISITS_PER_DAY * 4})
     group by 2, 3`,
  )
  await db.query(
    `insert into analytics_daily_pages (kind, day, key, views)
     select 'category', ${dayExpr('d')}, (${categories})[1 + floor(18 * power(random(), 2))::int],
       count(*)
     from generate_series(0, ${DAYS - 1}) d, generate_series(1, ${VISITS_PER_DAY})
     group by 2, 3`,
  )
  await db.query(
    `insert into analytics_daily_searches (day, query, searches, results)
     select day, 'query ' || q, count(*), case when q % 4 = 0 then 0 else 1 + q % 19 end
     from (select ${dayExpr('d')} as day, floor(5000 * power(random(), 3))::int as q
           from generate_series(0, ${DAYS - 1}) d, generate_series(1, ${VISITS_PER_DAY / 2})) s
     group by day, q`,
  )
  await db.query(
    `insert into analytics_daily_operations (day, api_id, operation_key, tries, successes)
     select day, 'api-' || (o % 3700), 'op-' || o, count(*), count(*) filter (where ok)
     from (select ${dayExpr('d')} as day, floor(20000 * power(random(), 3))::int as o,
             random() < 0.7 as ok
           from generate_series(0, ${DAYS - 1}) d, generate_series(1, ${VISITS_PER_DAY / 2})) s
     group by day, o`,
  )
  await db.exec('analyze')
})

const [sizes] = await db.query<Record<string, string>>(
  `select
     (select count(*) from analytics_events) as events,
     (select count(*) from analytics_daily_sources) as daily_sources,
     (select count(*) from analytics_daily_pages) as daily_pages,
     (select count(*) from analytics_daily_searches) as daily_searches,
     (select count(*) from analytics_daily_operations) as daily_operations`,
)

const report = async (days: number) => {
  const samples: number[] = []
  for (let i = 0; i < SAMPLES + 3; i++) {
    const started = performance.now()
    const response = await app.inject({
      url: `/api/analytics/report?days=${days}`,
      headers: { authorization },
    })
    const ms = performance.now() - started
    if (response.statusCode !== 200) throw new Error(`report answered ${response.statusCode}`)
    if (i >= 3) samples.push(ms)
  }
  samples.sort((a, b) => a - b)
  return {
    samples: samples.length,
    p50Ms: round(percentile(samples, 0.5), 1),
    p95Ms: round(percentile(samples, 0.95), 1),
    maxMs: round(samples.at(-1)!, 1),
  }
}

const reports = {
  days7: await report(7),
  days30: await report(30),
  days90: await report(90),
}
console.log(reports)

// A visit's batch as a page sends it: what storing it costs with the tallies kept beside it.
const view = (path: string): UntimedEvent => ({ type: 'page_view', path, viewport: 'desktop' })
const batchMs: number[] = []
for (let i = 0; i < BATCHES; i++) {
  const visit = await startVisit(app)
  const events: UntimedEvent[] = [
    view('/apis'),
    { type: 'search', path: '/apis', viewport: 'desktop', query: `bench ${i % 40}`, results: 0 },
    view(`/apis/api-${i}`),
    { type: 'scroll_depth', path: `/apis/api-${i}`, viewport: 'desktop', depth: 25 },
    view('/tools/tester'),
    {
      type: 'operation_tried',
      path: '/tools/tester',
      viewport: 'desktop',
      apiId: `api-${i}`,
      operationKey: 'GetThing',
      status: 200,
    },
  ]
  const started = performance.now()
  const response = await app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    headers: { 'content-type': 'application/json' },
    payload: batchFor(visit, events),
  })
  batchMs.push(performance.now() - started)
  if (response.statusCode !== 202) throw new Error(`events answered ${response.statusCode}`)
}
batchMs.sort((a, b) => a - b)

await app.close()
await db.close()

writeResult('analytics', {
  database: 'PGlite in memory',
  year: {
    days: DAYS,
    visitsPerDay: VISITS_PER_DAY,
    rows: Object.fromEntries(Object.entries(sizes!).map(([key, value]) => [key, Number(value)])),
    seedS: round(seeding.ms / 1000, 1),
  },
  report: reports,
  storeBatchOfSixEvents: {
    samples: batchMs.length,
    p50Ms: round(percentile(batchMs, 0.5), 1),
    p95Ms: round(percentile(batchMs, 0.95), 1),
  },
})
