import { useEffect, useRef } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import { historyLoaded, selectHistory, type HistoryEntry } from '../testerSlice'

export const HISTORY_STORAGE_KEY = 'api-atlas:tester-history'

const isEntry = (value: unknown): value is HistoryEntry =>
  Boolean(value) &&
  typeof value === 'object' &&
  typeof (value as HistoryEntry).id === 'string' &&
  typeof (value as HistoryEntry).url === 'string' &&
  typeof (value as HistoryEntry).method === 'string'

function readStored(storage: Storage | undefined): HistoryEntry[] | null {
  try {
    const raw = storage?.getItem(HISTORY_STORAGE_KEY)
    if (!raw) return null
    const parsed: unknown = JSON.parse(raw)
    return Array.isArray(parsed) ? parsed.filter(isEntry) : null
  } catch {
    return null
  }
}

/** Keeps the history in local storage (already masked by the slice), loading it once. */
export function useHistoryPersistence(storage: Storage | undefined = globalThis.localStorage) {
  const dispatch = useAppDispatch()
  const history = useAppSelector(selectHistory)
  const loaded = useRef(false)

  useEffect(() => {
    if (loaded.current) return
    loaded.current = true
    const stored = readStored(storage)
    // A store preloaded with history (a story, a test) wins over what the browser kept.
    if (stored && stored.length > 0 && history.length === 0) dispatch(historyLoaded(stored))
  }, [dispatch, history.length, storage])

  useEffect(() => {
    if (!loaded.current) return
    try {
      storage?.setItem(HISTORY_STORAGE_KEY, JSON.stringify(history))
    } catch {
      // Private mode or a full quota: history simply is not kept.
    }
  }, [history, storage])
}
