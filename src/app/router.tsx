import { lazy, type ComponentType } from 'react'
import { Navigate, type RouteObject } from 'react-router-dom'
import { AppShell } from './layout/AppShell'
import { paths } from './lib/paths'
import { RouteErrorElement } from './routes/RouteErrorPage'

/**
 * A route whose screen is downloaded only when it is visited (React.lazy under the shell's
 * Suspense). Elements rather than the data router's `lazy`, so the app can run on the
 * declarative router, about 17 KB gz lighter on every first load (main.tsx).
 */
function screen(load: () => Promise<ComponentType>): Pick<RouteObject, 'element'> {
  const Screen = lazy(() => load().then((Component) => ({ default: Component })))
  return { element: <Screen /> }
}

const toRedirect = <Navigate to={paths.redirect} replace />

/** Every route of spec.md §2; `/` and unknown paths go to /redirect (§10.5). */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    // Data routers (tests, stories); the app's declarative router uses RouteErrorBoundary.
    errorElement: <RouteErrorElement />,
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
      {
        path: 'blog',
        ...screen(() =>
          import('@/features/blog/screens/BlogListScreen').then((m) => m.BlogListScreen),
        ),
      },
      {
        path: 'blog/:slug',
        ...screen(() =>
          import('@/features/blog/screens/BlogArticleScreen').then((m) => m.BlogArticleScreen),
        ),
      },
      {
        path: 'bpm-login',
        ...screen(() => import('@/features/auth/screens/LoginScreen').then((m) => m.LoginScreen)),
      },
      {
        path: 'dashboard',
        ...screen(() => import('./routes/DashboardRoute').then((m) => m.DashboardRoute)),
      },
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
