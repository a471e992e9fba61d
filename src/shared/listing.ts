// What a directory listing shows, as its address spells it: read by the directory's screen, and by
// the server, which answers and draws a searched or filtered listing like the plain one.
import type { ApiListParams, ApiListQuery, AuthKind } from '../contract/apis'
import type { CategorySlug } from '../contract/categories'

export type ApiSort = NonNullable<ApiListQuery['sort']>
export type TriState = 'true' | 'false' | 'unknown'
export const TRI_STATE_FILTERS = ['https', 'cors', 'free'] as const
export type TriStateFilter = (typeof TRI_STATE_FILTERS)[number]
/** The filters a checkbox turns on: the tri-states' `true`, and "Verified working". */
export type ToggleFilter = TriStateFilter | 'verified'

/** What the listing at /apis shows, as kept in its address. */
export type Listing = {
  search: string
  category?: CategorySlug
  auth?: AuthKind
  https?: TriState
  cors?: TriState
  free?: TriState
  /** Only APIs whose last health check found them working. */
  verified?: 'true'
  sort?: ApiSort
  page: number
}

const TRI_STATES: readonly string[] = ['true', 'false', 'unknown']

// Every slug of the contract, checked by the compiler (a Record needs each key, and no other); kept
// here so that reading an address does not load zod. The test compares it with CATEGORY_SLUGS.
const categorySlugs: Record<CategorySlug, true> = {
  cloud: true,
  'developer-tools': true,
  analytics: true,
  'open-data': true,
  communication: true,
  ecommerce: true,
  finance: true,
  payments: true,
  'media-entertainment': true,
  'text-language': true,
  location: true,
  productivity: true,
  transport: true,
  security: true,
  iot: true,
  'marketing-social': true,
  business: true,
  'ai-ml': true,
}
export const CATEGORY_OPTIONS = Object.keys(categorySlugs) as CategorySlug[]

// The same for auth kinds and sorts, in the contract's order (AUTH_KINDS, API_SORTS).
const authKinds: Record<AuthKind, true> = {
  none: true,
  apiKey: true,
  oauth2: true,
  basic: true,
  bearer: true,
  openIdConnect: true,
}
export const AUTH_KIND_VALUES = Object.keys(authKinds) as AuthKind[]
const sorts: Record<ApiSort, true> = { relevance: true, popular: true, name: true, updated: true }
export const SORT_VALUES = Object.keys(sorts) as ApiSort[]

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined
}

/** The page number an address asks for with `?page=`: a whole number above 1, or else 1. */
export function pageNumber(params: URLSearchParams) {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page > 1 ? page : 1
}

/**
 * What a provider family's page asks for: its parts, those matching its own search when it has
 * one, a page at a time (the screen and the server's first answers ask the same).
 */
export function providerListing(provider: string, params: URLSearchParams) {
  const search = params.get('search')?.trim()
  const page = pageNumber(params)
  return { provider, ...(search ? { search } : {}), ...(page > 1 ? { page } : {}) }
}

/** The listing an address asks for; anything it cannot use is left out rather than refused. */
export function parseListing(params: URLSearchParams): Listing {
  return {
    search: params.get('search')?.trim() ?? '',
    category: oneOf(CATEGORY_OPTIONS, params.get('category')),
    auth: oneOf(AUTH_KIND_VALUES, params.get('auth')),
    https: oneOf(TRI_STATES as TriState[], params.get('https')),
    cors: oneOf(TRI_STATES as TriState[], params.get('cors')),
    free: oneOf(TRI_STATES as TriState[], params.get('free')),
    verified: oneOf(['true'], params.get('verified')),
    sort: oneOf(SORT_VALUES, params.get('sort')),
    page: pageNumber(params),
  }
}

/** The address of a listing, short: defaults (no search, page 1) are left out. */
export function listingToParams(listing: Listing): URLSearchParams {
  const params = new URLSearchParams()
  if (listing.search) params.set('search', listing.search)
  if (listing.category) params.set('category', listing.category)
  if (listing.auth) params.set('auth', listing.auth)
  for (const key of TRI_STATE_FILTERS) {
    const value = listing[key]
    if (value) params.set(key, value)
  }
  if (listing.verified) params.set('verified', listing.verified)
  if (listing.sort) params.set('sort', listing.sort)
  if (listing.page > 1) params.set('page', String(listing.page))
  return params
}

/** A change of what is shown starts again at page 1; only a page change keeps the page. */
export function changeListing(listing: Listing, change: Partial<Omit<Listing, 'page'>>): Listing {
  return { ...listing, ...change, page: 1 }
}

/** The GET /api/apis parameters for a listing; the page size is the server's default. */
export function listingToQuery(listing: Listing): ApiListParams {
  const { search, page, ...rest } = listing
  const query: ApiListParams = { page }
  if (search) query.search = search
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) Object.assign(query, { [key]: value })
  }
  return query
}

/** True when anything narrows the listing, so the empty state can offer to clear it. */
export function isFiltered(listing: Listing) {
  return listingToParams({ ...listing, sort: undefined, page: 1 }).size > 0
}

export const EMPTY_LISTING: Listing = { search: '', page: 1 }
