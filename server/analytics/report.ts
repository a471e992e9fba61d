// The staff analytics report: the daily tallies of a range of days, summed (docs/analytics.md).
import {
  REPORT_LIMITS,
  VISIT_SOURCES,
  type AnalyticsReport,
  type DailyVisits,
  type ReportRange,
  type SourceFigures,
  type VisitSource,
} from '../../src/contract/analyticsReport'
import { CATEGORIES } from '../catalog/categories'
import type { Queryable } from '../db/database'
import { dayOf } from './visits'

const DAY_MS = 86_400_000

/** The range's UTC days, oldest first, ending today. */
export const reportDays = (days: number, now: number) =>
  Array.from({ length: days }, (_, i) => dayOf(now - (days - 1 - i) * DAY_MS))

type SourceRow = {
  day: string | Date
  source: VisitSource
  visits: number
  page_views: number
  article_reads: number
  conversions: number
}
type PageRow = { key: string; name: string | null; views: string | number }
type SearchRow = { query: string; searches: string | number; results: number }
type OperationRow = {
  api_id: string
  operation_key: string
  name: string | null
  method: string | null
  path: string | null
  tries: string | number
  successes: string | number
}
type TotalsRow = {
  searches: string | number | null
  without_results: string | number | null
  tries: string | number | null
}

// A `date` column comes back as a Date (node-postgres) or a string (PGlite builds); either way
// its UTC day.
const dayText = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10)

// API names from the catalogue as it is now; category names are fixed (server/catalog/categories.ts).
const topPages = (db: Queryable, kind: 'api' | 'category', range: string[]) =>
  db.query<PageRow>(
    `select top.key, ${kind === 'api' ? 'a.name' : 'null as name'}, top.views from (
       select key, sum(views) as views from analytics_daily_pages
       where kind = $1 and day between $2::date and $3::date
       group by key order by views desc, key limit $4
     ) top ${kind === 'api' ? 'left join apis a on a.id = top.key' : ''}
     order by top.views desc, top.key`,
    [kind, range[0], range.at(-1), REPORT_LIMITS.pages],
  )

const CATEGORY_NAMES = new Map<string, string>(
  CATEGORIES.map((category) => [category.slug, category.name]),
)

/** The report of the last `days` UTC days, today included. */
export const analyticsReport = async (
  db: Queryable,
  days: ReportRange,
  now: number,
): Promise<AnalyticsReport> => {
  const range = reportDays(days, now)
  const from = range[0]!
  const to = range.at(-1)!
  const [sourceRows, apis, categories, searches, operations, [totals]] = await Promise.all([
    db.query<SourceRow>(
      `select day, source, visits, page_views, article_reads, conversions
       from analytics_daily_sources where day between $1::date and $2::date`,
      [from, to],
    ),
    topPages(db, 'api', range),
    topPages(db, 'category', range),
    // Whether a query found nothing is judged by its latest search in the range.
    db.query<SearchRow>(
      `select query, searches, results from (
         select query, sum(searches) as searches,
           (array_agg(results order by day desc))[1] as results
         from analytics_daily_searches where day between $1::date and $2::date
         group by query
       ) q order by (results = 0) desc, searches desc, query limit $3`,
      [from, to, REPORT_LIMITS.searches],
    ),
    db.query<OperationRow>(
      `select top.api_id, top.operation_key, a.name, o.method, o.path, top.tries, top.successes
       from (
         select api_id, operation_key, sum(tries) as tries, sum(successes) as successes
         from analytics_daily_operations where day between $1::date and $2::date
         group by api_id, operation_key order by tries desc, api_id, operation_key limit $3
       ) top
       left join apis a on a.id = top.api_id
       left join api_operations o on o.api_id = top.api_id and o.operation_key = top.operation_key
       order by top.tries desc, top.api_id, top.operation_key`,
      [from, to, REPORT_LIMITS.operations],
    ),
    db.query<TotalsRow>(
      `select
         (select sum(searches) from analytics_daily_searches
           where day between $1::date and $2::date) as searches,
         (select sum(searches) from analytics_daily_searches
           where day between $1::date and $2::date and results = 0) as without_results,
         (select sum(tries) from analytics_daily_operations
           where day between $1::date and $2::date) as tries`,
      [from, to],
    ),
  ])

  const byDay = new Map<string, DailyVisits>(
    range.map((day) => [
      day,
      {
        day,
        ...(Object.fromEntries(VISIT_SOURCES.map((source) => [source, 0])) as Record<
          VisitSource,
          number
        >),
      },
    ]),
  )
  const bySource = new Map<VisitSource, SourceFigures>(
    VISIT_SOURCES.map((source) => [source, { source, visits: 0, articleReads: 0, conversions: 0 }]),
  )
  let pageViews = 0
  for (const row of sourceRows) {
    const daily = byDay.get(dayText(row.day))
    if (daily) daily[row.source] += Number(row.visits)
    const figures = bySource.get(row.source)!
    figures.visits += Number(row.visits)
    figures.articleReads += Number(row.article_reads)
    figures.conversions += Number(row.conversions)
    pageViews += Number(row.page_views)
  }
  const sources = [...bySource.values()]
  const page = (row: PageRow) => ({
    id: row.key,
    name: row.name ?? row.key,
    views: Number(row.views),
  })

  return {
    days,
    from,
    to,
    totals: {
      visits: sources.reduce((sum, figures) => sum + figures.visits, 0),
      pageViews,
      searches: Number(totals?.searches ?? 0),
      searchesWithoutResults: Number(totals?.without_results ?? 0),
      operationTries: Number(totals?.tries ?? 0),
    },
    visitsByDay: [...byDay.values()],
    sources,
    apis: apis.map(page),
    categories: categories.map((row) => ({
      ...page(row),
      name: CATEGORY_NAMES.get(row.key) ?? row.key,
    })),
    searches: searches.map((row) => ({
      query: row.query,
      searches: Number(row.searches),
      results: Number(row.results),
    })),
    operations: operations.map((row) => ({
      apiId: row.api_id,
      apiName: row.name ?? row.api_id,
      operationKey: row.operation_key,
      method: row.method,
      path: row.path,
      tries: Number(row.tries),
      successes: Number(row.successes),
    })),
  }
}
