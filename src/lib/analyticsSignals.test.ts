import { expect, it } from 'vitest'
import { listenToAnalytics, reportToAnalytics, type AnalyticsSignal } from './analyticsSignals'

it('keeps what features report until the tracker listens, then passes each on', () => {
  const heard: AnalyticsSignal[] = []
  reportToAnalytics({ type: 'search', query: 'stripe', results: 3 })
  const stop = listenToAnalytics((signal) => heard.push(signal))
  expect(heard).toEqual([{ type: 'search', query: 'stripe', results: 3 }])
  reportToAnalytics({ type: 'operation_tried', apiId: 'a', operationKey: 'b', status: null })
  expect(heard).toHaveLength(2)
  stop()
  reportToAnalytics({ type: 'search', query: 'later', results: 0 })
  expect(heard).toHaveLength(2)
})
