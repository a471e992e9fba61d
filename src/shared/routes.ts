// The one map of the site's pages, read by the browser's router and links, the server (crawlers),
// the service worker, the analytics rules and the first-load budget. Below both the app and the
// server: it imports only the public pages' routes, which their modules write
// (src/shared/pages/, copied by `npm run pages`) and which carry none of their code.
import { PAGE_ROUTES } from './pages/routes.gen'

/**
 * Who a page is for. Public pages are crawled, counted and kept offline; staff pages never are;
 * the mock-up dashboards run on sample data in the browser and are neither crawled nor counted.
 */
export type Audience = 'public' | 'staff' | 'mockup' | 'redirect'

type Route = {
  /** The router's pattern: `:name` is one path segment. */
  pattern: string
  audience: Audience
  /**
   * The query parameters the page reads, in the order its canonical address spells them. The
   * server keys, draws and caches a page by these alone (canonicalSearch): any other parameter
   * (`utm_source`, a cache-buster) is the same page, never a fresh drawing.
   */
  query: readonly string[]
  /** An address that answers, for the first-load budget (public pages only). */
  example?: string
}

export const ROUTES = {
  redirect: { pattern: '/redirect', audience: 'redirect', query: [] },
  // Each public page's route is written in its module (src/shared/pages/<id>Page.ts).
  ...PAGE_ROUTES,
  login: { pattern: '/bpm-login', audience: 'staff', query: [] },
  dashboard: { pattern: '/dashboard', audience: 'staff', query: [] },
  analytics: { pattern: '/analytics', audience: 'staff', query: [] },
  ads: { pattern: '/ads', audience: 'mockup', query: [] },
  social: { pattern: '/social', audience: 'mockup', query: [] },
  monitor: { pattern: '/monitor', audience: 'mockup', query: [] },
} as const satisfies Record<string, Route>

export type RouteId = keyof typeof ROUTES

/** The names of a pattern's segments: `'/blog/:slug'` → `'slug'`. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

export type RouteParams<Id extends RouteId> = Record<
  ParamsOf<(typeof ROUTES)[Id]['pattern']>,
  string
>

/** The address of a page, each parameter encoded as one path segment. */
export const pathTo = <Id extends RouteId>(id: Id, ...[params]: RouteArgs<Id>): string =>
  ROUTES[id].pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name] ?? ''),
  )

type RouteArgs<Id extends RouteId> = [ParamsOf<(typeof ROUTES)[Id]['pattern']>] extends [never]
  ? []
  : [RouteParams<Id>]

/** A route's pattern as the router nests it under the shell: without the leading slash. */
export type RouterPath<Id extends RouteId = RouteId> = {
  [Key in Id]: (typeof ROUTES)[Key]['pattern'] extends `/${infer Path}` ? Path : never
}[Id]

/** The pattern as the router nests it under the shell: without the leading slash. */
export const routerPath = <Id extends RouteId>(id: Id) =>
  ROUTES[id].pattern.slice(1) as RouterPath<Id>

const ids = Object.keys(ROUTES) as RouteId[]

/** The fixed addresses of every page for these audiences (none of them has parameters). */
export const pagesFor = (...audiences: Audience[]) =>
  ids
    .filter((id) => (audiences as string[]).includes(ROUTES[id].audience))
    .map((id) => ROUTES[id].pattern)

/** Staff pages and the mock-ups: never crawled, never stored by a cache. */
export const isPrivateRoute = (id: RouteId) =>
  ROUTES[id].audience === 'staff' || ROUTES[id].audience === 'mockup'

export type PublicRouteId = {
  [Id in RouteId]: (typeof ROUTES)[Id]['audience'] extends 'public' ? Id : never
}[RouteId]

/** The public pages, each with the address the first-load budget measures. */
export const PUBLIC_PAGES = ids.flatMap((id) => {
  const route: Route = ROUTES[id]
  return route.audience === 'public' && route.example
    ? [{ id: id as PublicRouteId, example: route.example }]
    : []
})

/**
 * Pages whose visits are counted: every page but the staff pages and the three mock-up
 * dashboards, which make no server calls at all.
 */
export const isTrackedPath = (path: string) =>
  !pagesFor('staff', 'mockup').some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

export type RouteMatch = { id: RouteId; params: Record<string, string> }

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/**
 * A page address's path segments, decoded as the router's params are, without a trailing slash;
 * null when one cannot be decoded or is empty (`//`), which no page has.
 */
export function pathSegments(pathname: string): string[] | null {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1).map(decodeSegment)
  return segments.some((segment) => segment === null || segment === '')
    ? null
    : (segments as string[])
}

const patternSegments = Object.fromEntries(
  ids.map((id) => [id, ROUTES[id].pattern.split('/').slice(1)]),
) as Record<RouteId, string[]>

/**
 * Of two patterns with as many fixed segments, whether `a`'s first differing segment is the fixed
 * one: `/apis/category/:category` before `/apis/:id/monitoring`, so `/apis/category/monitoring` is
 * a category (the router lists category first, and ranks equal patterns in its order).
 */
const fixedFirst = (a: RouteId, b: RouteId) => {
  const [left, right] = [patternSegments[a], patternSegments[b]]
  const at = left.findIndex((part, index) => part !== right[index])
  return at >= 0 && !left[at]!.startsWith(':') && right[at]!.startsWith(':')
}

/**
 * The page an address shows and its parameters, as the router picks it: of the patterns that
 * match, the one with the most fixed segments (`/apis/tools` before `/apis/:id`), and of those, the
 * one fixed earliest. Undefined for an address no page has (the router's catch-all sends it to
 * /redirect).
 */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const segments = pathSegments(pathname)
  if (!segments) return undefined
  let best: (RouteMatch & { fixed: number }) | undefined
  for (const id of ids) {
    const pattern = patternSegments[id]
    if (pattern.length !== segments.length) continue
    const params: Record<string, string> = {}
    let fixed = 0
    const matches = pattern.every((part, index) => {
      if (part.startsWith(':')) {
        params[part.slice(1)] = segments[index]!
        return true
      }
      fixed += 1
      return part === segments[index]
    })
    if (
      matches &&
      (!best || fixed > best.fixed || (fixed === best.fixed && fixedFirst(id, best.id)))
    ) {
      best = { id, params, fixed }
    }
  }
  return best && { id: best.id, params: best.params }
}

/**
 * A page address's query as the page reads it: only the parameters its route lists, each once
 * (the first value, if not blank), in the route's order. The server keys, draws and caches a
 * public page by this, and the browser compares it to decide whether the server's drawing is its
 * page; an address no page has reads nothing.
 */
export function canonicalSearch(pathname: string, search: URLSearchParams): URLSearchParams {
  const match = matchRoute(pathname)
  return match ? routeSearch(match.id, search) : new URLSearchParams()
}

/** canonicalSearch for an address already matched: the query as this route's page reads it. */
export function routeSearch(id: RouteId, search: URLSearchParams): URLSearchParams {
  const canonical = new URLSearchParams()
  for (const name of ROUTES[id].query) {
    const value = search.get(name)
    if (value !== null && value.trim() !== '') canonical.set(name, value)
  }
  return canonical
}

/** The address a page is drawn and kept under: its path and canonicalSearch. */
export function canonicalAddress(pathname: string, search: URLSearchParams) {
  const query = canonicalSearch(pathname, search).toString()
  return query ? `${pathname}?${query}` : pathname
}
