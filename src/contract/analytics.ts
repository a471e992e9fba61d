import { z } from 'zod'
import {
  MAX_EVENTS_PER_BATCH as MAX_BATCH,
  MAX_SEARCH_QUERY_LENGTH,
  normalizeSearchQuery,
  SCROLL_DEPTHS,
  SOURCES,
  VIEWPORTS,
} from './analyticsRules'

export {
  MAX_OPERATION_TRIES_PER_VISIT,
  MAX_PAGE_VIEWS_PER_VISIT,
  MAX_SEARCHES_PER_VISIT,
  normalizeSearchQuery,
  SCROLL_DEPTHS,
  SOURCES,
  VIEWPORTS,
  VISITS_ENDPOINT,
} from './analyticsRules'

/**
 * First-party analytics (docs/analytics.md): page views and scroll depth, no cookies, nothing that
 * identifies a person. A visit is a token the server signs (POST /api/analytics/visits) and the
 * tab keeps for its session only, so the server can tell "one visit reached the tester" without
 * knowing who made it, and can hold each visit to what one visit plausibly sends.
 */

export const viewportSchema = z.enum(VIEWPORTS, {
  message: `must be one of ${VIEWPORTS.join(', ')}`,
})
export type Viewport = z.infer<typeof viewportSchema>

/** Where a visit came from, when it came from one of our posts' networks. */
export const sourceSchema = z.enum(SOURCES, { message: `must be one of ${SOURCES.join(', ')}` })
export type Source = z.infer<typeof sourceSchema>

/** Paths only: a query string may carry things we must not store. */
export const analyticsPathSchema = z
  .string()
  .max(512, 'must be at most 512 characters')
  .regex(/^\/[^?#\s]*$/, 'must be a path starting with / without query, fragment or spaces')

/** Opaque to the page: the server checks its signature and expiry. */
export const visitTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,256}$/, 'must be a visit token from POST /api/analytics/visits')

/** When an event happened: ms since 1970 on the server's clock, as the page reckons it. */
export const eventTimeSchema = z
  .number({ message: 'must be a time in milliseconds since 1970' })
  .int('must be a whole number of milliseconds')
  .min(0, 'must be a time in milliseconds since 1970')
  .max(8_640_000_000_000_000, 'must be a time in milliseconds since 1970')

const hostnamePattern = /^(?=.{1,253}$)[a-z0-9-]+(?:\.[a-z0-9-]+)*$/i

const eventBase = {
  path: analyticsPathSchema,
  at: eventTimeSchema,
  viewport: viewportSchema,
}

export const pageViewEventSchema = z.object({
  type: z.literal('page_view'),
  ...eventBase,
  /** The referring site's host name only, or null (direct, or from this site). */
  referrerHost: z
    .string()
    .regex(hostnamePattern, 'must be a host name such as news.ycombinator.com')
    .nullable()
    .default(null),
  /** The network of the post the visit started from, if any. */
  source: sourceSchema.nullable().default(null),
})

export const scrollDepthEventSchema = z.object({
  type: z.literal('scroll_depth'),
  ...eventBase,
  depth: z.union(
    SCROLL_DEPTHS.map((depth) => z.literal(depth)),
    {
      message: `must be one of ${SCROLL_DEPTHS.join(', ')}`,
    },
  ),
})

/**
 * A search the visitor settled on in the directory, with how many entries it found. The query is
 * stored normalised (normalizeSearchQuery); one that is empty once normalised is refused.
 */
export const searchEventSchema = z.object({
  type: z.literal('search'),
  ...eventBase,
  query: z
    .string({ message: 'must be the text searched for' })
    .max(1000, 'must be at most 1000 characters')
    .transform(normalizeSearchQuery)
    .pipe(
      z
        .string()
        .min(1, 'must hold a word once normalised')
        .max(MAX_SEARCH_QUERY_LENGTH, `must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`),
    ),
  results: z
    .number({ message: 'must be the number of entries found' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(1_000_000, 'must be at most 1000000'),
})

/** An operation of the catalogue sent from the tester, and the status it answered (null: none). */
export const operationTriedEventSchema = z.object({
  type: z.literal('operation_tried'),
  ...eventBase,
  apiId: z
    .string({ message: 'must be an API id' })
    .regex(/^[a-z0-9][a-z0-9._-]{0,199}$/, 'must be an API id such as stripe-com'),
  operationKey: z
    .string({ message: 'must be an operation key' })
    .min(1, 'must not be empty')
    .max(300, 'must be at most 300 characters')
    .regex(/^\P{Cc}+$/u, 'must not hold control characters'),
  status: z
    .number({ message: 'must be an HTTP status or null' })
    .int('must be a whole number')
    .min(100, 'must be an HTTP status from 100 to 599')
    .max(599, 'must be an HTTP status from 100 to 599')
    .nullable(),
})

export const analyticsEventSchema = z.discriminatedUnion('type', [
  pageViewEventSchema,
  scrollDepthEventSchema,
  searchEventSchema,
  operationTriedEventSchema,
])
export type AnalyticsEvent = z.input<typeof analyticsEventSchema>
export type ParsedAnalyticsEvent = z.output<typeof analyticsEventSchema>

export { MAX_EVENTS_PER_BATCH } from './analyticsRules'

/**
 * One visit's events, in the order they happened. The server holds a visit to what one visit
 * sends (server/analytics/visits.ts): times that never go back, at most
 * MAX_PAGE_VIEWS_PER_VISIT page views, a referrer and source on its first page view only, and
 * each scroll step once per page view, after that page's view.
 */
export const analyticsBatchSchema = z.object({
  token: visitTokenSchema,
  events: z
    .array(analyticsEventSchema)
    .min(1, 'must hold at least one event')
    .max(MAX_BATCH, `must hold at most ${MAX_BATCH} events`),
})
export type AnalyticsBatch = z.input<typeof analyticsBatchSchema>

export const analyticsAcceptedSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** Stored. */
    accepted: z.number().int().nonnegative(),
    /** Not stored on purpose: staff pages, or the visitor asked not to be tracked. */
    ignored: z.number().int().nonnegative(),
  }),
})
export type AnalyticsAccepted = z.infer<typeof analyticsAcceptedSchema>

/** POST /api/analytics/visits: a new visit's token, good until expiresAt. */
export const analyticsVisitSchema = z.object({
  success: z.literal(true),
  data: z.object({
    token: z.string(),
    /** The server's clock when it signed the token (ms); the page times its events by it. */
    issuedAt: z.number().int(),
    expiresAt: z.number().int(),
  }),
})
export type AnalyticsVisit = z.infer<typeof analyticsVisitSchema>
