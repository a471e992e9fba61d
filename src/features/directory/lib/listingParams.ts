import type { ApiListParams, ApiListQuery, AuthKind } from '@/contract/apis'
import type { CategorySlug } from '@/contract/categories'
import { AUTH_KIND_OPTIONS, SORT_OPTIONS } from './labels'

export type ApiSort = NonNullable<ApiListQuery['sort']>
export type TriState = 'true' | 'false' | 'unknown'
export const TRI_STATE_FILTERS = ['https', 'cors', 'free'] as const
export type TriStateFilter = (typeof TRI_STATE_FILTERS)[number]

/** What the listing at /apis shows, as kept in its address (spec.md §10.1). */
export type Listing = {
  search: string
  category?: CategorySlug
  auth?: AuthKind
  https?: TriState
  cors?: TriState
  free?: TriState
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

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined
}

/** The listing an address asks for; anything it cannot use is left out rather than refused. */
export function parseListing(params: URLSearchParams): Listing {
  const page = Number(params.get('page'))
  return {
    search: params.get('search')?.trim() ?? '',
    category: oneOf(CATEGORY_OPTIONS, params.get('category')),
    auth: oneOf(AUTH_KIND_OPTIONS, params.get('auth')),
    https: oneOf(TRI_STATES as TriState[], params.get('https')),
    cors: oneOf(TRI_STATES as TriState[], params.get('cors')),
    free: oneOf(TRI_STATES as TriState[], params.get('free')),
    sort: oneOf(SORT_OPTIONS, params.get('sort')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
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
