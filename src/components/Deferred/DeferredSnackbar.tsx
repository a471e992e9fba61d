import { lazy, Suspense, useState } from 'react'
import type { SnackbarProps } from '@mui/material/Snackbar'

const Snackbar = lazy(() => import('@mui/material/Snackbar'))

/**
 * MUI's Snackbar, downloaded the first time it opens: a message only ever follows something the
 * visitor did, so it stays out of every page's first load (docs/performance.md). Once shown it
 * stays mounted, so it closes with its usual transition.
 */
export function DeferredSnackbar(props: SnackbarProps) {
  const [used, setUsed] = useState(Boolean(props.open))
  if (props.open && !used) setUsed(true)
  if (!used) return null
  return (
    <Suspense fallback={null}>
      <Snackbar {...props} />
    </Suspense>
  )
}
