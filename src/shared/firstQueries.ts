// Which /api queries a public page makes as it first draws, from its address alone: the server
// answers them inside the page's HTML, and the app puts those answers in its store before its first
// render, so the page draws once, with its data, in one interruptible render (issue 11).
import type { ApiListParams } from '../contract/apis'
import { apiRequests, requestKey, type CategoryPageArgs } from './apiRequests'

export type FirstQuery =
  | { endpoint: 'getConfig'; args: undefined }
  | { endpoint: 'listCategories'; args: undefined }
  | { endpoint: 'listApis'; args: ApiListParams }
  | { endpoint: 'getCategory'; args: CategoryPageArgs }
  | { endpoint: 'getApi'; args: string }

/** What the directory asks for at /apis with nothing in the address (listingToQuery of it). */
export const PLAIN_LISTING: ApiListParams = { page: 1 }

const config: FirstQuery = { endpoint: 'getConfig', args: undefined }
const categories: FirstQuery = { endpoint: 'listCategories', args: undefined }

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/**
 * A page address's path segments, decoded as the router's params are, without a trailing slash;
 * null when one cannot be decoded or is empty (`//`), which no public page has.
 */
export function pathSegments(pathname: string): string[] | null {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1).map(decode)
  return segments.some((segment) => segment === null || segment === '')
    ? null
    : (segments as string[])
}

/** The page number a category page reads from `?page=` (CategoryScreen). */
const categoryPage = (search: URLSearchParams) => {
  const page = Number(search.get('page'))
  return Number.isInteger(page) && page > 1 ? page : 1
}

/**
 * The queries the screen at this address starts with, with the arguments it computes: the shell's
 * config everywhere, and the directory's data on its pages. Addresses whose first data depends on
 * more than the path (the `?api=` lookups, a searched listing) only get the rest.
 */
export function firstQueries(pathname: string, search: URLSearchParams): FirstQuery[] {
  const segments = pathSegments(pathname)
  if (!segments) return [config]
  const [first, second, third, fourth, ...rest] = segments
  if (first !== 'apis' || rest.length > 0) return [config]
  if (!second) {
    // The plain listing (the directory's front page) is what visitors land on; a searched or
    // filtered one is fetched by the app (the address rules live with the directory's screen).
    if (search.size > 0) return [config, categories]
    return [config, categories, { endpoint: 'listApis', args: PLAIN_LISTING }]
  }
  if (second === 'category' && third) {
    if (fourth) return [config, { endpoint: 'getApi', args: fourth }, categories]
    return [
      config,
      { endpoint: 'getCategory', args: { category: third, page: categoryPage(search) } },
    ]
  }
  if (third || second === 'tools' || second === 'api-detail.html') return [config]
  return [config, { endpoint: 'getApi', args: second }, categories]
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
    case 'getApi':
      return requestKey(apiRequests.getApi(query.args))
  }
}
