// What one visit may send: its events in order, within its token's time, up to the caps.
import type { ParsedAnalyticsEvent } from '../../src/contract/analytics'
import {
  MAX_OPERATION_TRIES_PER_VISIT,
  MAX_PAGE_VIEWS_PER_VISIT,
  MAX_SEARCHES_PER_VISIT,
  SCROLL_DEPTHS,
} from '../../src/contract/analyticsRules'
import type { VisitSource } from '../../src/contract/analyticsReport'
import type { Db, Queryable } from '../db/database'
import { HttpError } from '../errors'
import { insertEvents } from './events'
import { emptyTally, isConversionPath, pageKeyOf, storeTally, type Tally } from './tally'
import type { VisitClaims } from './visitToken'

/** How far past the server's clock an event's time may be: a page reckons it to a round trip. */
export const FUTURE_SLACK_MS = 60_000
/**
 * How much earlier than the visit's latest accepted event a later batch may begin. A page's timed
 * batch and the beacon it sends on leaving can overtake each other on the way; nothing else may.
 */
export const REORDER_SLACK_MS = 60_000
/** Rows of expired visits are kept this long after, then deleted. */
const EXPIRED_VISIT_GRACE_MS = 60 * 60 * 1000

/** Per path: [page views, reports of 25%, 50%, 75%, 100%]. */
type PageCounts = Record<string, number[]>

export type VisitState = {
  pageViews: number
  /** Whether a page view has named a referrer or source yet. */
  referred: boolean
  /** The latest event time accepted, or null before the first. */
  lastAt: number | null
  pages: PageCounts
  /** Where the visit came from, set by its first page view. */
  source: VisitSource | null
  /** Whether it has reached an API's page or the tester. */
  converted: boolean
  /** The normalised queries it has searched, each counted once. */
  searches: string[]
  /** Operations it has tried in the tester. */
  tries: number
}

export const NEW_VISIT: VisitState = {
  pageViews: 0,
  referred: false,
  lastAt: null,
  pages: {},
  source: null,
  converted: false,
  searches: [],
  tries: 0,
}

/** An event with its place in the batch, for messages that name it. */
export type IndexedEvent = { index: number; event: ParsedAnalyticsEvent }

const iso = (ms: number) => new Date(ms).toISOString()

/** The UTC day of a time, `YYYY-MM-DD`: the day a tally counts it on. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * The visit after these events and what they add to the day's tallies, or a 400 naming the first
 * event one visit would not send: a time before its token, in the future, before the event ahead
 * of it in the batch or well before what the visit already sent; a page view over the cap, or
 * naming a referrer or source a second time; a scroll step, search or try on a page the visit has
 * not viewed; a scroll step reported more often than its page was viewed; a search or try over
 * its cap. A query the visit has searched before is accepted and stored but tallied once.
 */
