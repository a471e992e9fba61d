import { lazy, Suspense } from 'react'

// Its own chunk: only a visitor offline on a page never read before meets it (the worker precaches
// it with the route that imports it).
const OfflineState = lazy(() =>
  import('./OfflineState').then((module) => ({ default: module.OfflineState })),
)

/** True when the browser says it has no network: a failed request then means offline. */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/** The offline view of a page whose data could not load. */
export function OfflineView({ onRetry }: { onRetry: () => void }) {
  return (
    <Suspense fallback={null}>
      <OfflineState onRetry={onRetry} />
    </Suspense>
  )
}
