import { useState, type ReactElement, type ReactNode } from 'react'
import { render, type RenderOptions } from '@testing-library/react'
import createCache from '@emotion/cache'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom'
import { AppProviders } from '@/app/App'
import { makeStore, type AppStore, type RootState } from '@/lib/store/store'
import { NavigatedTo } from './NavigatedTo'

type Options = Omit<RenderOptions, 'wrapper'> & {
  preloadedState?: Partial<RootState>
  store?: AppStore
  /** The address the screen is rendered at, e.g. `/apis/stripe-com`. */
  route?: string
  /** The route pattern the screen answers, e.g. `/apis/:id`; defaults to `route`. */
  path?: string
}

/** The app's providers around `children`: the store, the theme and a cache of Emotion's own. */
export function TestProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  // One cache for the providers' life: a new one each render would write every style again.
  const [emotionCache] = useState(() => createCache({ key: 'test' }))
  return (
    <AppProviders store={store} emotionCache={emotionCache} persistThemeMode={false}>
      {children}
    </AppProviders>
  )
}

/**
 * Renders a screen as the app would: a real store, the theme, and a memory router. Any navigation
 * away lands on a probe that names the new address, so tests can assert where the user went.
 */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const { preloadedState, store = makeStore(preloadedState), route = '/', path, ...rest } = options
  const routes: RouteObject[] = [
    { path: path ?? route.split('?')[0], element: ui },
    { path: '*', element: <NavigatedTo /> },
  ]
  const router = createMemoryRouter(routes, { initialEntries: [route] })
  const result = render(
    <TestProviders store={store}>
      <RouterProvider router={router} />
    </TestProviders>,
    rest,
  )
  return { store, router, ...result }
}
