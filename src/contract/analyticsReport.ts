import { z } from 'zod'
import { SOURCES } from './analyticsRules'

/**
 * GET /api/analytics/report?days=N (staff): the first-party figures of the last N days, from the
 * daily tallies the server keeps as events arrive (docs/analytics.md).
 */

export const REPORT_RANGES = [7, 30, 90] as const
export type ReportRange = (typeof REPORT_RANGES)[number]

export const reportQuerySchema = z.object({
  days: z
    .string({ message: `must be one of ${REPORT_RANGES.join(', ')}` })
    .default('30')
    .pipe(
      z.enum(
        REPORT_RANGES.map(String) as [string, ...string[]],
        `must be one of ${REPORT_RANGES.join(', ')}`,
      ),
    )
    .transform((days) => Number(days) as ReportRange),
})
export type ReportQuery = z.infer<typeof reportQuerySchema>

/**
 * Where a visit came from, by its first page: one of our posts' networks, another site (a
 * referring host), or neither (typed in, a bookmark, or a browser that sends no referrer).
 */
export const VISIT_SOURCES = [...SOURCES, 'other', 'direct'] as const
export const visitSourceSchema = z.enum(VISIT_SOURCES)
export type VisitSource = z.infer<typeof visitSourceSchema>

export const VISIT_SOURCE_NAMES: Record<VisitSource, string> = {
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  reddit: 'Reddit',
  other: 'Other sites',
  direct: 'Direct',
}

const count = z.number().int().nonnegative()
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

export const dailyVisitsSchema = z.object({
  /** A UTC day, `YYYY-MM-DD`. */
  day: isoDay,
  ...(Object.fromEntries(VISIT_SOURCES.map((source) => [source, count])) as Record<
    VisitSource,
    typeof count
  >),
})
export type DailyVisits = z.infer<typeof dailyVisitsSchema>

export const sourceFiguresSchema = z.object({
  source: visitSourceSchema,
  /** Visits that began in the range. */
  visits: count,
  /** Views of blog articles (not the list) by those visits. */
  articleReads: count,
  /** Visits that reached an API's page or the tester, each once. */
  conversions: count,
})
export type SourceFigures = z.infer<typeof sourceFiguresSchema>

export const pageFiguresSchema = z.object({
  /** The API's id or the category's slug. */
  id: z.string(),
  /** Its name in the catalogue now; the id when it is no longer there. */
  name: z.string(),
  views: count,
})
export type PageFigures = z.infer<typeof pageFiguresSchema>

export const searchFiguresSchema = z.object({
  /** Normalised: lower case, single spaces, no email addresses or long numbers. */
  query: z.string(),
  searches: count,
  /** Entries the directory showed for it, the last time it was searched in the range. */
  results: count,
})
export type SearchFigures = z.infer<typeof searchFiguresSchema>

export const operationFiguresSchema = z.object({
  apiId: z.string(),
  apiName: z.string(),
  operationKey: z.string(),
  /** From the catalogue; null when the operation is no longer there. */
  method: z.string().nullable(),
  path: z.string().nullable(),
  tries: count,
  /** Tries answered with a 2xx status. */
  successes: count,
})
export type OperationFigures = z.infer<typeof operationFiguresSchema>

/** How many of each list the report carries at most. */
export const REPORT_LIMITS = { pages: 10, searches: 50, operations: 10 } as const

export const analyticsReportSchema = z.object({
  days: z.number().int(),
  /** The first and last UTC day of the range, inclusive; the last is today. */
  from: isoDay,
  to: isoDay,
  totals: z.object({
    visits: count,
    pageViews: count,
    searches: count,
    /** Searches that found no entry. */
    searchesWithoutResults: count,
    operationTries: count,
  }),
  /** One row per day of the range, oldest first, days without visits included. */
  visitsByDay: z.array(dailyVisitsSchema),
  /** One row per source, in VISIT_SOURCES order. */
  sources: z.array(sourceFiguresSchema),
  apis: z.array(pageFiguresSchema),
  categories: z.array(pageFiguresSchema),
  /** Queries that found nothing first, then by searches. */
  searches: z.array(searchFiguresSchema),
  operations: z.array(operationFiguresSchema),
})
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>

export const analyticsReportResponseSchema = z.object({
  success: z.literal(true),
  data: analyticsReportSchema,
})
export type AnalyticsReportResponse = z.infer<typeof analyticsReportResponseSchema>
