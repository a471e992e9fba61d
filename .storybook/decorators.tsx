import { useEffect, useState, type ReactNode } from 'react'
import type { Decorator } from '@storybook/react-vite'
import createCache from '@emotion/cache'
import CssBaseline from '@mui/material/CssBaseline'
import { useColorScheme } from '@mui/material/styles'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { AppProviders } from '@/app/App'
import { AppShell } from '@/app/layout/AppShell'
import { ConfirmScheduleContext, type Schedule } from '@/components/ConfirmButton/ConfirmButton'
import { makeStore, type RootState } from '@/lib/store/store'
import { NavigatedTo } from '@/testing/NavigatedTo'

/** Follows the toolbar's light/dark choice. */
function ColorSchemeFromToolbar({ mode }: { mode: 'light' | 'dark' }) {
  const { setMode } = useColorScheme()
  useEffect(() => setMode(mode), [mode, setMode])
  return null
}

/** A confirm button's question stays until the second click, however long a busy machine takes. */
const neverLapses: Schedule = () => () => {}

type ProvidersProps = {
  preloadedState?: Partial<RootState>
  mode: 'light' | 'dark'
  children: ReactNode
}

function StoryProviders({ preloadedState, mode, children }: ProvidersProps) {
  const [store] = useState(() => makeStore(preloadedState))
  const [cache] = useState(() => createCache({ key: 'sb' }))
  return (
    <AppProviders store={store} emotionCache={cache} persistThemeMode={false}>
      {/* The site has MUI's baseline in its stylesheet; a story draws it (AppThemeProvider). */}
      <CssBaseline enableColorScheme />
      <ColorSchemeFromToolbar mode={mode} />
      <ConfirmScheduleContext value={neverLapses}>{children}</ConfirmScheduleContext>
    </AppProviders>
  )
}

/** A fresh store per story from `parameters.store` (keyed by story), the theme and the site's providers. */
export const withProviders: Decorator = (Story, { id, parameters, globals }) => (
  <StoryProviders
    key={id}
    preloadedState={parameters.store}
    mode={globals.theme === 'dark' ? 'dark' : 'light'}
  >
    <Story />
  </StoryProviders>
)

type RouterProps = { route: string; path: string; shell: boolean; children: ReactNode }

function StoryRouter({ route, path, shell, children }: RouterProps) {
  const [router] = useState(() =>
    createMemoryRouter(
      [
        { path, element: shell ? <AppShell>{children}</AppShell> : children },
        {
          path: '*',
          element: shell ? (
            <AppShell>
              <NavigatedTo />
            </AppShell>
          ) : (
            <NavigatedTo />
          ),
        },
      ],
      { initialEntries: [route] },
    ),
  )
  return <RouterProvider router={router} />
}

/**
 * The story at `parameters.route` (matched by `parameters.path`, defaulting to the route), inside the
 * app shell for screens. Navigation elsewhere lands on a probe that names the new address.
 */
export const withRouter: Decorator = (Story, { id, parameters, title }) => {
  const route: string = parameters.route ?? '/'
  return (
    <StoryRouter
      key={id}
      route={route}
      path={parameters.path ?? route.split('?')[0]}
      shell={parameters.shell ?? title.startsWith('Screens/')}
    >
      <Story />
    </StoryRouter>
  )
}
