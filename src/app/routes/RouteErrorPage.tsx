import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import { ErrorState } from '@/components/StateViews/StateViews'

/** Shown when a route cannot render at all, most often a page's code that failed to download. */
export function RouteErrorPage() {
  const error = useRouteError()
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'This page could not be loaded. Check your connection and reload.'
  return (
    <Container maxWidth="md">
      <ErrorState
        title="Page failed to load"
        message={message}
        action={
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    </Container>
  )
}
