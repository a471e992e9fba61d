import { useSyncExternalStore } from 'react'

/** An API picked for comparison, as the tray names it. */
export type Picked = { id: string; name: string }

/** The most APIs a comparison takes (the contract's COMPARE_MAX, without loading zod here). */
export const PICK_MAX = 4

// Kept in the browser, so the picks follow the visitor from the listing to API pages and back.
// Small on purpose: this module is on the directory's first load, the tray that shows it is not.
const KEY = 'atlas.compare'
const NONE: Picked[] = []
const listeners = new Set<() => void>()
let picked: Picked[] | undefined

const read = () => {
  if (!picked) {
    try {
      const kept: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]')
      picked = Array.isArray(kept) ? (kept as Picked[]).slice(0, PICK_MAX) : NONE
    } catch {
      picked = NONE
    }
  }
  return picked
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Replaces the picks (the tray's remove and clear, tests and stories). */
export function setPicked(next: Picked[]) {
  picked = next
  try {
    localStorage.setItem(KEY, JSON.stringify(next))
  } catch {
    // Private windows may refuse storage: the picks still hold for this page.
  }
  listeners.forEach((listener) => listener())
}

/** Adds the API, or takes it out when it is in; nothing past PICK_MAX. */
export function togglePicked(api: Picked) {
  const now = read()
  if (now.some((one) => one.id === api.id)) setPicked(now.filter((one) => one.id !== api.id))
  else if (now.length < PICK_MAX) setPicked([...now, { id: api.id, name: api.name }])
}

/** The picks; none while hydrating a page the server drew, then the browser's. */
export function usePicked() {
  return useSyncExternalStore(subscribe, read, () => NONE)
}
