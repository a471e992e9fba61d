// Finding a public page's module for an address: the server reads this to answer, describe and
// draw a page. The modules are listed in registry.gen.ts (`npm run pages`); the browser's router
// has a line per page too (src/app/router.tsx), and a route without its line does not compile.
import type { FirstQuery } from '../firstQueries'
import {
  matchRoute,
  routeSearch,
  type PublicRouteId,
  type RouteId,
  type RouteMatch,
} from '../routes'
import type { Page } from './page'
import { PAGES } from './registry.gen'

export { PAGES }

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
