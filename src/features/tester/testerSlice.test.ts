import { describe, expect, it } from 'vitest'
import { makeStore } from '@/lib/store/store'
import { emptyDraft } from './lib/draft'
import { historyEntry } from './lib/historyEntry'
import {
  checksChanged,
  selectChecks,
  HISTORY_LIMIT,
  historyCleared,
  requestRecorded,
  selectHistory,
} from './testerSlice'

const entry = (n: number) =>
  historyEntry(
    { ...emptyDraft, url: `https://api.example.com/${n}?api_key=secret${n}` },
    { id: String(n), status: 200, responseTime: 12, sentAt: '2026-01-01T00:00:00.000Z' },
  )

describe('testerSlice', () => {
  it('keeps the newest 50 requests, newest first, with secrets masked', () => {
    const store = makeStore()
    for (let n = 0; n < HISTORY_LIMIT + 5; n += 1) store.dispatch(requestRecorded(entry(n)))
    const history = selectHistory(store.getState())
    expect(history).toHaveLength(HISTORY_LIMIT)
    expect(history[0]?.id).toBe(String(HISTORY_LIMIT + 4))
    expect(history[0]?.url).toBe(`https://api.example.com/${HISTORY_LIMIT + 4}?api_key=*****`)
    store.dispatch(historyCleared())
    expect(selectHistory(store.getState())).toEqual([])
  })

  it('masks Authorization and API-key headers', () => {
    const masked = historyEntry(
      {
        ...emptyDraft,
        headersText: '{"Authorization":"Bearer abc","X-API-Key":"k","Accept":"*/*"}',
      },
      { id: '1', status: 'Error', responseTime: null, sentAt: '2026-01-01T00:00:00.000Z' },
    )
    expect(JSON.parse(masked.headersText)).toEqual({
      Authorization: 'Bearer ••••••',
      'X-API-Key': '••••••',
      Accept: '*/*',
    })
  })

  it('keeps the request’s checks, as edited or as a saved request brings them', () => {
    const store = makeStore()
    expect(selectChecks(store.getState())).toEqual([])
    const checks = [
      { id: 'a', kind: 'status', expected: '201' },
      { id: 'b', kind: 'time', maxMs: '500' },
    ] as const
    store.dispatch(checksChanged([...checks]))
    expect(selectChecks(store.getState())).toEqual(checks)
    store.dispatch(checksChanged([]))
    expect(selectChecks(store.getState())).toEqual([])
  })
})
