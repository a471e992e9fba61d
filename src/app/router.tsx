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
      {
        path: 'apis',
        ...screen(() =>
          import('@/features/directory/screens/DirectoryScreen').then((m) => m.DirectoryScreen),
        ),
      },
      {
        path: 'apis/api-detail.html',
        ...screen(() =>
          import('@/features/directory/screens/ApiDetailScreen').then((m) => m.ApiDetailScreen),
        ),
      },
      {
        path: 'apis/tools',
        ...screen(() =>
          import('@/features/directory/screens/ToolsHubScreen').then((m) => m.ToolsHubScreen),
        ),
      },
      {
        path: 'apis/category/:category',
        ...screen(() =>
          import('@/features/directory/screens/CategoryScreen').then((m) => m.CategoryScreen),
        ),
      },
      {
        path: 'apis/category/:category/:apiId',
        ...screen(() =>
          import('@/features/directory/screens/ApiDetailScreen').then((m) => m.ApiDetailScreen),
        ),
      },
      {
        path: 'apis/:id',
        ...screen(() =>
          import('@/features/directory/screens/ApiDetailScreen').then((m) => m.ApiDetailScreen),
        ),
      },
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
