import { z } from 'zod'

export const metricsSchema = z.object({
  /** ms */
  pageLoadTime: z.number(),
  /** ms */
  apiResponseTime: z.number(),
  /** percent */
  errorRate: z.number(),
  /** percent */
  uptime: z.number(),
  /** percent */
  memoryUsage: z.number(),
  /** percent */
  cpuUsage: z.number(),
})
export type Metrics = z.infer<typeof metricsSchema>
export type MetricKey = keyof Metrics

export const alertTypes = ['error', 'performance', 'uptime', 'memory', 'api'] as const
export const severities = ['high', 'medium', 'low'] as const

export const alertSchema = z.object({
  id: z.string(),
  type: z.enum(alertTypes),
  message: z.string(),
  severity: z.enum(severities),
  /** ISO date-time */
  timestamp: z.string(),
  acknowledged: z.boolean(),
})
export type Alert = z.infer<typeof alertSchema>
export type Severity = Alert['severity']

/** One refresh of the monitor, kept for the history chart. */
export const readingSchema = z.object({ at: z.number(), metrics: metricsSchema })
export type Reading = z.infer<typeof readingSchema>

export const monitorStateSchema = z.object({
  active: z.boolean(),
  metrics: metricsSchema,
  alerts: z.array(alertSchema),
  history: z.array(readingSchema),
})
export type MonitorState = z.infer<typeof monitorStateSchema>

/** What one tick brings: new metrics at a time, and sometimes an alert. */
export type Tick = Reading & { alert: Alert | null }

/** A source of chance in [0, 1), like `Math.random`. */
export type RandomSource = () => number

/** The monitor's sense of time: what time it is, and a repeating timer that can be stopped. */
export type MonitorClock = {
  now: () => number
  every: (ms: number, callback: () => void) => () => void
}
