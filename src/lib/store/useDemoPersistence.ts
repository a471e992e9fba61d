import { useLayoutEffect } from 'react'
import type { UnknownAction } from '@reduxjs/toolkit'
import type { z } from 'zod'
import { useAppStore } from './hooks'
import type { RootState } from './store'

/** Where demo state is kept: `localStorage` in the app, a fake or nothing in stories and tests. */
export type DemoStorage = Pick<Storage, 'getItem' | 'setItem'>

/** The browser's local storage, or nothing where it is unavailable (private mode, no DOM). */
export const browserStorage: DemoStorage | null = (() => {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
})()

/** What one demo keeps across reloads: where, in what shape, and how it goes in and out of the store. */
export type DemoPersistence<S> = {
  key: string
  schema: z.ZodType<S>
  select: (state: RootState) => S
  restored: (saved: S) => UnknownAction
}

/**
 * Keeps one slice of demo state across reloads, outside the reducers: restores what was saved
 * before the first paint, then saves every change. Unreadable or outdated data is ignored.
 */
export function useDemoPersistence<S>(
  storage: DemoStorage | null,
  { key, schema, select, restored }: DemoPersistence<S>,
) {
  const store = useAppStore()
  useLayoutEffect(() => {
    if (!storage) return
    const saved = read(storage, key, schema)
    if (saved !== undefined) store.dispatch(restored(saved))
    let last = select(store.getState())
    return store.subscribe(() => {
      const next = select(store.getState())
      if (next === last) return
      last = next
      try {
        storage.setItem(key, JSON.stringify(next))
      } catch {
        // A full or blocked storage only costs the demo its memory.
      }
    })
  }, [storage, key, schema, select, restored, store])
}

function read<S>(storage: DemoStorage, key: string, schema: z.ZodType<S>) {
  try {
    const text = storage.getItem(key)
    if (text === null) return undefined
    const parsed = schema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
