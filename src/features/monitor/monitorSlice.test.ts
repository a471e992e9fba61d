import { describe, expect, it } from 'vitest'
import { makeStore } from '@/lib/store/store'
import { sequenceRandom } from './manualClock'
import {
  ALERT_CHANCE,
  alertTemplates,
  barValue,
  formatMetric,
  HISTORY_LENGTH,
  makeTick,
  MAX_ALERTS,
  metricLevel,
  metricRules,
  REFRESH_MS,
} from './monitorRules'
import {
  alertAcknowledged,
  alertDismissed,
  initialMonitorState,
  monitorReset,
  monitorRestored,
  monitorTicked,
  monitorToggled,
  selectAlerts,
  selectHistory,
  selectIsActive,
  selectMetrics,
  selectUnacknowledgedCount,
} from './monitorSlice'
import type { MetricKey } from './types'

const rule = (key: MetricKey) => metricRules.find((item) => item.key === key)!
const AT = Date.UTC(2026, 0, 1, 12, 0, 0)

/** Six metric draws, then the alert draw and the alert pick. */
const withAlert = (pick: number) => sequenceRandom([0, 0, 0, 0, 0, 0, 0.05, pick])

describe('monitor rules', () => {
  it('refreshes every 5000 ms, with a 10% alert chance and at most 10 alerts', () => {
    expect(REFRESH_MS).toBe(5000)
    expect(ALERT_CHANCE).toBe(0.1)
    expect(MAX_ALERTS).toBe(10)
  })

  it('draws every metric within its range: the bottom at 0 and the top as chance nears 1', () => {
    const low = makeTick(() => 0, AT).metrics
    expect(low).toEqual({
      pageLoadTime: 500,
      apiResponseTime: 100,
      errorRate: 0,
      uptime: 99.5,
      memoryUsage: 30,
      cpuUsage: 10,
    })
    const high = makeTick(() => 0.999999, AT).metrics
    expect(high.pageLoadTime).toBeCloseTo(2500, 2)
    expect(high.apiResponseTime).toBeCloseTo(1100, 2)
    expect(high.errorRate).toBeCloseTo(5, 4)
    expect(high.uptime).toBeCloseTo(100, 4)
    expect(high.memoryUsage).toBeCloseTo(80, 3)
    expect(high.cpuUsage).toBeCloseTo(50, 3)
    const middle = makeTick(() => 0.5, AT).metrics
    expect(middle).toEqual({
      pageLoadTime: 1500,
      apiResponseTime: 600,
      errorRate: 2.5,
      uptime: 99.75,
      memoryUsage: 55,
      cpuUsage: 30,
    })
  })

  it('adds an alert only when the chance draw is under 10%, picking one of the five', () => {
    expect(makeTick(sequenceRandom([0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.1]), AT).alert).toBeNull()
    const picks = [0, 0.2, 0.4, 0.6, 0.99].map((pick) => makeTick(withAlert(pick), AT).alert)
    expect(picks.map((alert) => [alert?.message, alert?.severity, alert?.type])).toEqual([
      ['High error rate detected', 'high', 'error'],
      ['Page load time exceeded threshold', 'medium', 'performance'],
      ['Service availability below 99%', 'high', 'uptime'],
      ['Memory usage above 80%', 'medium', 'memory'],
      ['API response time degraded', 'low', 'api'],
    ])
    expect(picks[0]).toEqual({
      ...alertTemplates[0],
      id: `alert-${AT}`,
      timestamp: '2026-01-01T12:00:00.000Z',
      acknowledged: false,
    })
  })

  it.each([
    ['pageLoadTime', 1499, 1500, 1999, 2000],
    ['apiResponseTime', 499, 500, 999, 1000],
    ['errorRate', 1.9, 2, 4.9, 5],
    ['memoryUsage', 69.9, 70, 84.9, 85],
    ['cpuUsage', 59.9, 60, 79.9, 80],
  ] as const)('%s turns yellow at its medium and red at its high threshold', (key, g, w, w2, c) => {
    expect(metricLevel(rule(key), g)).toBe('good')
    expect(metricLevel(rule(key), w)).toBe('warning')
    expect(metricLevel(rule(key), w2)).toBe('warning')
    expect(metricLevel(rule(key), c)).toBe('critical')
  })

  it('judges uptime by its shortfall from 100: yellow from 0.5, red from 1', () => {
    expect(metricLevel(rule('uptime'), 99.6)).toBe('good')
    expect(metricLevel(rule('uptime'), 99.5)).toBe('warning')
    expect(metricLevel(rule('uptime'), 99.1)).toBe('warning')
    expect(metricLevel(rule('uptime'), 99)).toBe('critical')
  })

  it('fills the bars on their scales: 3000 ms, 1500 ms, 10%, and 100% for the rest', () => {
    expect(barValue(rule('pageLoadTime'), 1500)).toBe(50)
    expect(barValue(rule('apiResponseTime'), 750)).toBe(50)
    expect(barValue(rule('errorRate'), 2.5)).toBe(25)
    expect(barValue(rule('uptime'), 99.9)).toBe(99.9)
    expect(barValue(rule('apiResponseTime'), 320)).toBe(21.3)
    expect(barValue(rule('memoryUsage'), 54)).toBe(54)
    expect(barValue(rule('cpuUsage'), 27)).toBe(27)
    expect(barValue(rule('pageLoadTime'), 4000)).toBe(100)
  })

  it('shows durations in whole ms and percentages with 1 decimal, and the metric targets', () => {
    expect(formatMetric(rule('pageLoadTime'), 1245.6)).toBe('1,246 ms')
    expect(formatMetric(rule('apiResponseTime'), 320.4)).toBe('320 ms')
    expect(formatMetric(rule('errorRate'), 0.84)).toBe('0.8%')
    expect(formatMetric(rule('uptime'), 99.92)).toBe('99.9%')
    expect(formatMetric(rule('memoryUsage'), 54.25)).toBe('54.3%')
    expect(metricRules.map((item) => [item.label, item.target])).toEqual([
      ['Page Load Time', 'Target: under 1500 ms'],
      ['API Response Time', 'Target: under 500 ms'],
      ['Error Rate', 'Target: under 2%'],
      ['Uptime', 'Target: over 99.5%'],
      ['Memory Usage', 'Target: under 70%'],
      ['CPU Usage', 'Target: under 60%'],
    ])
  })
})

