import { act, render, waitFor } from '@testing-library/react'
import { Provider } from 'react-redux'
import { describe, expect, it } from 'vitest'
import { toStoredHistory } from '@/contract/testerRequestModel'
import { makeStore } from '@/lib/store/store'
import { requestRecorded, selectHistory } from '../testerSlice'
import { emptyDraft } from './draft'
import { historyEntry } from './historyEntry'
import { HISTORY_STORAGE_KEY, useHistoryPersistence } from './useHistoryPersistence'

/** Local storage as a map, with every value written kept in order. */
const memoryStorage = (kept?: string) => {
  const items = new Map<string, string>(kept === undefined ? [] : [[HISTORY_STORAGE_KEY, kept]])
  const storage = {
    written: [] as string[],
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      storage.written.push(value)
      items.set(key, value)
    },
  }
  return storage
}

const entry = (id: string, url: string) =>
  historyEntry(
    { ...emptyDraft, url },
    { id, status: 200, responseTime: 12, sentAt: '2026-01-01T00:00:00.000Z' },
  )

const keptIds = (storage: { getItem: (key: string) => string | null }) =>
  (JSON.parse(storage.getItem(HISTORY_STORAGE_KEY) ?? '[]') as { id: string }[]).map((e) => e.id)

function mount(storage: ReturnType<typeof memoryStorage>) {
  const store = makeStore()
  let renders = 0
  function Probe() {
    renders += 1
    useHistoryPersistence(storage as unknown as Storage)
    return null
  }
  render(
    <Provider store={store}>
      <Probe />
    </Provider>,
  )
  return { store, renders: () => renders }
}

describe('useHistoryPersistence', () => {
  it('reads what was kept without drawing its component again when nothing was', async () => {
    const storage = memoryStorage()
    const { renders } = mount(storage)
    // The read ends with the (empty) history written.
    await waitFor(() => expect(storage.written.length).toBeGreaterThan(0))
    expect(keptIds(storage)).toEqual([])
    // The tester's whole workspace uses this hook: a second render here is a second drawing of it,
    // in one task, just after the page hydrates.
    expect(renders()).toBe(1)
  })

  it('loads what was kept, and keeps a request recorded while it was being read', async () => {
    const storage = memoryStorage(JSON.stringify([toStoredHistory(entry('old', 'https://a.test'))]))
    const { store } = mount(storage)
    // Recorded before the read ends (reading loads the contract's schema, a module of its own).
    act(() => {
      store.dispatch(requestRecorded(entry('new', 'https://b.test')))
    })
    await waitFor(() => expect(keptIds(storage)).toEqual(['new', 'old']))
    expect(selectHistory(store.getState()).map((e) => e.id)).toEqual(['new', 'old'])
  })

  it('never writes the empty history over what was kept before reading it', async () => {
    const kept = JSON.stringify([toStoredHistory(entry('old', 'https://a.test'))])
    const storage = memoryStorage(kept)
    const { store } = mount(storage)
    await waitFor(() => expect(selectHistory(store.getState())).toHaveLength(1))
    await waitFor(() => expect(storage.written.length).toBeGreaterThan(0))
    for (const value of storage.written) expect(value).toContain('"old"')
  })
})
