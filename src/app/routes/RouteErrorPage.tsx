import { Component, type ReactNode } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import { ErrorState } from '@/components/StateViews/StateViews'

/** Shown when a route cannot render at all, most often a page's code that failed to download. */
export function RouteErrorPage({ error }: { error?: unknown }) {
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

/** The page as a data router's errorElement (tests and stories use data routers). */
export function RouteErrorElement() {
  return <RouteErrorPage error={useRouteError()} />
}

type BoundaryState = { error: unknown; failed: boolean }

/** The same page around the app's declarative routes, which have no errorElement; a move to
 * another address (`resetKey`) tries again. */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  BoundaryState
> {
  state: BoundaryState = { error: undefined, failed: false }

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true }
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ error: undefined, failed: false })
    }
  }

  render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children
  }
}
