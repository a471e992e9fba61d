// Which /api queries a public page makes as it first draws, from its address alone (the route
// table's pages, src/shared/routes.ts): the server answers them inside the page's HTML, and the app
// puts those answers in its store before its first render, so the page draws once, with its data.
import type { ApiListParams } from '../contract/apis'
import { apiRequests, requestKey, type CategoryPageArgs } from './apiRequests'
import { listingToQuery, pageNumber, parseListing, providerListing } from './listing'
import { matchRoute, type PublicRouteId, type RouteId, type RouteParams } from './routes'

export type FirstQuery =
  | { endpoint: 'getConfig'; args: undefined }
  | { endpoint: 'listCategories'; args: undefined }
  | { endpoint: 'listApis'; args: ApiListParams }
  | { endpoint: 'getCategory'; args: CategoryPageArgs }
  | { endpoint: 'getApi'; args: string }
  | { endpoint: 'getTesterApi'; args: string }
  | { endpoint: 'getComparison'; args: string }
  | { endpoint: 'getMonitoring'; args: string }
  | { endpoint: 'getMonitoringOverview'; args: string }

/** What the directory asks for at /apis with nothing in the address. */
export const PLAIN_LISTING: ApiListParams = listingToQuery(parseListing(new URLSearchParams()))

const config: FirstQuery = { endpoint: 'getConfig', args: undefined }
const categories: FirstQuery = { endpoint: 'listCategories', args: undefined }
const api = (id: string): FirstQuery => ({ endpoint: 'getApi', args: id })

type Loader<Id extends PublicRouteId> = (
  params: RouteParams<Id>,
  search: URLSearchParams,
) => FirstQuery[]

/**
 * What each public page's screen asks /api for as it first draws, from its parameters and query,
 * besides the shell's config: the server answers these inside the page (and draws it with them),
 * so the first paint already has the data. Pages whose data lives in the browser bundle (the
 * blog, the tester) or that look an API up by name (`?api=`) ask for nothing here.
 */
const FIRST_QUERIES: { [Id in PublicRouteId]: Loader<Id> } = {
  apis: (_, search) => [
    categories,
    { endpoint: 'listApis', args: listingToQuery(parseListing(search)) },
  ],
  apiDetailLegacy: () => [],
  tools: () => [],
  // Drawn with its rows when the address names APIs; without, it says how to pick them.
  compare: (_, search) => {
    const ids = search.get('ids')?.trim()
    return ids ? [{ endpoint: 'getComparison', args: ids }] : []
  },
  category: ({ category }, search) => [
    { endpoint: 'getCategory', args: { category, page: pageNumber(search) } },
  ],
  provider: ({ provider }, search) => [
    { endpoint: 'listApis', args: providerListing(provider, search) },
  ],
  // The monitoring answer names its API: the page needs nothing else.
  apiMonitoring: ({ id }) => [{ endpoint: 'getMonitoring', args: id }],
  // The filter's category names come with the categories, as the directory's.
  monitoringOverview: (_, search) => [
    categories,
    { endpoint: 'getMonitoringOverview', args: search.get('category')?.trim() ?? '' },
  ],
  categoryApi: ({ apiId }) => [api(apiId), categories],
  apiDetail: ({ id }) => [api(id), categories],
  // A `?api=` link (an API page's "Test API") opens the form filled from that API.
  tester: (_, search) => {
    const id = search.get('api')
    return id ? [{ endpoint: 'getTesterApi', args: id }] : []
  },
  blog: () => [],
  blogPost: () => [],
}

const isPublic = (id: RouteId): id is PublicRouteId => id in FIRST_QUERIES

/**
 * The queries the screen at this address starts with, with the arguments it computes: the shell's
 * config everywhere, and each public page's own (FIRST_QUERIES).
 */
export function firstQueries(pathname: string, search: URLSearchParams): FirstQuery[] {
  const match = matchRoute(pathname)
  if (!match || !isPublic(match.id)) return [config]
  const load = FIRST_QUERIES[match.id] as Loader<PublicRouteId>
  return [config, ...load(match.params as RouteParams<PublicRouteId>, search)]
}

/** The request a first query sends, as requestKey spells it (relative to /api). */
export function firstQueryKey(query: FirstQuery) {
  switch (query.endpoint) {
    case 'getConfig':
      return requestKey(apiRequests.getConfig())
    case 'listCategories':
      return requestKey(apiRequests.listCategories())
    case 'listApis':
      return requestKey(apiRequests.listApis(query.args))
    case 'getCategory':
      return requestKey(apiRequests.getCategory(query.args))
    case 'getComparison':
      return requestKey(apiRequests.getComparison(query.args))
    case 'getMonitoring':
      return requestKey(apiRequests.getMonitoring(query.args))
    case 'getMonitoringOverview':
      return requestKey(apiRequests.getMonitoringOverview(query.args))
    case 'getApi':
    case 'getTesterApi':
      return requestKey(apiRequests.getApi(query.args))
  }
}
