// Every public page of the route table, one module each: the server reads this to answer, describe
// and draw a page; the browser's router has a line per page too (src/app/router.tsx). A public
// route without its page here does not compile.
import type { FirstQuery } from '../firstQueries'
import {
  matchRoute,
  routeSearch,
  type PublicRouteId,
  type RouteId,
  type RouteMatch,
} from '../routes'
import { apiDetailLegacyPage } from './apiDetailLegacyPage'
import { apiDetailPage } from './apiDetailPage'
import { apiMonitoringPage } from './apiMonitoringPage'
import { apisPage } from './apisPage'
import { blogPage } from './blogPage'
import { blogPostPage } from './blogPostPage'
import { categoryApiPage } from './categoryApiPage'
import { categoryPage } from './categoryPage'
import { comparePage } from './comparePage'
import { monitoringOverviewPage } from './monitoringOverviewPage'
import type { Page } from './page'
import { providerPage } from './providerPage'
import { testerPage } from './testerPage'
import { toolsPage } from './toolsPage'

export const PAGES: { [Id in PublicRouteId]: Page<Id> } = {
  apis: apisPage,
  apiDetailLegacy: apiDetailLegacyPage,
  tools: toolsPage,
  compare: comparePage,
  category: categoryPage,
  provider: providerPage,
  apiMonitoring: apiMonitoringPage,
  categoryApi: categoryApiPage,
  apiDetail: apiDetailPage,
  tester: testerPage,
  monitoringOverview: monitoringOverviewPage,
  blog: blogPage,
  blogPost: blogPostPage,
}

export type AnyPage = Page<PublicRouteId>

/** A public page matched at an address: its module, its parameters and the query it reads. */
export type PageMatch = { page: AnyPage; params: Record<string, string>; search: URLSearchParams }

const isPublic = (id: RouteId): id is PublicRouteId => id in PAGES

/** The public page of a matched route, with the query it reads; undefined for other pages. */
export function pageOf({ id, params }: RouteMatch, search: URLSearchParams): PageMatch | undefined {
  if (!isPublic(id)) return undefined
  return { page: PAGES[id] as unknown as AnyPage, params, search: routeSearch(id, search) }
}

/** The public page at an address; undefined for other pages and unknown addresses. */
export function matchPage(pathname: string, search: URLSearchParams): PageMatch | undefined {
  const match = matchRoute(pathname)
  return match && pageOf(match, search)
}

/** The shell's config, which every page starts with. */
export const configQuery = { endpoint: 'getConfig', args: undefined } satisfies FirstQuery

/** The queries a matched page's screen starts with: the shell's config, then the page's own. */
export const pageQueries = ({ page, params, search }: PageMatch): FirstQuery[] => [
  configQuery,
  ...page.firstQueries(params as never, search),
]

/**
 * The queries the screen at this address starts with, with the arguments it computes: the shell's
 * config everywhere, and each public page's own.
 */
export function firstQueries(pathname: string, search: URLSearchParams): FirstQuery[] {
  const match = matchPage(pathname, search)
  return match ? pageQueries(match) : [configQuery]
}
