import { startTransition, useEffect, useState } from 'react'

/** Set by the first component that has mounted in this browser: from then on, no render is a
 * hydration of the server's markup. Never set in the server's render (no effects run there). */
let live = false

/**
 * True once the page is live in the browser; false in the server's render (src/app/ssr/) and while
 * the browser hydrates it, so both draw the same markup. For what only the browser can draw: the
 * chosen colour mode, sanitised HTML (DOMPurify needs a DOM).
 *
 * The switch after hydration is a transition: React draws it in slices between the browser's own
 * work. (useSyncExternalStore, the usual way, forces a synchronous re-render instead, and with it
 * the synchronous hydration of every part of the page still waiting to hydrate: one long task.)
 */
export function useInBrowser() {
  const [inBrowser, setInBrowser] = useState(live)
  useEffect(() => {
    live = true
    if (!inBrowser) startTransition(() => setInBrowser(true))
  }, [inBrowser])
  return inBrowser
}