describe('monitor slice', () => {
  it('starts active, with healthy metrics, no alerts and no history', () => {
    const state = makeStore().getState()
    expect(selectIsActive(state)).toBe(true)
    expect(selectMetrics(state)).toEqual(initialMonitorState.metrics)
    for (const item of metricRules) {
      expect(metricLevel(item, selectMetrics(state)[item.key])).toBe('good')
    }
    expect(selectAlerts(state)).toEqual([])
    expect(selectHistory(state)).toEqual([])
  })

  it('pauses and resumes', () => {
    const store = makeStore()
    store.dispatch(monitorToggled())
    expect(selectIsActive(store.getState())).toBe(false)
    store.dispatch(monitorToggled())
    expect(selectIsActive(store.getState())).toBe(true)
  })

  it('replaces all six metrics on a tick and keeps the reading in the history', () => {
    const store = makeStore()
    const tick = makeTick(() => 0.5, AT)
    store.dispatch(monitorTicked(tick))
    expect(selectMetrics(store.getState())).toEqual(tick.metrics)
    expect(selectHistory(store.getState())).toEqual([{ at: AT, metrics: tick.metrics }])
    expect(selectAlerts(store.getState())).toEqual([])
  })

  it('ignores a tick while paused', () => {
    const store = makeStore()
    store.dispatch(monitorToggled())
    store.dispatch(monitorTicked(makeTick(withAlert(0), AT)))
    expect(selectMetrics(store.getState())).toEqual(initialMonitorState.metrics)
    expect(selectAlerts(store.getState())).toEqual([])
  })

  it('puts a new alert first and keeps at most 10', () => {
    const store = makeStore()
    for (let index = 0; index < 12; index += 1) {
      store.dispatch(monitorTicked(makeTick(withAlert(index / 12), AT + index * REFRESH_MS)))
    }
    const alerts = selectAlerts(store.getState())
    expect(alerts).toHaveLength(10)
    expect(alerts[0]?.id).toBe(`alert-${AT + 11 * REFRESH_MS}`)
    expect(alerts[9]?.id).toBe(`alert-${AT + 2 * REFRESH_MS}`)
  })

  it(`keeps the last ${HISTORY_LENGTH} readings for the chart`, () => {
    const store = makeStore()
    for (let index = 0; index < HISTORY_LENGTH + 5; index += 1) {
      store.dispatch(monitorTicked(makeTick(() => 0.5, AT + index * REFRESH_MS)))
    }
    const history = selectHistory(store.getState())
    expect(history).toHaveLength(HISTORY_LENGTH)
    expect(history[0]?.at).toBe(AT + 5 * REFRESH_MS)
    expect(history.at(-1)?.at).toBe(AT + (HISTORY_LENGTH + 4) * REFRESH_MS)
  })

  it('acknowledges and dismisses alerts', () => {
    const store = makeStore()
    store.dispatch(monitorTicked(makeTick(withAlert(0), AT)))
    store.dispatch(monitorTicked(makeTick(withAlert(0.99), AT + REFRESH_MS)))
    expect(selectUnacknowledgedCount(store.getState())).toBe(2)
    store.dispatch(alertAcknowledged({ id: `alert-${AT}` }))
    expect(selectAlerts(store.getState()).map((a) => a.acknowledged)).toEqual([false, true])
    expect(selectUnacknowledgedCount(store.getState())).toBe(1)
    store.dispatch(alertDismissed({ id: `alert-${AT + REFRESH_MS}` }))
    expect(selectAlerts(store.getState()).map((a) => a.message)).toEqual([
      'High error rate detected',
    ])
    store.dispatch(alertDismissed({ id: 'no-such-alert' }))
    expect(selectAlerts(store.getState())).toHaveLength(1)
  })

  it('restores saved state and resets to the start', () => {
    const store = makeStore()
    store.dispatch(
      monitorRestored({
        ...initialMonitorState,
        active: false,
        history: [{ at: AT, metrics: initialMonitorState.metrics }],
      }),
    )
    expect(selectIsActive(store.getState())).toBe(false)
    expect(selectHistory(store.getState())).toHaveLength(1)
    store.dispatch(monitorReset())
    expect(store.getState().monitor).toEqual(initialMonitorState)
  })
})
