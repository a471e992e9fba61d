import { lazy, useState, type ComponentType } from 'react'

/** A component of its own chunk that can be asked for before it is drawn. */
export type Preloadable<P> = ComponentType<P> & {
  /** Downloads and runs the chunk; drawn after this has settled, the part never suspends. */
  preload: () => Promise<ComponentType<P>>
}

/**
 * React.lazy, with a way to load the chunk ahead. A lazy component suspends the first time it is
 * drawn even when its module is already there, and React then shows its boundary's fallback and
 * holds the content back for at least 300 ms (its throttle on revealing): two nested parts that
 * way cost a visitor over half a second of nothing but waiting. Drawn once `preload` has settled,
 * the part is the loaded component itself. Which of the two an instance draws is chosen when it
 * mounts and kept, so an instance never remounts when the chunk arrives.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download may be tried again (the next press, the next visit's page).
        loading = undefined
        throw error
      },
    ))
  const Lazy = lazy(() => preload().then((component) => ({ default: component })))
  function PreloadablePart(props: P) {
    const [Part] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return <Part {...props} />
  }
  return Object.assign(PreloadablePart, { preload })
}
