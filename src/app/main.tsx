// First, before anything that might load zod.
import './lib/zodWithoutEval'
import { startTransition, StrictMode, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
  useRoutes,
} from 'react-router-dom'
// Latin only (others fall back to system fonts), in the three weights the theme uses; each face
// has font-display: swap, and index.html preloads the regular one (scripts/vitePlugins.ts).
import '@fontsource/roboto/latin-400.css'
import '@fontsource/roboto/latin-500.css'
import '@fontsource/roboto/latin-700.css'
// The server's text in #root, until the app draws (in the page's one stylesheet, not a script).
import './prerendered.css'
import { AppProviders } from './App'
import { primeFirstPage } from './primeFirstPage'
import { routes } from './router'
import { RouteErrorBoundary } from './routes/RouteErrorPage'
import { makeStore } from './store/store'
import { registerServiceWorker } from './sw/register'
import { createEmotionCache } from './theme/emotionCache'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// The declarative router: the data router (createBrowserRouter) would add about 17 KB gz to every
// first load for loaders and actions the app does not use (DESIGN.md §8).
const history = createBrowserHistory({ v5Compat: true })

type PageListener = (state: { location: typeof history.location }) => void
const pageListeners = new Set<PageListener>()

function AppRoutes() {
  const element = useRoutes(routes)
  const location = useLocation()
  useEffect(() => {
    for (const listener of pageListeners) listener({ location })
  }, [location])
  return <RouteErrorBoundary resetKey={location.pathname}>{element}</RouteErrorBoundary>
}

/** What the page-view tracker reads: the current address, and each new one (history allows only
 * the router itself to listen). */
const router = {
  get state() {
    return { location: history.location }
  },
  subscribe: (listener: PageListener) => {
    pageListeners.add(listener)
    return () => pageListeners.delete(listener)
  },
}

const store = makeStore()

// A transition lets React yield to the browser while it builds the first page, instead of one
// long task that blocks input (Lighthouse's Total Blocking Time on a mid-range phone).
const renderApp = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders store={store} emotionCache={createEmotionCache()}>
          <HistoryRouter history={history}>
            <AppRoutes />
          </HistoryRouter>
        </AppProviders>
      </StrictMode>,
    )
  })

// The page's own answers first (a few microtasks), so the first render already has the data; if
// they cannot be used, the app renders all the same and its screens fetch.
void primeFirstPage(store).finally(renderApp)

// Counting visits is never urgent: the tracker loads once the page is idle, in its own chunk.
const startTracking = () =>
  void import('./lib/analytics').then(({ startAnalytics }) => startAnalytics(router))
if (typeof window.requestIdleCallback === 'function') {
  window.requestIdleCallback(startTracking, { timeout: 3000 })
} else setTimeout(startTracking, 1000)

// Only the built site has /sw.js; the dev server and Storybook (MSW's worker) never register it.
if (import.meta.env.PROD) registerServiceWorker()
