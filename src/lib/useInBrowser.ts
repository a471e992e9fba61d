import { startTransition, useEffect, useState } from 'react'

/**
 * True once the component is live in the browser; false in the server's render (src/app/ssr/) and
 * while the browser hydrates it, so both draw the same markup. For what only the browser can draw:
 * the chosen colour mode.
 *
 * Every component starts false, even one first drawn long after the page hydrated: a part of the
 * page can still be hydrating then (a screen whose code arrived later), and only its first render
 * is sure to match the server's. The switch is a transition, which React draws in slices between
 * the browser's own work; useSyncExternalStore, the usual way, forces a synchronous re-render, and
 * with it the hydration of whatever is still waiting, in one long task.
 */
export function useInBrowser() {
  const [inBrowser, setInBrowser] = useState(false)
  useEffect(() => startTransition(() => setInBrowser(true)), [])
  return inBrowser
}
