import { useSyncExternalStore } from 'react'

/** An API picked for comparison, as the tray names it. */
export type Picked = { id: string; name: string }

/** The most APIs a comparison takes (the contract's COMPARE_MAX, without loading zod here). */
export const PICK_MAX = 4

// Kept in the browser, so the picks follow the visitor from the listing to API pages and back.
// Small on purpose: this module is on the directory's and API pages' first load; the tray that
// shows the picks is not.
const KEY = 'atlas.compare'
const NONE: Picked[] = []
const listeners = new Set<() => void>()
let picked: Picked[] | undefined

function read(): Picked[] {
  try {
    const kept: unknown = picked ?? JSON.parse(localStorage[KEY] || '[]')
    // None kept is NONE itself, the snapshot the server's page was hydrated with: an equal but new
    // array would render every part that shows the picks again once the page is hydrated.
    picked = Array.isArray(kept) && kept.length > 0 ? (kept as Picked[]) : NONE
  } catch {
    picked = NONE
  }
  return picked
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Replaces the picks: the toggles, the tray's remove and clear. */
export function setPicked(next: Picked[]) {
  picked = next
  try {
    localStorage[KEY] = JSON.stringify(next)
  } catch {
    // Storage refused (a private window): the picks still hold for this page.
  }
  listeners.forEach((listener) => listener())
}

/**
 * Puts the API in the picks, or takes it out; nothing past PICK_MAX. Reads the picks as kept, not
 * as a render saw them: a toggle's mount while hydrating sees none (below).
 */
export function togglePicked(api: Picked) {
  const current = read()
  const on = current.some((one) => one.id === api.id)
  if (!on && current.length >= PICK_MAX) return
  setPicked(
    on ? current.filter((one) => one.id !== api.id) : [...current, { id: api.id, name: api.name }],
  )
}

let keptAtStart: boolean | undefined

/**
 * Whether picks were kept when this page started, which the server's page cannot show: its cards
 * are then taken over at once rather than when used, so their Compare shows pressed.
 */
export const pickedBeforeStart = () => (keptAtStart ??= read() !== NONE)

/** The picks; none while hydrating a page the server drew, then the browser's. */
export const usePicked = () => useSyncExternalStore(subscribe, read, () => NONE)
