import { lazy, Suspense } from 'react'
import type { AlertProps } from '@mui/material/Alert'

const Alert = lazy(() => import('@mui/material/Alert'))

/**
 * MUI's Alert for notes that follow something that happens after the page has shown (an answer
 * from the server, a paste): it downloads then, outside the page's first load
 * (docs/performance.md).
 */
export function DeferredAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  )
}
