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

/** Every figure of some days that is summed per item, whole (the report keeps the top few). */
type Sums = {
  pages: Map<string, number>
  /** Query → searches, searches that found nothing, and what its latest search found. */
  searches: Map<string, SearchSums>
  /** JSON `[apiId, operationKey]` → tries and 2xx answers. */
  operations: Map<string, OperationSums>
}

// A `date` column comes back as a Date (node-postgres) or a string; either way its UTC day.
const dayText = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10)

/** The sums of the days from `from` to `to`, read from the tallies in three scans. */
const sumDays = async (db: Queryable, from: string, to: string): Promise<Sums> => {
  const range = [from, to]
  const [pages, searches, operations] = await Promise.all([
    db.query<{ kind: string; key: string; views: string | number }>(
      `select kind, key, sum(views) as views from analytics_daily_pages
       where kind in ('api', 'category') and day between $1::date and $2::date
       group by kind, key`,
      range,
    ),
    db.query<{
      query: string
      searches: string | number
      empty: string | number
      results: number
      day: string | Date
    }>(
      `select query, sum(searches) as searches,
         coalesce(sum(searches) filter (where results = 0), 0) as empty,
         (array_agg(results order by day desc))[1] as results, max(day) as day
       from analytics_daily_searches where day between $1::date and $2::date
       group by query`,
      range,
    ),
    db.query<{
      api_id: string
      operation_key: string
      tries: string | number
      successes: string | number
    }>(
      `select api_id, operation_key, sum(tries) as tries, sum(successes) as successes
       from analytics_daily_operations where day between $1::date and $2::date
       group by api_id, operation_key`,
      range,
    ),
  ])
  return {
    pages: new Map(pages.map((row) => [`${row.kind} ${row.key}`, Number(row.views)])),
    searches: new Map(
      searches.map((row) => [
        row.query,
        {
          searches: Number(row.searches),
          empty: Number(row.empty),
          results: Number(row.results),
          day: dayText(row.day),
        },
      ]),
    ),
    operations: new Map(
      operations.map((row) => [
        JSON.stringify([row.api_id, row.operation_key]),
        { tries: Number(row.tries), successes: Number(row.successes) },
      ]),
    ),
  }
}

type SearchSums = { searches: number; empty: number; results: number; day: string }
type OperationSums = { tries: number; successes: number }

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The report's orders: most first, then by name; searches that found nothing before all. */
const pageOrder = (sums: Map<string, number>) => (a: string, b: string) =>
  sums.get(b)! - sums.get(a)! || byName(a, b)
const searchOrder = (sums: Map<string, SearchSums>) => (a: string, b: string) => {
  const [x, y] = [sums.get(a)!, sums.get(b)!]
  return (
    Number(y.results === 0) - Number(x.results === 0) || y.searches - x.searches || byName(a, b)
  )
}
const operationOrder = (sums: Map<string, OperationSums>) => (a: string, b: string) =>
  sums.get(b)!.tries - sums.get(a)!.tries || byName(a, b)

/** The closed days' sums, each list in the report's order, and their totals. */
type Ranked = {
  sums: Sums
  apis: string[]
  categories: string[]
  searches: string[]
  operations: string[]
}

const rank = (sums: Sums): Ranked => {
  const pages = [...sums.pages.keys()].sort(pageOrder(sums.pages))
  return {
    sums,
    apis: pages.filter((key) => key.startsWith('api ')),
    categories: pages.filter((key) => key.startsWith('category ')),
    searches: [...sums.searches.keys()].sort(searchOrder(sums.searches)),
    operations: [...sums.operations.keys()].sort(operationOrder(sums.operations)),
  }
}

const addSearch = (before: SearchSums | undefined, today: SearchSums | undefined): SearchSums =>
  before && today
    ? {
        searches: before.searches + today.searches,
        empty: before.empty + today.empty,
        // The latest search says whether the query finds anything now.
        results: today.results,
        day: today.day,
      }
    : (today ?? before)!
const addOperation = (a: OperationSums | undefined, b: OperationSums | undefined) => ({
  tries: (a?.tries ?? 0) + (b?.tries ?? 0),
  successes: (a?.successes ?? 0) + (b?.successes ?? 0),
})
const addViews = (a: number | undefined, b: number | undefined) => (a ?? 0) + (b ?? 0)

/**
 * The first `limit` items of closed days and today together, reading only the closed days' first
 * `limit + today's items` and today's own. Exact: today only adds, so an item today left alone
 * keeps its place among the others today left alone, and of the items ahead of it at most
 * today's count can move; one further down than that cannot reach the first `limit`.
 */
const topOf = <F>(
  closedOrder: string[],
  closed: Map<string, F>,
  today: Map<string, F>,
  todayKeys: string[],
  add: (a: F | undefined, b: F | undefined) => F,
  order: (sums: Map<string, F>) => (a: string, b: string) => number,
  limit: number,
) => {
  const candidates = new Set([...closedOrder.slice(0, limit + todayKeys.length), ...todayKeys])
  const sums = new Map([...candidates].map((key) => [key, add(closed.get(key), today.get(key))]))
  return { keys: [...candidates].sort(order(sums)).slice(0, limit), sums }
}

const sumValues = <F>(map: Map<string, F>, value: (figures: F) => number) => {
  let total = 0
  for (const figures of map.values()) total += value(figures)
  return total
}

