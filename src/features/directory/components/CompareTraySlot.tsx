import { lazy, Suspense } from 'react'
import { usePicked } from '../lib/compareSelection'

// The tray's code downloads with the first pick (or on a visit with picks kept), never with a
// listing's or an API page's first load (docs/performance.md).
const CompareTray = lazy(() => import('./CompareTray').then((m) => ({ default: m.CompareTray })))

/** Where the comparison tray appears once an API is picked. */
export function CompareTraySlot() {
  const picked = usePicked()
  return picked.length > 0 ? (
    <Suspense fallback={null}>
      <CompareTray picked={picked} />
    </Suspense>
  ) : null
}
