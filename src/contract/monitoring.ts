import { z } from 'zod'
import { apiHealthSchema, verifiedSchema } from './apiHealth'
import { withoutBlanks } from './apis'
import { categorySlugSchema } from './categories'

const isoDateTime = z.iso.datetime({ offset: true })

export const CONFORMANCE_STATUSES = ['matches', 'drifted', 'undocumented-status'] as const

/** Where an answer departs from its document: a JSON pointer into `{ status, headers, body }`. */
export const violationSchema = z.object({
  pointer: z.string(),
  expected: z.string(),
  actual: z.string(),
})
export type Violation = z.infer<typeof violationSchema>

/** The last conformance check of one safe operation. */
export const conformanceSchema = z.object({
  operationKey: z.string(),
  status: z.enum(CONFORMANCE_STATUSES),
  violations: z.array(violationSchema),
  checkedAt: isoDateTime,
  /** The status the operation answered with. */
  httpStatus: z.number().int().nullable(),
  /** Since when the operation has been in this state. */
  since: isoDateTime,
})
export type Conformance = z.infer<typeof conformanceSchema>

export const SPEC_CHANGE_SOURCES = ['observed', 'directory'] as const

/** A change of an API's operations between two versions of its document. */
export const specChangeSchema = z.object({
  operationKey: z.string().nullable(),
  /** As oasdiff grades them: breaking (ERR), warning (WARN), info (INFO). */
  level: z.enum(['breaking', 'warning', 'info']),
  /** oasdiff's name for the check, e.g. `endpoint-removed`. */
  category: z.string(),
  message: z.string(),
  fromVersion: z.string(),
  toVersion: z.string(),
  /** When it was found; for a change of the directory, when its newer snapshot was published. */
  detectedAt: isoDateTime,
  /**
   * `observed`: this server found it, between two versions of a document it held.
   * `directory`: it lies between two published snapshots of the APIs.guru directory, as the
   * catalogue's change seed records them; nobody here saw it happen.
   */
  source: z.enum(SPEC_CHANGE_SOURCES),
})
export type SpecChange = z.infer<typeof specChangeSchema>

/** A change of state: the API going up or down, an operation starting or stopping to match. */
export const monitoringEventSchema = z.object({
  at: isoDateTime,
  kind: z.enum(['up', 'down', ...CONFORMANCE_STATUSES]),
  operationKey: z.string().nullable(),
  detail: z.string().nullable(),
})
export type MonitoringEvent = z.infer<typeof monitoringEventSchema>

/** One day of the last 30: how often it answered, and how fast (p50 and p95, in ms). */
export const latencyDaySchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  checks: z.number().int().nonnegative(),
  up: z.number().int().nonnegative(),
  p50Ms: z.number().int().nonnegative().nullable(),
  p95Ms: z.number().int().nonnegative().nullable(),
})
export type LatencyDay = z.infer<typeof latencyDaySchema>

/** What the checker can do for this API, so an empty page says why. */
export const monitoringChecksSchema = z.object({
  /** The scheduled checker runs on this server (HEALTH_CHECKS). */
  enabled: z.boolean(),
  /** Since when every run has found no network from this server; null when it has one. */
  networkUnavailableSince: isoDateTime.nullable(),
  /** An entry of this server's own overlay (CATALOGUE_OVERLAY). */
  local: z.boolean(),
  /** false for a local entry whose host TESTER_ALLOWED_HOSTS does not name: never checked. */
  reachable: z.boolean(),
  /** The server holds the API's document, so its safe operations are checked against it. */
  conformanceChecked: z.boolean(),
})
export type MonitoringChecks = z.infer<typeof monitoringChecksSchema>

/**
 * The monitoring answer's own API: enough for its page to draw without the API's record, which for
 * a large API is too big to come inside the page.
 */
export const monitoredApiSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  category: categorySlugSchema,
  /** An entry of this server's overlay (CATALOGUE_OVERLAY). */
  local: z.boolean(),
})
export type MonitoredApi = z.infer<typeof monitoredApiSchema>

