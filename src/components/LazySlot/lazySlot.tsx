import { lazy, memo, Suspense, type ComponentType } from 'react'
import Box from '@mui/material/Box'
import type { SxProps, Theme } from '@mui/material/styles'

/**
 * A part of a screen whose code is not in the page's first load (docs/performance.md): `load` is
 * started by the caller as soon as the screen's module runs, so on a page the server drew the part
 * hydrates just after the rest, and until then its server-drawn markup stays as it is. `space`
 * is what the fallback keeps free while the code arrives on a visit the server did not draw.
 *
 * The slot is memoised: an update to a boundary that still holds server markup would make React
 * drop that markup and show the fallback until the code has arrived. Give it stable props.
 */
export function lazySlot<Props extends object>(
  load: Promise<ComponentType<Props>>,
  space: SxProps<Theme>,
) {
  const Part = lazy(() => load.then((Component) => ({ default: Component })))
  return memo(function LazySlot(props: Props) {
    return (
      <Suspense fallback={<Box sx={space} />}>
        <Part {...props} />
      </Suspense>
    )
  })
}
