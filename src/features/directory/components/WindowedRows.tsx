import {
  Component,
  memo,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import Box from '@mui/material/Box'
import type { OperationSummary } from '@/contract/operations'
import { operationAnchor } from '@/shared/operationLinks'

/** Rows drawn together as they near the screen. */
export const ROWS_PER_CHUNK = 25
/** A closed row's height, near enough for the space a chunk not yet drawn keeps. */
export const ROW_HEIGHT = 58
/**
 * Where a row scrolled to (its address, the navigation) sits: below the page's sticky header
 * (64 px at most), not under it.
 */
export const BELOW_HEADER_PX = 72

/** How far beyond the screen rows are drawn ahead of the scrolling. */
const AHEAD = '800px 0px'

type Watch = (element: Element, onNear: () => void) => () => void

/** One observer for every chunk not yet drawn; without IntersectionObserver, all are drawn. */
const watcher = (): Watch | undefined => {
  if (typeof IntersectionObserver === 'undefined') return undefined
  const callbacks = new Map<Element, () => void>()
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) callbacks.get(entry.target)?.()
    },
    { rootMargin: AHEAD },
  )
  return (element, onNear) => {
    callbacks.set(element, onNear)
    observer.observe(element)
    return () => {
      callbacks.delete(element)
      observer.unobserve(element)
    }
  }
}
let shared: Watch | undefined | null = null
const watch = () => (shared === null ? (shared = watcher()) : shared)

type Props = {
  ops: OperationSummary[]
  /** The operation the address names: its chunk is drawn at once and scrolled to. */
  wanted: string | undefined
  render: (op: OperationSummary) => ReactNode
}

/**
 * A group's rows, drawn a chunk at a time as they come near the screen, so that an API of 22,361
 * operations opens without drawing them all; a chunk not yet drawn keeps its rows' height. Drawn
 * chunks stay (a visitor's open operations and the browser's find keep working on them). Drawn
 * again only when its own rows, the wanted one or how a row is drawn change: an API may have
 * thousands of groups.
 */
export const WindowedGroup = memo(function WindowedGroup({ ops, wanted, render }: Props) {
  const chunks = Math.ceil(ops.length / ROWS_PER_CHUNK)
  const wantedChunk = useMemo(() => {
    const index = wanted ? ops.findIndex((op) => op.operationKey === wanted) : -1
    return index < 0 ? -1 : Math.floor(index / ROWS_PER_CHUNK)
  }, [ops, wanted])
  const [drawn, setDrawn] = useState<Set<number>>(
    () =>
      new Set(
        watch()
          ? wantedChunk >= 0
            ? [wantedChunk]
            : []
          : Array.from({ length: chunks }, (_, i) => i),
      ),
  )
  const all = !watch()
  if (wantedChunk >= 0 && !drawn.has(wantedChunk)) setDrawn(new Set(drawn).add(wantedChunk))

  // The wanted operation is scrolled to once it is drawn, once for each address.
  const scrolledTo = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!wanted || wantedChunk < 0 || scrolledTo.current === wanted) return
    const element = document.getElementById(operationAnchor(wanted))
    if (!element) return
    scrolledTo.current = wanted
    element.scrollIntoView({ block: 'start' })
  }, [wanted, wantedChunk, drawn])

  // In a transition: drawn as the reader scrolls, a chunk's rows were one task that held the
  // scrolling up; this way React yields to it while it draws them.
  const draw = useCallback(
    (chunk: number) =>
      startTransition(() =>
        setDrawn((before) => (before.has(chunk) ? before : new Set(before).add(chunk))),
      ),
    [],
  )

  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {/* One flat list of keyed rows: a row keeps its state (an open operation's folds and
          choices) when the rows around it change, as when the operation shown alone is joined
          by the rest of its group. */}
      {Array.from({ length: chunks }, (_, chunk) => {
        const rows = ops.slice(chunk * ROWS_PER_CHUNK, (chunk + 1) * ROWS_PER_CHUNK)
        if (all || drawn.has(chunk)) return rows.map(render)
        return [<Pending key={`pending-${chunk}`} rows={rows.length} onNear={() => draw(chunk)} />]
      }).flat()}
    </Box>
  )
})

function Pending({ rows, onNear }: { rows: number; onNear: () => void }) {
  const ref = useCallback(
    (element: HTMLLIElement | null) => (element ? watch()?.(element, onNear) : undefined),
    [onNear],
  )
  return <li ref={ref} aria-hidden="true" style={{ height: rows * ROW_HEIGHT }} />
}

/** The operation being read, kept outside React state: the list is not drawn again as it changes. */
export type CurrentOperation = {
  subscribe: (listener: () => void) => () => void
  read: () => string | undefined
}

/**
 * The operation being read, for a part that shows it (the navigation): drawn again as it changes,
 * in a transition. Read as an external store (useSyncExternalStore), each change drew the
 * navigation of the largest API in one synchronous task, a few hundred milliseconds on a slow
 * phone at every screen scrolled; a transition yields to the scrolling and to a press.
 */
export function useCurrent({ subscribe, read }: CurrentOperation) {
  const [current, setCurrent] = useState(read)
  useEffect(() => {
    const update = () => startTransition(() => setCurrent(read()))
    // A change between the first render and this subscription is not missed.
    update()
    return subscribe(update)
  }, [subscribe, read])
  return current
}

