import { lazy, Suspense, type ReactNode } from 'react'
import type { AlertProps } from '@mui/material/Alert'

const TitledAlert = lazy(() => import('./TitledAlert'))

export type DeferredAlertProps = Omit<AlertProps, 'title'> & {
  /** Drawn as MUI's AlertTitle, which comes in the same chunk as the alert. */
  title?: ReactNode
}

/**
 * MUI's Alert for notes that follow something that happens after the page has shown (an answer
 * from the server, a paste): it downloads then, outside the page's first load
 * (docs/performance.md).
 */
export function DeferredAlert(props: DeferredAlertProps) {
  return (
    <Suspense fallback={null}>
      <TitledAlert {...props} />
    </Suspense>
  )
}
