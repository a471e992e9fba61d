import { useEffect, useState } from 'react'
import { toStoredHistory } from '@/contract/testerRequestModel'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import { historyLoaded, selectHistory, type HistoryEntry } from '../testerSlice'

export const HISTORY_STORAGE_KEY = 'api-atlas:tester-history'

/**
 * What the browser kept, migrated to the current request model by the contract's schema, which
 * loads only when something was kept: a first visit's page does not carry it.
 */
async function readStored(storage: Storage | undefined): Promise<HistoryEntry[] | null> {
  try {
    const raw = storage?.getItem(HISTORY_STORAGE_KEY)
    if (!raw) return null
    const parsed: unknown = JSON.parse(raw)
    const { readHistory } = await import('@/contract/testerRequest')
    return readHistory(parsed)
  } catch {
    return null
  }
}

/** Keeps the history in local storage (already masked by the slice), loading it once. */
export function useHistoryPersistence(storage: Storage | undefined = globalThis.localStorage) {
  const dispatch = useAppDispatch()
  const history = useAppSelector(selectHistory)
  const [loaded, setLoaded] = useState(false)
  const preloaded = history.length > 0

  useEffect(() => {
    let current = true
    void readStored(storage).then((stored) => {
      if (!current) return
      // A store preloaded with history (a story, a test) wins over what the browser kept.
      if (stored && stored.length > 0 && !preloaded) dispatch(historyLoaded(stored))
      setLoaded(true)
    })
    return () => {
      current = false
    }
    // Once: what was kept is read when the tester opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, storage])

  useEffect(() => {
    // Not before what was kept is read: the empty history would overwrite it.
    if (!loaded) return
    try {
      storage?.setItem(HISTORY_STORAGE_KEY, JSON.stringify(history.map(toStoredHistory)))
    } catch {
      // Private mode or a full quota: history simply is not kept.
    }
  }, [history, loaded, storage])
}
