// What one batch of a visit adds to the day's tallies (migration 015), which the staff report
// reads instead of the events themselves.
import type { VisitSource } from '../../src/contract/analyticsReport'
import type { Queryable } from '../db/database'

export type PageKind = 'api' | 'category'

export type Tally = {
  /** The UTC day counted on, `YYYY-MM-DD`. */
  day: string
  /** The visit's source; null only for a batch with no page view of a new visit (nothing to add). */
  source: VisitSource | null
  visits: number
  pageViews: number
  articleReads: number
  conversions: number
  /** `kind key` → views. */
  pages: Map<string, number>
  /** Normalised query → entries the search found. */
  searches: Map<string, number>
  /** JSON `[apiId, operationKey]` → tries and 2xx answers. */
  operations: Map<string, { tries: number; successes: number }>
}

export const emptyTally = (day: string): Tally => ({
  day,
  source: null,
  visits: 0,
  pageViews: 0,
  articleReads: 0,
  conversions: 0,
  pages: new Map(),
  searches: new Map(),
  operations: new Map(),
})

/** The tester, or a single API's page (CONVERSION_PATHS_SQL in events.ts, as code). */
export const isConversionPath = (path: string) =>
  path === '/tools/tester' ||
  (path.startsWith('/apis/') && !path.startsWith('/apis/category/') && path !== '/apis/tools') ||
  /^\/apis\/category\/.*\//.test(path)

const NOT_API_PAGES = new Set(['tools', 'api-detail.html'])

/** `api <id>` for an API's page, `category <slug>` for a category's page; null for the rest. */
export const pageKeyOf = (path: string): string | null => {
  const parts = path.split('/')
  if (parts[1] !== 'apis' || parts.some((part, i) => i > 0 && part === '')) return null
  if (parts[2] === 'category') {
    if (parts.length === 4) return `category ${parts[3]}`
    if (parts.length === 5) return `api ${parts[4]}`
    return null
  }
  return parts.length === 3 && !NOT_API_PAGES.has(parts[2]!) ? `api ${parts[2]}` : null
}

/** Adds a batch's tally to the day's rows: a handful of upserts in the batch's transaction. */
export const storeTally = async (db: Queryable, tally: Tally) => {
  const { day, source } = tally
  if (source !== null && tally.pageViews > 0) {
    await db.query(
      `insert into analytics_daily_sources
         (day, source, visits, page_views, article_reads, conversions)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (day, source) do update set
         visits = analytics_daily_sources.visits + excluded.visits,
         page_views = analytics_daily_sources.page_views + excluded.page_views,
         article_reads = analytics_daily_sources.article_reads + excluded.article_reads,
         conversions = analytics_daily_sources.conversions + excluded.conversions`,
      [day, source, tally.visits, tally.pageViews, tally.articleReads, tally.conversions],
    )
  }
  if (tally.pages.size > 0) {
    const keys = [...tally.pages.keys()]
    await db.query(
      `insert into analytics_daily_pages (kind, day, key, views)
       select split_part(page, ' ', 1), $1::date, substr(page, strpos(page, ' ') + 1), views
       from unnest($2::text[], $3::int[]) as t(page, views)
       on conflict (kind, day, key) do update set
         views = analytics_daily_pages.views + excluded.views`,
      [day, keys, keys.map((key) => tally.pages.get(key)!)],
    )
  }
  if (tally.searches.size > 0) {
    const queries = [...tally.searches.keys()]
    await db.query(
      `insert into analytics_daily_searches (day, query, searches, results)
       select $1::date, query, 1, results from unnest($2::text[], $3::int[]) as t(query, results)
       on conflict (day, query) do update set
         searches = analytics_daily_searches.searches + 1,
         results = excluded.results`,
      [day, queries, queries.map((query) => tally.searches.get(query)!)],
    )
  }
  if (tally.operations.size > 0) {
    const entries = [...tally.operations].map(([key, figures]) => ({
      ids: JSON.parse(key) as [string, string],
      ...figures,
    }))
    await db.query(
      `insert into analytics_daily_operations (day, api_id, operation_key, tries, successes)
       select $1::date, api_id, operation_key, tries, successes
       from unnest($2::text[], $3::text[], $4::int[], $5::int[])
         as t(api_id, operation_key, tries, successes)
       on conflict (day, api_id, operation_key) do update set
         tries = analytics_daily_operations.tries + excluded.tries,
         successes = analytics_daily_operations.successes + excluded.successes`,
      [
        day,
        entries.map((entry) => entry.ids[0]),
        entries.map((entry) => entry.ids[1]),
        entries.map((entry) => entry.tries),
        entries.map((entry) => entry.successes),
      ],
    )
  }
}