export const monitoringSchema = z.object({
  apiId: z.string(),
  api: monitoredApiSchema,
  health: apiHealthSchema.nullable(),
  conformance: z.array(conformanceSchema),
  verified: verifiedSchema.nullable(),
  changes: z.array(specChangeSchema),
  events: z.array(monitoringEventSchema),
  latency: z.array(latencyDaySchema),
  checks: monitoringChecksSchema,
})
export type Monitoring = z.infer<typeof monitoringSchema>

export const monitoringResponseSchema = z.object({
  success: z.literal(true),
  data: monitoringSchema,
})
export type MonitoringResponse = z.infer<typeof monitoringResponseSchema>

/** At most this many entries per list of the overview: the rest are counted, not sent. */
export const OVERVIEW_LIST_LIMIT = 50
/** Violations sent per drifted operation in the overview; its page has them all. */
export const OVERVIEW_VIOLATIONS = 3
/** How far back the overview's "recently" reaches, in days. */
export const OVERVIEW_RECENT_DAYS = 30

/** GET /api/monitoring/overview?category=: the whole catalogue, or one category. */
export const monitoringOverviewQuerySchema = withoutBlanks(
  z.object({ category: categorySlugSchema.optional() }),
)
export type MonitoringOverviewQuery = z.infer<typeof monitoringOverviewQuerySchema>

/** An API found down by its last check. */
export const overviewDownSchema = z.object({
  api: monitoredApiSchema,
  checkedAt: isoDateTime,
  /** When it last went down (its timeline's last `down`); null when the timeline is older. */
  since: isoDateTime.nullable(),
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
})
export type OverviewDown = z.infer<typeof overviewDownSchema>

/** An operation whose last answer departed from its document. */
export const overviewDriftSchema = z.object({
  api: monitoredApiSchema,
  operationKey: z.string(),
  status: z.enum(['drifted', 'undocumented-status']),
  /** The first OVERVIEW_VIOLATIONS; violationCount says how many there are. */
  violations: z.array(violationSchema).max(OVERVIEW_VIOLATIONS),
  violationCount: z.number().int().nonnegative(),
  httpStatus: z.number().int().nullable(),
  checkedAt: isoDateTime,
  since: isoDateTime,
})
export type OverviewDrift = z.infer<typeof overviewDriftSchema>

/** An API found up again, after being down, in the last OVERVIEW_RECENT_DAYS. */
export const overviewRecoveredSchema = z.object({
  api: monitoredApiSchema,
  at: isoDateTime,
  /** When it had gone down. */
  downAt: isoDateTime,
})
export type OverviewRecovered = z.infer<typeof overviewRecoveredSchema>

export const overviewChangeSchema = specChangeSchema.extend({ api: monitoredApiSchema })
export type OverviewChange = z.infer<typeof overviewChangeSchema>

/** A list of the overview: its first OVERVIEW_LIST_LIMIT entries, newest first, and how many. */
const overviewList = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number().int().nonnegative(), items: z.array(item).max(OVERVIEW_LIST_LIMIT) })

export const monitoringOverviewSchema = z.object({
  category: categorySlugSchema.nullable(),
  down: overviewList(overviewDownSchema),
  drifted: overviewList(overviewDriftSchema),
  recovered: overviewList(overviewRecoveredSchema),
  /**
   * Changes between document versions found in the last OVERVIEW_RECENT_DAYS, and those between
   * the directory's last two snapshots (`source: 'directory'`) whatever their age; newest first,
   * each API's most severe change before any API's next one.
   */
  changes: overviewList(overviewChangeSchema),
  checks: z.object({
    enabled: z.boolean(),
    networkUnavailableSince: isoDateTime.nullable(),
    /** APIs (of the category) with at least one measured check. */
    checkedApis: z.number().int().nonnegative(),
    /** APIs (of the category) verified working now. */
    verified: z.number().int().nonnegative(),
  }),
})
export type MonitoringOverview = z.infer<typeof monitoringOverviewSchema>

export const monitoringOverviewResponseSchema = z.object({
  success: z.literal(true),
  data: monitoringOverviewSchema,
})
export type MonitoringOverviewResponse = z.infer<typeof monitoringOverviewResponseSchema>
