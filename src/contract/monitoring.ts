import { z } from 'zod'
import { apiHealthSchema, verifiedSchema } from './apiHealth'

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
  detectedAt: isoDateTime,
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

export const monitoringSchema = z.object({
  apiId: z.string(),
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
