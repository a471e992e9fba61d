import { lazy, Suspense } from 'react'
import Box from '@mui/material/Box'
import type { PaginationProps } from '@mui/material/Pagination'

// The page numbers sit below a page of results, out of the first screen: they download after the
// results have shown, outside the listing's first load (docs/performance.md).
const Pagination = lazy(() => import('@mui/material/Pagination'))

/** The listing's page numbers; until they arrive, a space of their height keeps the layout still. */
export function ResultPages(props: PaginationProps) {
  return (
    <Suspense fallback={<Box sx={{ height: 32 }} />}>
      <Pagination {...props} />
    </Suspense>
  )
}
