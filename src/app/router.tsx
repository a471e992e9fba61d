import { lazy, type ComponentType } from 'react'
import { matchRoutes, Navigate, type RouteObject } from 'react-router-dom'
import { AppShell } from './layout/AppShell'
import { routerPath, type RouterPath } from '@/shared/routes'
import { paths } from '../lib/paths'
import { RouteErrorElement } from './routes/RouteErrorPage'

/**
 * A route whose screen is downloaded only when it is visited (React.lazy under the shell's
 * Suspense). Elements rather than the data router's `lazy`, so the app can run on the
 * declarative router, about 17 KB gz lighter on every first load (startApp.tsx).
 */
function screen(load: () => Promise<ComponentType>): Pick<RouteObject, 'element'> {
  const Screen = lazy(() => load().then((Component) => ({ default: Component })))
  const element = <Screen />
  screenLoads.set(element, load)
  return { element }
}

/** How each route's screen is loaded, by the route's element. */
const screenLoads = new WeakMap<object, () => Promise<unknown>>()

/**
 * Loads the screen of the page at `pathname`, if it has one: the app's start does it before it
 * hydrates (startApp.tsx), so that the screen's modules run in a task of their own, not in one of
 * React's while it hydrates. React's own load of it then finds them run. Never rejects: a screen
 * that fails to load fails where React loads it, with the route's error page.
 */
export const loadScreen = async (pathname: string) => {
  const element = matchRoutes(routes, pathname)?.at(-1)?.route.element
  const load = element && typeof element === 'object' ? screenLoads.get(element) : undefined
  await load?.().catch(() => undefined)
}

const toRedirect = <Navigate to={paths.redirect} replace />

/** The screen of every page of the route table (src/shared/routes.ts), one line each. */
const pages = [
  {
    path: routerPath('redirect'),
    ...screen(() =>
      import('@/features/redirect/screens/RedirectScreen').then((m) => m.RedirectScreen),
    ),
  },
  {
    path: routerPath('apis'),
    ...screen(() =>
      import('@/features/directory/screens/DirectoryScreen').then((m) => m.DirectoryScreen),
    ),
  },
  {
    path: routerPath('apiDetailLegacy'),
    ...screen(() =>
      import('@/features/directory/screens/ApiDetailScreen').then((m) => m.ApiDetailScreen),
    ),
  },
  {
    path: routerPath('tools'),
    ...screen(() =>
      import('@/features/directory/screens/ToolsHubScreen').then((m) => m.ToolsHubScreen),
    ),
  },
  {
    path: routerPath('compare'),
    ...screen(() =>
      import('@/features/directory/screens/CompareScreen').then((m) => m.CompareScreen),
    ),
  },
  {
    path: routerPath('category'),
    ...screen(() =>
      import('@/features/directory/screens/CategoryScreen').then((m) => m.CategoryScreen),
    ),
  },
  {
    path: routerPath('provider'),
    ...screen(() =>
      import('@/features/directory/screens/ProviderScreen').then((m) => m.ProviderScreen),
    ),
  },
  {
    path: routerPath('apiMonitoring'),
    ...screen(() => import('./routes/MonitoringRoute').then((m) => m.MonitoringRoute)),
  },
  {
    path: routerPath('categoryApi'),
    ...screen(() =>
      import('@/features/directory/screens/ApiDetailScreen').then((m) => m.ApiDetailScreen),
    ),
  },
  {
    path: routerPath('apiDetail'),
    ...screen(() =>
      import('@/features/directory/screens/ApiDetailScreen').then((m) => m.ApiDetailScreen),
    ),
  },
  {
    path: routerPath('tester'),
    ...screen(() => import('@/features/tester/screens/TesterScreen').then((m) => m.TesterScreen)),
  },
  {
    path: routerPath('monitoringOverview'),
    ...screen(() =>
      import('@/features/directory/screens/MonitoringOverviewScreen').then(
        (m) => m.MonitoringOverviewScreen,
      ),
    ),
  },
  {
    path: routerPath('blog'),
    ...screen(() => import('@/features/blog/screens/BlogListScreen').then((m) => m.BlogListScreen)),
  },
  {
    path: routerPath('blogPost'),
    ...screen(() =>
      import('@/features/blog/screens/BlogArticleScreen').then((m) => m.BlogArticleScreen),
    ),
  },
  {
    path: routerPath('login'),
    ...screen(() => import('@/features/auth/screens/LoginScreen').then((m) => m.LoginScreen)),
  },
  {
    path: routerPath('dashboard'),
    ...screen(() => import('./routes/DashboardRoute').then((m) => m.DashboardRoute)),
  },
  {
    path: routerPath('analytics'),
    ...screen(() => import('./routes/AnalyticsRoute').then((m) => m.AnalyticsRoute)),
  },
  {
    path: routerPath('ads'),
    ...screen(() => import('@/features/ads/screens/AdsScreen').then((m) => m.AdsScreen)),
  },
  {
    path: routerPath('social'),
    ...screen(() => import('@/features/social/screens/SocialScreen').then((m) => m.SocialScreen)),
  },
  {
    path: routerPath('monitor'),
    ...screen(() =>
      import('@/features/monitor/screens/MonitorScreen').then((m) => m.MonitorScreen),
    ),
  },
] satisfies RouteObject[]

/** A page of the route table without its line above does not compile. */
export type EveryPageHasAScreen = Unrouted<Exclude<RouterPath, (typeof pages)[number]['path']>>
type Unrouted<Missing extends never> = Missing

/** Every page of the route table; `/` and unknown paths go to /redirect. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    // Data routers (tests, stories); the app's declarative router uses RouteErrorBoundary.
    errorElement: <RouteErrorElement />,
    children: [{ index: true, element: toRedirect }, ...pages, { path: '*', element: toRedirect }],
  },
]
