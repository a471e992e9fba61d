import { useEffect, useRef } from 'react'
import { toStoredHistory } from '@/contract/testerRequestModel'
import { useAppDispatch, useAppSelector, useAppStore } from '@/lib/store/hooks'
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

/**
 * Keeps the history in local storage (already masked by the slice), loading it once.
 *
 * Whether what was kept has been read is a ref, not state: nothing drawn depends on it, and a state
 * set when the read ends would draw the tester's whole workspace again just after it hydrates, an
 * update outside a transition that React renders in one task.
 */
export function useHistoryPersistence(storage: Storage | undefined = globalThis.localStorage) {
  const dispatch = useAppDispatch()
  const store = useAppStore()
  const history = useAppSelector(selectHistory)
  const loaded = useRef(false)

  useEffect(() => {
    let current = true
    // A store preloaded with history (a story, a test) wins over what the browser kept.
    const preloaded = selectHistory(store.getState()).length > 0
    void readStored(storage).then((stored) => {
      if (!current) return
      if (stored && stored.length > 0 && !preloaded) dispatch(historyLoaded(stored))
      loaded.current = true
      // What is there now (what was kept, or a request recorded while it was read) is kept; each
      // later change by the effect below.
      keep(storage, selectHistory(store.getState()))
    })
    return () => {
      current = false
    }
  }, [dispatch, storage, store])

  useEffect(() => {
    // Not before what was kept is read: the empty history would overwrite it.
    if (loaded.current) keep(storage, history)
  }, [history, storage])
}

function keep(storage: Storage | undefined, history: HistoryEntry[]) {
  try {
    storage?.setItem(HISTORY_STORAGE_KEY, JSON.stringify(history.map(toStoredHistory)))
  } catch {
    // Private mode or a full quota: history simply is not kept.
  }
}
