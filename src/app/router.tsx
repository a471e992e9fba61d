import type { ComponentType } from 'react'
import { Navigate, type RouteObject } from 'react-router-dom'
import { LoadingState } from '@/components/StateViews/StateViews'
import { AppShell } from './layout/AppShell'
import { paths } from './lib/paths'
import { RouteErrorPage } from './routes/RouteErrorPage'

/** A route whose screen is downloaded only when it is visited. */
function screen(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) }
}

/** A route of spec.md §2 whose screen arrives with a later issue. */
function pending(title: string, path: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const { PendingPage } = await import('./routes/PendingPage')
      return { element: <PendingPage title={title} path={path} /> }
    },
  }
}

const toRedirect = <Navigate to={paths.redirect} replace />

/** Every route of spec.md §2; `/` and unknown paths go to /redirect (§10.5). */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingState label="Loading page" />,
    children: [
      { index: true, element: toRedirect },
      {
        path: 'redirect',
        ...screen(() =>
          import('@/features/redirect/screens/RedirectScreen').then((m) => m.RedirectScreen),
        ),
      },
      { path: 'apis', ...pending('API Directory', paths.apis) },
      { path: 'apis/api-detail.html', ...pending('API details', paths.apiDetailLegacy) },
      { path: 'apis/tools', ...pending('API Tools', paths.tools) },
      { path: 'apis/category/:category', ...pending('API category', paths.apis) },
      { path: 'apis/category/:category/:apiId', ...pending('API details', paths.apis) },
      { path: 'apis/:id', ...pending('API details', paths.apis) },
      {
        path: 'tools/tester',
        ...screen(() =>
          import('@/features/tester/screens/TesterScreen').then((m) => m.TesterScreen),
        ),
      },
      { path: 'blog', ...pending('Blog', paths.blog) },
      { path: 'blog/:slug', ...pending('Blog article', paths.blog) },
      { path: 'bpm-login', ...pending('Staff sign-in', paths.login) },
      { path: 'dashboard', ...pending('Staff dashboard', paths.dashboard) },
      {
        path: 'ads',
        ...screen(() => import('@/features/ads/screens/AdsScreen').then((m) => m.AdsScreen)),
      },
      {
        path: 'social',
        ...screen(() =>
          import('@/features/social/screens/SocialScreen').then((m) => m.SocialScreen),
        ),
      },
      {
        path: 'monitor',
        ...screen(() =>
          import('@/features/monitor/screens/MonitorScreen').then((m) => m.MonitorScreen),
        ),
      },
      { path: '*', element: toRedirect },
    ],
  },
]
