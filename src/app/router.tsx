import { lazy, type ComponentType } from 'react'
import { Navigate, type RouteObject } from 'react-router-dom'
import { AppShell } from './layout/AppShell'
import { routerPath, type RouteId } from '@/shared/routes'
import { paths } from '../lib/paths'
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

/**
 * The screen of every page of the route table (src/shared/routes.ts), one line each: a route
 * without its screen does not compile.
 */
const SCREENS: { [Id in RouteId]: () => Promise<ComponentType> } = {
  redirect: () =>
    import('@/features/redirect/screens/RedirectScreen').then((m) => m.RedirectScreen),
  apis: () => import('@/features/directory/screens/DirectoryScreen').then((m) => m.DirectoryScreen),
  apiDetailLegacy: () =>
    import('@/features/directory/screens/ApiDetailScreen').then((m) => m.ApiDetailScreen),
  tools: () => import('@/features/directory/screens/ToolsHubScreen').then((m) => m.ToolsHubScreen),
  compare: () => import('@/features/directory/screens/CompareScreen').then((m) => m.CompareScreen),
  category: () =>
    import('@/features/directory/screens/CategoryScreen').then((m) => m.CategoryScreen),
  provider: () =>
    import('@/features/directory/screens/ProviderScreen').then((m) => m.ProviderScreen),
  apiMonitoring: () =>
    import('@/features/directory/screens/MonitoringScreen').then((m) => m.MonitoringScreen),
  categoryApi: () =>
    import('@/features/directory/screens/ApiDetailScreen').then((m) => m.ApiDetailScreen),
  apiDetail: () =>
    import('@/features/directory/screens/ApiDetailScreen').then((m) => m.ApiDetailScreen),
  tester: () => import('@/features/tester/screens/TesterScreen').then((m) => m.TesterScreen),
  monitoringOverview: () =>
    import('@/features/directory/screens/MonitoringOverviewScreen').then(
      (m) => m.MonitoringOverviewScreen,
    ),
  blog: () => import('@/features/blog/screens/BlogListScreen').then((m) => m.BlogListScreen),
  blogPost: () =>
    import('@/features/blog/screens/BlogArticleScreen').then((m) => m.BlogArticleScreen),
  login: () => import('@/features/auth/screens/LoginScreen').then((m) => m.LoginScreen),
  dashboard: () => import('./routes/DashboardRoute').then((m) => m.DashboardRoute),
  analytics: () => import('./routes/AnalyticsRoute').then((m) => m.AnalyticsRoute),
  ads: () => import('@/features/ads/screens/AdsScreen').then((m) => m.AdsScreen),
  social: () => import('@/features/social/screens/SocialScreen').then((m) => m.SocialScreen),
  monitor: () => import('@/features/monitor/screens/MonitorScreen').then((m) => m.MonitorScreen),
}

/** Every page of the route table; `/` and unknown paths go to /redirect. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    // Data routers (tests, stories); the app's declarative router uses RouteErrorBoundary.
    errorElement: <RouteErrorElement />,
    children: [
      { index: true, element: toRedirect },
      ...(Object.keys(SCREENS) as RouteId[]).map((id) => ({
        path: routerPath(id),
        ...screen(SCREENS[id]),
      })),
      { path: '*', element: toRedirect },
    ],
  },
]
