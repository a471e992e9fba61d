import type { ParsedAnalyticsEvent } from '../../src/contract/analytics'
import type { Queryable } from '../db/database'

/** Stores one visit's events in one statement: all of them or none, before the 202 goes out. */
export const insertEvents = async (
  db: Queryable,
  visitId: string,
  events: ParsedAnalyticsEvent[],
) => {
  if (events.length === 0) return
  const columns = [
    'type',
    'path',
    'visit_id',
    'viewport',
    'referrer_host',
    'source',
    'depth',
    'query',
    'results',
    'api_id',
    'operation_key',
    'status',
  ]
  const params: unknown[] = []
  const rows = events.map((event) => {
    params.push(
      event.type,
      event.path,
      visitId,
      event.viewport,
      event.type === 'page_view' ? event.referrerHost : null,
      event.type === 'page_view' ? event.source : null,
      event.type === 'scroll_depth' ? event.depth : null,
      event.type === 'search' ? event.query : null,
      event.type === 'search' ? event.results : null,
      event.type === 'operation_tried' ? event.apiId : null,
      event.type === 'operation_tried' ? event.operationKey : null,
      event.type === 'operation_tried' ? event.status : null,
    )
    const base = params.length - columns.length
    return `(${columns.map((_, i) => `$${base + i + 1}`).join(', ')})`
  })
  await db.query(
    `insert into analytics_events (${columns.join(', ')}) values ${rows.join(', ')}`,
    params,
  )
}

/** Pages whose visits count as conversions: the tester and any single API's page. */
export const CONVERSION_PATHS_SQL = `(
  path = '/tools/tester'
  or (path like '/apis/%' and path not like '/apis/category/%' and path <> '/apis/tools')
  or path like '/apis/category/%/%'
)`

export type TrafficFigures = {
  blogViews: number
  conversions: number
}

/**
 * blogViews: page views of /blog and every article. conversions: visits that arrived from one of
 * our networks (a post's link) and reached the tester or an API's page, each visit once.
 */
export const trafficFigures = async (db: Queryable): Promise<TrafficFigures> => {
  const [row] = await db.query<{ blog_views: string; conversions: string }>(
    `select
       (select count(*) from analytics_events
         where type = 'page_view' and (path = '/blog' or path like '/blog/%')) as blog_views,
       (select count(distinct visit_id) from analytics_events
         where type = 'page_view' and visit_id in (
           select visit_id from analytics_events where type = 'page_view' and source is not null
         ) and ${CONVERSION_PATHS_SQL}) as conversions`,
  )
  return { blogViews: Number(row?.blog_views ?? 0), conversions: Number(row?.conversions ?? 0) }
}