/**
 * Which operation is being read: of the rows in the top part of the screen, the highest. `observe`
 * is the ref each row's element takes; the element carries its key in `data-operation`. The
 * answer is read with `useCurrent`, by the parts that show it, so scrolling draws again only those.
 */
export function useCurrentOperation() {
  const observer = useRef<IntersectionObserver | null>(null)
  const visible = useRef(new Map<Element, number>())
  const [current] = useState(() => {
    let key: string | undefined
    const listeners = new Set<() => void>()
    return {
      subscribe: (listener: () => void) => {
        listeners.add(listener)
        return () => void listeners.delete(listener)
      },
      read: () => key,
      set: (next: string) => {
        if (next === key) return
        key = next
        for (const listener of listeners) listener()
      },
    }
  })
  useEffect(() => () => observer.current?.disconnect(), [])
  const observe = useCallback(
    (element: HTMLElement | null) => {
      if (!element || typeof IntersectionObserver === 'undefined') return undefined
      if (!observer.current) {
        observer.current = new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (entry.isIntersecting)
                visible.current.set(entry.target, entry.boundingClientRect.top)
              else visible.current.delete(entry.target)
            }
            let best: Element | undefined
            let top = Infinity
            for (const [target, at] of visible.current) {
              if (at < top && target.isConnected) [best, top] = [target, at]
            }
            const key = best?.getAttribute('data-operation') ?? undefined
            if (key) current.set(key)
          },
          // The band a reader's eyes are on: the top 40% of the screen, below the page's header.
          // The end of the row above one scrolled to lies under the header: counted, it would be
          // the highest row in the band, and marked instead of the row scrolled to.
          { rootMargin: `-${BELOW_HEADER_PX + 1}px 0px -60% 0px` },
        )
      }
      const io = observer.current
      io.observe(element)
      return () => {
        io.unobserve(element)
        visible.current.delete(element)
      }
    },
    [current],
  )
  return { current: current as CurrentOperation, observe }
}

/** Groups added on each side of those drawn, at each step of drawing a long list of groups. */
export const GROUPS_PER_STEP = 50

/**
 * Which of `count` groups are drawn: at first those within GROUPS_PER_STEP of the group at
 * `center` (the one an address names), then GROUPS_PER_STEP more on each side after each commit,
 * in a transition, until all are. The largest API has 829 tags: drawn in one commit, its list and
 * navigation were one task of a few hundred milliseconds on a phone. For one list the range only
 * grows, so no drawn group (an open operation in it) is taken away; a list of another length (a
 * filter changed) starts again from its own wanted group.
 */
export function useDrawnGroups(count: number, center: number) {
  const [drawn, setDrawn] = useState(() => ({ count, step: 1, center: Math.max(0, center) }))
  if (drawn.count !== count) setDrawn({ count, step: 1, center: Math.max(0, center) })
  const reach = drawn.step * GROUPS_PER_STEP
  const from = Math.max(0, Math.min(drawn.center, count) - reach)
  const to = Math.min(count, drawn.center + reach)
  const whole = from === 0 && to === count
  useEffect(() => {
    if (whole) return
    startTransition(() => setDrawn((before) => ({ ...before, step: before.step + 1 })))
  }, [whole, drawn])
  return { from, to }
}

type KeepProps = {
  /** The id of the element kept where it is on the screen, when it is on the screen. */
  anchor: string | undefined
  /** What is drawn, in a word: the element is kept in place when this changes, not otherwise. */
  drawn: string
  children: ReactNode
}

type Seen = { element: Element; top: number } | null

/**
 * Keeps an element where the reader sees it while what is drawn above it changes: the rows and
 * groups before an operation shown alone arrive with the list, and without this it moved down by
 * the height of all of them, out of the reader's sight. Browsers' own scroll anchoring does this
 * in some (Chromium, Firefox) and not in others (Safari). Where it now is is read in the next
 * frame, before it is painted, when the browser lays the page out anyway: read in the commit, it
 * made the browser lay out the whole list there, in the same task. Measured after the change, so
 * a browser that has kept it in place already is not moved twice. A class, as only a class reads
 * the page before React changes it.
 */
export class KeepInView extends Component<KeepProps> {
  private frame = 0

  getSnapshotBeforeUpdate(before: KeepProps): Seen {
    if (before.drawn === this.props.drawn || !this.props.anchor) return null
    const element = document.getElementById(this.props.anchor)
    if (!element) return null
    const { top, bottom } = element.getBoundingClientRect()
    return bottom > 0 && top < window.innerHeight ? { element, top } : null
  }

  componentDidUpdate(_props: KeepProps, _state: unknown, seen: Seen) {
    if (!seen) return
    cancelAnimationFrame(this.frame)
    this.frame = requestAnimationFrame(() => {
      if (!seen.element.isConnected) return
      const moved = seen.element.getBoundingClientRect().top - seen.top
      if (Math.abs(moved) >= 1) window.scrollBy(0, moved)
    })
  }

  componentWillUnmount() {
    cancelAnimationFrame(this.frame)
  }

  render() {
    return this.props.children
  }
}
