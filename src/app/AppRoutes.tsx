import { useEffect } from 'react'
import { useLocation, useRoutes, type Location } from 'react-router-dom'
import { routes } from './router'
import { RouteErrorBoundary } from './routes/RouteErrorPage'

type Props = {
  /** Told of the first address and every later one (the page-view tracker, in the browser). */
  onLocation?: (location: Location) => void
}

/** The app's routes on the declarative router: the browser's and the server's render (ssr/). */
export function AppRoutes({ onLocation }: Props) {
  const element = useRoutes(routes)
  const location = useLocation()
  useEffect(() => {
    onLocation?.(location)
  }, [location, onLocation])
  return <RouteErrorBoundary resetKey={location.pathname}>{element}</RouteErrorBoundary>
}
