// The app's last start step (main.tsx has run the others): the store, the page's first answers and
// the router, then React taking over the page the server drew.
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
  type Location,
} from 'react-router-dom'
import { holdUntilUsed } from '@/components/Deferred/HydrateOnUse'
import { EARLY_CLICK_ATTRIBUTE } from '@/lib/earlyInput'
import { canonicalAddress } from '@/shared/routes'
import { SERVER_RENDERED_ATTRIBUTE } from '@/shared/ssr'
import { AppProviders } from './App'
import { AppRoutes } from './AppRoutes'
import { loadScreen } from './router'
import { primeFirstAnswers } from './primeFirstAnswers'
import { readFirstAnswers } from './firstAnswers'
import { makeStore } from '../lib/store/store'
import { createEmotionCache } from './theme/emotionCache'
import { nextTask } from './nextTask'

type PageListener = (state: { location: Location }) => void
const pageListeners = new Set<PageListener>()
const onLocation = (location: Location) => {
  for (const listener of pageListeners) listener({ location })
}

/** What the page-view tracker reads: the current address, and each new one (history allows only
 * the router itself to listen). */
const trackedRouter = (history: ReturnType<typeof createBrowserHistory>) => ({
  get state() {
    return { location: history.location }
  },
  subscribe: (listener: PageListener) => {
    pageListeners.add(listener)
    return () => pageListeners.delete(listener)
  },
})

// Counting visits is never urgent: the tracker loads once the page is idle, in its own chunk.
const startTracking = (router: ReturnType<typeof trackedRouter>) => {
  const start = () =>
    void import('./lib/analytics').then(({ startAnalytics }) => startAnalytics(router))
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(start, { timeout: 3000 })
  } else setTimeout(start, 1000)
}

/** Starts the app on `mount`, in steps of a task each; the theme is made (main.tsx). */
export async function startApp(mount: HTMLElement) {
  const firstAnswers = readFirstAnswers()
  const store = makeStore()
  await nextTask()
  // The page's own answers first (a task each), so the first render already has the data and
  // draws what the server drew; if they cannot be used, the app renders all the same and fetches.
  await primeFirstAnswers(store, firstAnswers, nextTask)
  // An address naming an operation asks for it now, unless the page brought it (namedOperation.ts,
  // which never throws). If its chunk fails to load, the page asks for the operation itself.
  if (location.hash.startsWith('#op-') || /[?&]op=/.test(location.search)) {
    void import('./namedOperation').then(
      ({ askForNamedOperation }) => askForNamedOperation(store, firstAnswers),
      () => undefined,
    )
  }
  await nextTask()
  // Emotion's cache takes up the server's rules (a page's few hundred), a step of its own.
  const emotionCache = createEmotionCache()
  await nextTask()
  // The declarative router: the data router (createBrowserRouter) would add about 17 KB gz to
  // every first load for loaders and actions the app does not use (docs/performance.md).
  const history = createBrowserHistory({ v5Compat: true })
  await nextTask()
  await loadScreen(history.location.pathname)
  await nextTask()
  const app = (
    <StrictMode>
      <AppProviders store={store} emotionCache={emotionCache} themeSheet>
        <HistoryRouter history={history}>
          <AppRoutes onLocation={onLocation} />
        </HistoryRouter>
      </AppProviders>
    </StrictMode>
  )
  await nextTask()
  // A page the server drew (server/seo/ssr.ts) for this address is hydrated: its markup stays,
  // the app takes it over. Otherwise (no drawing, or the service worker's offline stand-in for
  // another page) the app draws it. Either way in a transition, so React yields to the browser
  // while it works instead of one long task.
  startTransition(() => {
    const drawnFor = mount.getAttribute(SERVER_RENDERED_ATTRIBUTE)
    const address = canonicalAddress(location.pathname, new URLSearchParams(location.search))
    if (drawnFor === address) {
      // Parts that wait to be used wait only when nothing was pressed before the app ran: such a
      // press is carried out by its part's mount.
      if (!document.documentElement.hasAttribute(EARLY_CLICK_ATTRIBUTE)) {
        holdUntilUsed(history.location.key)
      }
      hydrateRoot(mount, app)
    } else createRoot(mount).render(app)
  })
  startTracking(trackedRouter(history))
  // Only the built site has /sw.js; the dev server and Storybook (MSW's worker) never register it.
  // The registration waits for the page's load, so its code need not be in the first load either.
  if (import.meta.env.PROD) {
    void import('./sw/register').then(
      ({ registerServiceWorker }) => registerServiceWorker(),
      (error: unknown) =>
        console.warn('Service worker registration failed; offline reading is off.', error),
    )
  }
}
