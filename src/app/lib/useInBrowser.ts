import { useSyncExternalStore } from 'react'

const never = () => () => undefined

/**
 * True once the page is live in the browser; false in the server's render (src/app/ssr/) and while
 * the browser hydrates it, so both draw the same markup. For what only the browser can draw: the
 * chosen colour mode, sanitised HTML (DOMPurify needs a DOM).
 */
export const useInBrowser = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
