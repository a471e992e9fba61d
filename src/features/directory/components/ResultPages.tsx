import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import Box from '@mui/material/Box'
import type { PaginationProps } from '@mui/material/Pagination'

// The page numbers sit below a page of results, far out of the first screen: they download as a
// visitor nears them, never on a visit that stays at the top (docs/performance.md).
const Pagination = lazy(() => import('@mui/material/Pagination'))

/** How far below the screen the numbers start downloading: a few cards' scroll ahead. */
const AHEAD = '600px 0px'

/** The listing's page numbers; until they arrive, a space of their height keeps the layout still. */
export function ResultPages(props: PaginationProps) {
  const spot = useRef<HTMLDivElement>(null)
  // A browser that cannot tell where the numbers are gets them at once; the server never draws them.
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  )

  useEffect(() => {
    const node = spot.current
    if (near || !node) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: AHEAD },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [near])

  const space = <Box ref={spot} sx={{ height: 32 }} />
  if (!near) return space
  return (
    <Suspense fallback={space}>
      <Pagination {...props} />
    </Suspense>
  )
}
