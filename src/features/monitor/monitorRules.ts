import { formatMs, formatPercent } from '@/lib/format'
import type { Alert, MetricKey, Metrics, RandomSource, Tick } from './types'

/** The monitor refreshes every 5 s, adds an alert with 10% chance, keeps 10 alerts. */
export const REFRESH_MS = 5000
export const ALERT_CHANCE = 0.1
export const MAX_ALERTS = 10
/** How many readings the history chart shows. */
export const HISTORY_LENGTH = 20

export type MetricLevel = 'good' | 'warning' | 'critical'

export type MetricRule = {
  key: MetricKey
  label: string
  unit: 'ms' | '%'
  /** The random range of a refresh. */
  range: readonly [min: number, max: number]
  /** Where the colour turns yellow, then red. For uptime these apply to the shortfall, 100 − uptime. */
  medium: number
  high: number
  /** The value of a full progress bar. */
  scale: number
  target: string
}

/** Each metric's random range, colour thresholds, bar scale and target, in card order. */
export const metricRules: readonly MetricRule[] = [
  {
    key: 'pageLoadTime',
    label: 'Page Load Time',
    unit: 'ms',
    range: [500, 2500],
    medium: 1500,
    high: 2000,
    scale: 3000,
    target: 'Target: under 1500 ms',
  },
  {
    key: 'apiResponseTime',
    label: 'API Response Time',
    unit: 'ms',
    range: [100, 1100],
    medium: 500,
    high: 1000,
    scale: 1500,
    target: 'Target: under 500 ms',
  },
  {
    key: 'errorRate',
    label: 'Error Rate',
    unit: '%',
    range: [0, 5],
    medium: 2,
    high: 5,
    scale: 10,
    target: 'Target: under 2%',
  },
  {
    key: 'uptime',
    label: 'Uptime',
    unit: '%',
    range: [99.5, 100],
    medium: 0.5,
    high: 1,
    scale: 100,
    target: 'Target: over 99.5%',
  },
  {
    key: 'memoryUsage',
    label: 'Memory Usage',
    unit: '%',
    range: [30, 80],
    medium: 70,
    high: 85,
    scale: 100,
    target: 'Target: under 70%',
  },
  {
    key: 'cpuUsage',
    label: 'CPU Usage',
    unit: '%',
    range: [10, 50],
    medium: 60,
    high: 80,
    scale: 100,
    target: 'Target: under 60%',
  },
]

/** Green below medium, yellow from medium, red from high; uptime is judged by its shortfall. */
export function metricLevel(rule: MetricRule, value: number): MetricLevel {
  const measured = rule.key === 'uptime' ? 100 - value : value
  if (measured >= rule.high) return 'critical'
  if (measured >= rule.medium) return 'warning'
  return 'good'
}

/** How full the progress bar is, 0 to 100, to 1 decimal (what assistive technology reads out). */
export function barValue(rule: MetricRule, value: number) {
  const percent = Math.min(100, Math.max(0, (value / rule.scale) * 100))
  return Math.round(percent * 10) / 10
}

/** Durations in whole ms, percentages with 1 decimal. */
export function formatMetric(rule: MetricRule, value: number) {
  return rule.unit === 'ms' ? formatMs(value) : formatPercent(value, 1)
}

/** The five simulated alerts. */
export const alertTemplates: readonly Pick<Alert, 'type' | 'message' | 'severity'>[] = [
  { type: 'error', message: 'High error rate detected', severity: 'high' },
  { type: 'performance', message: 'Page load time exceeded threshold', severity: 'medium' },
  { type: 'uptime', message: 'Service availability below 99%', severity: 'high' },
  { type: 'memory', message: 'Memory usage above 80%', severity: 'medium' },
  { type: 'api', message: 'API response time degraded', severity: 'low' },
]

/**
 * One refresh: each metric drawn from its range in card order, then one draw for the 10% alert
 * chance and, when it hits, one to pick which of the five alerts.
 */
export function makeTick(random: RandomSource, at: number): Tick {
  const metrics = Object.fromEntries(
    metricRules.map((rule) => {
      const [min, max] = rule.range
      return [rule.key, min + random() * (max - min)]
    }),
  ) as Metrics
  let alert: Alert | null = null
  if (random() < ALERT_CHANCE) {
    const index = Math.min(alertTemplates.length - 1, Math.floor(random() * alertTemplates.length))
    alert = {
      ...alertTemplates[index]!,
      id: `alert-${at}`,
      timestamp: new Date(at).toISOString(),
      acknowledged: false,
    }
  }
  return { at, metrics, alert }
}

/** The real clock: `Date.now` and `setInterval`. */
export const systemClock = {
  now: () => Date.now(),
  every: (ms: number, callback: () => void) => {
    const timer = setInterval(callback, ms)
    return () => clearInterval(timer)
  },
}
