import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import Box from '@mui/material/Box'
import type { Picked } from '../lib/compareSelection'
import { Section } from './Section'

// The list and its data come as a visitor scrolls near them, never with the API page's first
// load (docs/performance.md).
const SimilarApis = lazy(() => import('./SimilarApis').then((m) => ({ default: m.SimilarApis })))

/** How far below the screen the list starts loading. */
const AHEAD = '300px 0px'

/** The "Similar APIs" panel of an API page: its heading at once, its list when near. */
export function SimilarApisSlot({ api }: { api: Picked }) {
  const spot = useRef<HTMLDivElement>(null)
  // A browser that cannot tell where the panel is gets it at once; the server never draws it.
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  )
  useEffect(() => {
    const node = spot.current
    if (near || !node) return
    const observer = new IntersectionObserver((entries) => setNear(entries[0]!.isIntersecting), {
      rootMargin: AHEAD,
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [near])

  const space = <Box ref={spot} sx={{ minHeight: 120 }} />
  return (
    <Section title="Similar APIs">
      {near ? (
        <Suspense fallback={space}>
          <SimilarApis api={api} />
        </Suspense>
      ) : (
        space
      )}
    </Section>
  )
}
