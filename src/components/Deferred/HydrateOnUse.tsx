import {
  Suspense,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { UNSAFE_LocationContext as LocationContext } from 'react-router-dom'

/** A region's hold on its hydration: closed until the visitor reaches into it. */
type Gate = {
  open: boolean
  /** Whether React's first attempt to hydrate the region has been held. */
  held: boolean
  /** Holds this attempt if it is the first: true once, then false. */
  holdFirst: () => boolean
  opened: Promise<void>
  release: () => void
  /** Whether the region's first render has been committed: any later one is an update. */
  committed: boolean
  commit: () => void
}

const makeGate = (): Gate => {
  let resolve = () => {}
  const gate: Gate = {
    open: false,
    held: false,
    holdFirst: () => {
      if (gate.held) return false
      gate.held = true
      return true
    },
    committed: false,
    commit: () => {
      gate.committed = true
    },
    opened: new Promise<void>((done) => (resolve = done)),
    release: () => {
      if (gate.open) return
      gate.open = true
      resolve()
    },
  }
  return gate
}

/** React keeps a Suspense boundary's fiber on the comment that opens its server markup. */
const FIBER_KEY = '__reactFiber$'
type BoundaryFiber = { memoizedProps?: { children?: { props?: { gate?: Gate } } } }

const gateOf = (marker: Comment) => {
  const key = Object.keys(marker).find((name) => name.startsWith(FIBER_KEY))
  const fiber = key ? ((marker as unknown as Record<string, BoundaryFiber>)[key] ?? null) : null
  return fiber?.memoizedProps?.children?.props?.gate
}

/**
 * Opens every region the node lies in. A server-drawn Suspense boundary is the run of nodes
 * between a comment `$` and its `/$`; from the node and each of its ancestors, the nearest
 * unmatched `$` before it opens the region around it (as React finds a blocked event's boundary).
 */
const openAround = (target: Node) => {
  for (let node: Node | null = target; node && node !== document.body; node = node.parentNode) {
    let depth = 0
    for (let sibling = node.previousSibling; sibling; sibling = sibling.previousSibling) {
      if (sibling.nodeType !== Node.COMMENT_NODE) continue
      const data = (sibling as Comment).data
      if (data === '/$') depth++
      else if (data.startsWith('$')) {
        if (depth === 0) {
          gateOf(sibling as Comment)?.release()
          break
        }
        depth--
      }
    }
  }
}

/** Whether React is rendering inside an event the visitor caused (a press, a key, a focus). */
const inVisitorsEvent = () => {
  // React hydrates a pressed region synchronously inside the event; if that is the region's first
  // attempt (the press came before React's own), it must not be held, or the press is dropped.
  const type = typeof window === 'undefined' ? undefined : window.event?.type
  return (
    type !== undefined && /^(pointer|mouse|touch|key|focus|click|input|change|submit)/.test(type)
  )
}

/**
 * What the visitor did before the app ran, in a region the app must carry out or take up: the
 * focused field, a press noted for its part (<html data-early-click>), a choice kept for a select
 * (data-early-change). Those regions open once, as the first commit of the app's start is done
 * (src/app/earlyInput.js).
 */
let reachedOpened = false
const openWhatWasReached = () => {
  if (reachedOpened) return
  reachedOpened = true
  const root = document.documentElement as HTMLElement & { earlyChanges?: Record<string, string> }
  const pressed = root.getAttribute('data-early-click')
  if (document.activeElement && document.activeElement !== document.body) {
    openAround(document.activeElement)
  }
  if (pressed) {
    for (const control of document.querySelectorAll('[data-early-click]')) {
      if (pressed.startsWith(control.getAttribute('data-early-click')!)) openAround(control)
    }
  }
  for (const key of Object.keys(root.earlyChanges ?? {})) {
    for (const select of document.querySelectorAll(`[data-early-change="${CSS.escape(key)}"]`)) {
      openAround(select)
    }
  }
}

const subscribeNothing = () => () => {}

let holding = false

/**
 * Called by the app as it hydrates a page the server drew: from then on, regions hold. Without it
 * (the server's own render, stories, a test's prerender) every region renders at once.
 */
export function holdUntilUsed(hold = true) {
  holding = hold
}

function Gate({ gate, children }: { gate: Gate; children: ReactNode }) {
  // True only while React hydrates the server's markup (its server snapshot); drawn by the
  // browser itself, the region renders at once.
  const hydrating = useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  )
  // Held on React's first attempt only: that is its own, at idle priority, just after the page's.
  // React tries a held region again only when something asks for it (a press, a pointer over it
  // or focus in it: selective hydration; an update or a new context value from above; its gate
  // opening), and each of those must find it hydrated: held again, a navigation's transition would
  // wait for it forever. Suspends the way lazy parts do, with a thrown promise: `use` would ask
  // every later render of the part to suspend on something too.
  if (holding && hydrating && !gate.open && !inVisitorsEvent() && gate.holdFirst()) {
    throw gate.opened
  }
  return children
}

/**
 * A part of a server-drawn page that stays as the server drew it until the visitor reaches into it:
 * text, cards and links cost the app's start nothing. Pointing at it, pressing, focusing or typing
 * in it hydrates it (a press at once, in the same event, by React's selective hydration), as does
 * any new render from above (new props, a navigation: React hydrates a region before updating
 * it), or `now`. Drawn by the app itself (no server page, or after navigating), it renders with the page. What it
 * wraps must draw on the server what it draws in the browser, and start nothing on its own (a
 * request, an observer): until used it never runs. Its fallback is nothing, so a lazy part inside
 * needs a boundary of its own.
 */
export function HydrateOnUse({ now = false, children }: { now?: boolean; children: ReactNode }) {
  const [gate] = useState(makeGate)
  // Rendered again on every navigation (below), so a region is hydrated before the new address
  // reaches it.
  useContext(LocationContext)
  useEffect(() => {
    gate.commit()
    openWhatWasReached()
  }, [gate])
  // Released in render, before the boundary below renders: an update that came before React's
  // first attempt would otherwise find the region held, and a transition would wait for it.
  if (now || gate.committed) gate.release()
  return (
    <Suspense fallback={null}>
      <Gate gate={gate}>{children}</Gate>
    </Suspense>
  )
}
