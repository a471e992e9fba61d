import { useLocation } from 'react-router-dom'

/** Stands in for every other route in tests and stories, naming where the user was sent. */
export function NavigatedTo() {
  const location = useLocation()
  return <p role="status">Navigated to {location.pathname + location.search}</p>
}
