import { Suspense, type ReactNode } from 'react'

/**
 * A part of a server-drawn page that React takes over after the rest: a Suspense boundary the
 * browser receives as drawn HTML is hydrated at React's lowest priority, once the page around it
 * and anything the visitor started (an open operation, a search) are done. Until then it shows
 * and reads as the server drew it; a press or a key inside it hydrates it at once and is then
 * handled as usual (React's selective hydration). Drawn by the app itself (no server page, or
 * after navigating), it renders with the page as any other part. Its fallback is nothing, so what
 * it wraps must not suspend on its own: a lazy part inside needs a boundary of its own.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