export const applyEvents = (
  state: VisitState,
  claims: VisitClaims,
  events: IndexedEvent[],
  now: number,
): { state: VisitState; tally: Tally } => {
  let { pageViews, referred, source, converted, tries } = state
  const searches = [...state.searches]
  const pages: PageCounts = structuredClone(state.pages)
  const tally = emptyTally(dayOf(now))
  const batchStart = state.lastAt === null ? null : state.lastAt - REORDER_SLACK_MS
  let previous: number | null = null
  for (const { index, event } of events) {
    const refuse = (field: string | null, reason: string) =>
      new HttpError(400, `Body field 'events.${index}${field ? `.${field}` : ''}': ${reason}`)
    if (event.at < claims.issuedAt) {
      throw refuse('at', `is before this visit began (${iso(claims.issuedAt)})`)
    }
    if (event.at > now + FUTURE_SLACK_MS) {
      throw refuse('at', `lies in the future (the server's time is ${iso(now)})`)
    }
    if (previous !== null && event.at < previous) {
      throw refuse(
        'at',
        'is earlier than the event before it: events must come in the order they happened',
      )
    }
    if (previous === null && batchStart !== null && event.at < batchStart) {
      throw refuse(
        'at',
        `goes back in time: this visit already sent an event at ${iso(state.lastAt!)}`,
      )
    }
    previous = event.at
    const counts = (pages[event.path] ??= [0, 0, 0, 0, 0])
    if (event.type === 'page_view') {
      if (pageViews >= MAX_PAGE_VIEWS_PER_VISIT) {
        throw refuse(
          null,
          `this visit has already sent ${MAX_PAGE_VIEWS_PER_VISIT} page views, the most one visit may`,
        )
      }
      if (event.referrerHost !== null || event.source !== null) {
        if (referred) {
          const field = event.source !== null ? 'source' : 'referrerHost'
          throw refuse(field, `this visit has already named where it came from, which it may once`)
        }
        referred = true
      }
      pageViews += 1
      counts[0]! += 1
      if (source === null) {
        source = event.source ?? (event.referrerHost !== null ? 'other' : 'direct')
        tally.visits += 1
      }
      tally.pageViews += 1
      if (event.path.startsWith('/blog/')) tally.articleReads += 1
      if (!converted && isConversionPath(event.path)) {
        converted = true
        tally.conversions += 1
      }
      const page = pageKeyOf(event.path)
      if (page) tally.pages.set(page, (tally.pages.get(page) ?? 0) + 1)
    } else if (counts[0] === 0) {
      throw refuse(
        'path',
        `a ${event.type} event must follow a page view of its page in this visit`,
      )
    } else if (event.type === 'search') {
      if (!searches.includes(event.query)) {
        if (searches.length >= MAX_SEARCHES_PER_VISIT) {
          throw refuse(
            null,
            `this visit has already recorded ${MAX_SEARCHES_PER_VISIT} searches, the most one visit may`,
          )
        }
        searches.push(event.query)
        tally.searches.set(event.query, event.results)
      }
    } else if (event.type === 'operation_tried') {
      if (tries >= MAX_OPERATION_TRIES_PER_VISIT) {
        throw refuse(
          null,
          `this visit has already recorded ${MAX_OPERATION_TRIES_PER_VISIT} operations tried, the most one visit may`,
        )
      }
      tries += 1
      const key = JSON.stringify([event.apiId, event.operationKey])
      const figures = tally.operations.get(key) ?? { tries: 0, successes: 0 }
      figures.tries += 1
      if (event.status !== null && event.status >= 200 && event.status < 300) figures.successes += 1
      tally.operations.set(key, figures)
    } else {
      const step = SCROLL_DEPTHS.indexOf(event.depth) + 1
      if (counts[step]! >= counts[0]!) {
        throw refuse(
          'depth',
          `this visit has already reported ${event.depth}% on ${event.path} once for each view of it`,
        )
      }
      counts[step]! += 1
    }
  }
  tally.source = source
  return {
    state: {
      pageViews,
      referred,
      lastAt: Math.max(previous ?? 0, state.lastAt ?? 0),
      pages,
      source,
      converted,
      searches,
      tries,
    },
    tally,
  }
}

type VisitRow = {
  page_views: number
  referred: boolean
  last_at: string | number | null
  pages: PageCounts
  source: VisitSource | null
  converted: boolean
  searches: string[]
  tries: number
}

const seconds = (ms: number) => ms / 1000

/**
 * Checks the events against what the visit sent before, stores them and adds them to the day's
 * tallies, in one transaction with the visit's row locked, so batches arriving at several instances
 * at once are held to one count.
 * Resolves to whether this was the visit's first accepted batch.
 */
export const recordVisitEvents = (
  db: Db,
  claims: VisitClaims,
  events: IndexedEvent[],
  now: number,
): Promise<boolean> =>
  db.transaction(async (tx) => {
    const created = await tx.query(
      `insert into analytics_visits (visit_id, issued_at, expires_at)
       values ($1, to_timestamp($2::double precision), to_timestamp($3::double precision))
       on conflict (visit_id) do nothing returning visit_id`,
      [claims.visitId, seconds(claims.issuedAt), seconds(claims.expiresAt)],
    )
    const [row] = await tx.query<VisitRow>(
      `select page_views, referred, last_at, pages, source, converted, searches, tries
       from analytics_visits where visit_id = $1 for update`,
      [claims.visitId],
    )
    if (!row) throw new Error(`The analytics visit ${claims.visitId} could not be stored`)
    const { state: after, tally } = applyEvents(
      {
        pageViews: Number(row.page_views),
        referred: row.referred,
        lastAt: row.last_at === null ? null : Number(row.last_at),
        pages: row.pages,
        source: row.source,
        converted: row.converted,
        searches: row.searches,
        tries: Number(row.tries),
      },
      claims,
      events,
      now,
    )
    await insertEvents(
      tx,
      claims.visitId,
      events.map(({ event }) => event),
    )
    await tx.query(
      `update analytics_visits set page_views = $2, referred = $3, last_at = $4, pages = $5::jsonb,
         source = $6, converted = $7, searches = $8::jsonb, tries = $9
       where visit_id = $1`,
      [
        claims.visitId,
        after.pageViews,
        after.referred,
        after.lastAt,
        JSON.stringify(after.pages),
        after.source,
        after.converted,
        JSON.stringify(after.searches),
        after.tries,
      ],
    )
    await storeTally(tx, tally)
    return created.length > 0
  })

/** Deletes the rows of visits whose tokens expired over an hour ago: no batch can reach them. */
export const deleteExpiredVisits = async (db: Queryable, now: number) => {
  await db.query(
    'delete from analytics_visits where expires_at < to_timestamp($1::double precision)',
    [seconds(now - EXPIRED_VISIT_GRACE_MS)],
  )
}