const CATEGORY_NAMES = new Map<string, string>(
  CATEGORIES.map((category) => [category.slug, category.name]),
)

/**
 * The report of UTC days, with the closed days' sums kept per range until the day changes: a day
 * that has ended gets no more events (a tally counts an event on the day it arrives), so only
 * today's rows are read each time. At a year of events a 90-day range is some 170,000 rows of
 * tallies, which PGlite takes most of a second to sum; today's are a few thousand.
 */
export const createReporter = (db: Queryable) => {
  const closed = new Map<string, Promise<Ranked>>()
  /** The range's days before today (every range has some), summed and ranked once per UTC day. */
  const closedDays = (days: number, range: string[]) => {
    const today = range.at(-1)!
    const key = `${days} ${today}`
    let ranked = closed.get(key)
    if (!ranked) {
      // Yesterday's entries are of no use today.
      for (const old of closed.keys()) if (!old.endsWith(` ${today}`)) closed.delete(old)
      ranked = sumDays(db, range[0]!, range.at(-2)!)
        .then(rank)
        .catch((error: unknown) => {
          closed.delete(key)
          throw error
        })
      closed.set(key, ranked)
    }
    return ranked
  }

  return async (days: ReportRange, now: number): Promise<AnalyticsReport> => {
    const range = reportDays(days, now)
    const from = range[0]!
    const to = range.at(-1)!
    const [sourceRows, before, today] = await Promise.all([
      db.query<SourceRow>(
        `select day, source, visits, page_views, article_reads, conversions
         from analytics_daily_sources where day between $1::date and $2::date`,
        [from, to],
      ),
      closedDays(days, range),
      sumDays(db, to, to),
    ])

    const todayPages = [...today.pages.keys()]
    const pagesOf = (kind: 'api' | 'category') => {
      const { keys, sums } = topOf(
        kind === 'api' ? before.apis : before.categories,
        before.sums.pages,
        today.pages,
        todayPages.filter((key) => key.startsWith(`${kind} `)),
        addViews,
        pageOrder,
        REPORT_LIMITS.pages,
      )
      return keys.map((key) => ({ id: key.slice(kind.length + 1), views: sums.get(key)! }))
    }
    const apis = pagesOf('api')
    const topSearches = topOf(
      before.searches,
      before.sums.searches,
      today.searches,
      [...today.searches.keys()],
      addSearch,
      searchOrder,
      REPORT_LIMITS.searches,
    )
    const topOperations = topOf(
      before.operations,
      before.sums.operations,
      today.operations,
      [...today.operations.keys()],
      addOperation,
      operationOrder,
      REPORT_LIMITS.operations,
    )
    const operations = topOperations.keys.map((key) => {
      const [apiId, operationKey] = JSON.parse(key) as [string, string]
      return { apiId, operationKey, ...topOperations.sums.get(key)! }
    })

    // Names from the catalogue as it is now, for the few items shown.
    const [apiNames, operationNames] = await Promise.all([
      db.query<{ id: string; name: string }>('select id, name from apis where id = any($1)', [
        apis.map((api) => api.id).concat(operations.map((row) => row.apiId)),
      ]),
      db.query<{ api_id: string; operation_key: string; method: string; path: string }>(
        `select o.api_id, o.operation_key, o.method, o.path
         from unnest($1::text[], $2::text[]) as wanted(api_id, operation_key)
         join api_operations o using (api_id, operation_key)`,
        [operations.map((row) => row.apiId), operations.map((row) => row.operationKey)],
      ),
    ])
    const nameOf = new Map(apiNames.map((row) => [row.id, row.name]))
    const operationOf = new Map(
      operationNames.map((row) => [JSON.stringify([row.api_id, row.operation_key]), row]),
    )

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
      VISIT_SOURCES.map((source) => [
        source,
        { source, visits: 0, articleReads: 0, conversions: 0 },
      ]),
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
    const total = <F>(
      closedSums: Map<string, F>,
      todaySums: Map<string, F>,
      of: (f: F) => number,
    ) => sumValues(closedSums, of) + sumValues(todaySums, of)

    return {
      days,
      from,
      to,
      totals: {
        visits: sources.reduce((sum, figures) => sum + figures.visits, 0),
        pageViews,
        searches: total(before.sums.searches, today.searches, (figures) => figures.searches),
        searchesWithoutResults: total(
          before.sums.searches,
          today.searches,
          (figures) => figures.empty,
        ),
        operationTries: total(before.sums.operations, today.operations, (figures) => figures.tries),
      },
      visitsByDay: [...byDay.values()],
      sources,
      apis: apis.map((api) => ({ ...api, name: nameOf.get(api.id) ?? api.id })),
      categories: pagesOf('category').map((category) => ({
        ...category,
        name: CATEGORY_NAMES.get(category.id) ?? category.id,
      })),
      searches: topSearches.keys.map((query) => {
        const figures = topSearches.sums.get(query)!
        return { query, searches: figures.searches, results: figures.results }
      }),
      operations: operations.map((row) => {
        const known = operationOf.get(JSON.stringify([row.apiId, row.operationKey]))
        return {
          apiId: row.apiId,
          apiName: nameOf.get(row.apiId) ?? row.apiId,
          operationKey: row.operationKey,
          method: known?.method ?? null,
          path: known?.path ?? null,
          tries: row.tries,
          successes: row.successes,
        }
      }),
    }
  }
}
