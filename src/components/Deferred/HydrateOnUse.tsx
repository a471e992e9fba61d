import { Suspense, useId, useSyncExternalStore, type ReactNode } from 'react'
import { EARLY_CLICK_ATTRIBUTE } from '@/lib/earlyInput'

/** The address the server drew, while its regions may wait for a visitor; null: none wait. */
let holding: ({ locationKey: string } & ReturnType<typeof pressedOutsideTheApp>) | null = null
/** The regions React has been held back from once already. */
const held = new Set<string>()
const noSubscription = () => () => {}

/**
 * Settles when a press the early-input script noted (src/app/earlyInput.js) is on a control React
 * does not own yet: its part carries the press out as it mounts, so the waiting regions are drawn
 * then, as they are when a press came before the app ran. The note can come after the app started
 * (a copy is noted once the clipboard took the text), where no event reaches React to draw the part.
 * Looked at once the press's event is over: a press React gets itself hydrates its region in it,
 * and the part then takes the note.
 */
function pressedOutsideTheApp() {
  const html = document.documentElement
  let observer: MutationObserver | undefined
  const released = new Promise<void>((resolve) => {
    const look = () => {
      const noted = html.getAttribute(EARLY_CLICK_ATTRIBUTE)
      if (noted === null) return
      const key = noted.replace(/:failed$/, '')
      const control = [...document.body.querySelectorAll(`[${EARLY_CLICK_ATTRIBUTE}]`)].find(
        (element) => element.getAttribute(EARLY_CLICK_ATTRIBUTE) === key,
      )
      if (control && Object.keys(control).some((name) => name.startsWith('__reactFiber$'))) return
      observer?.disconnect()
      resolve()
    }
    observer = new MutationObserver(() => setTimeout(look))
    observer.observe(html, { attributes: true, attributeFilter: [EARLY_CLICK_ATTRIBUTE] })
  })
  return { released, stop: () => observer?.disconnect() }
}

/**
 * Lets the regions of the page the browser is about to hydrate, at the address with this key, wait
 * until they are used; null lets none wait. Called by the app's start only, when it hydrates a
 * server page its visitor has not pressed anything on yet: the server's own render, stories and
 * tests draw every region at once.
 */
export function holdUntilUsed(locationKey: string | null) {
  holding?.stop()
  holding = locationKey === null ? null : { locationKey, ...pressedOutsideTheApp() }
}

/**
 * Whether regions at the address with this key (React Router's `location.key`) may still wait as
 * the server drew them. A list of waiting regions is keyed on it: a new address reaches a waiting
 * region as a change React cannot see past, so it would hydrate each one by itself before drawing
 * the change, starting its render over for every one (seconds for a page of cards on a slow
 * phone); a new key instead lets the server's drawing go and draws the list afresh, in one pass.
 */
export const mayHold = (locationKey: string) => holding?.locationKey === locationKey

/**
 * The key of the browser's current history entry, as React Router keeps it (`history.state.key`),
 * "default" for the first. The router writes a new entry before it renders the new address, so a
 * render for a navigation, even one that first hydrates a waiting region with the old address,
 * sees it: holding that region then would hold up the navigation for good.
 */
const entryKey = () => (window.history.state as { key?: string } | null)?.key ?? 'default'

/**
 * True inside an event the visitor made (a press, a key, a pointer over the page, a focus, the
 * browser's Back): React hydrates the region an event lands in there, and must not be held. React's
 * own work runs in its scheduler's message events or in none at all.
 */
const inVisitorsEvent = () => {
  const event = typeof window === 'undefined' ? undefined : window.event
  return event !== undefined && event.type !== 'message'
}

function Gate({ now, children }: { now: boolean; children: ReactNode }) {
  const id = useId()
  // The server's snapshot while hydrating, the browser's when drawing afresh.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  )
  if (
    holding &&
    hydrating &&
    !now &&
    !held.has(id) &&
    entryKey() === holding.locationKey &&
    !inVisitorsEvent()
  ) {
    // React's first try only: it then leaves the region as the server drew it, and tries again
    // when the region is used or given something new (an update must never wait on this), or
    // when a press outside the app is noted.
    held.add(id)
    throw holding.released
  }
  return children
}

/**
 * A part of a server-drawn page that React takes over only when it is used: it stays as the
 * server drew it (its markup and styles, costing no script) until a press, a key, a pointer or a
 * focus lands in it, which hydrates it at once and is then handled (React's selective hydration),
 * or until it is given new props or the address changes. For parts that do nothing on their own
 * once drawn: one that acts on mount (a press made before the app ran, a load error, a redirect)
 * needs `now`, or HydrateLater. Drawn by the app itself (no server page, or after navigating), it
 * renders with the page as any other part. Memoize what wraps it: a new element for it from a
 * render above counts as new props.
 */
export function HydrateOnUse({ now = false, children }: { now?: boolean; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate now={now}>{children}</Gate>
    </Suspense>
  )
}
