import { formatInteger } from '@/shared/numbers'
import type { ApiSource, ApiSummary, AuthKind } from '@/contract/apis'
import type { ApiSort } from '@/shared/listing'

// Keyed by the contract's types, so the compiler holds these to AUTH_KINDS and API_SORTS (and a
// test checks the order) without loading the contract's zod schemas on the directory's first load.
const authLabels: Record<AuthKind, string> = {
  none: 'No auth',
  apiKey: 'API key',
  oauth2: 'OAuth 2.0',
  basic: 'Basic auth',
  bearer: 'Bearer token',
  openIdConnect: 'OpenID Connect',
}

export const AUTH_KIND_OPTIONS = Object.keys(authLabels) as AuthKind[]

export function authLabel(kind: AuthKind) {
  return authLabels[kind]
}

export const sortLabels: Record<ApiSort, string> = {
  relevance: 'Relevance',
  popular: 'Popular',
  name: 'Name',
  updated: 'Recently updated',
}

export const SORT_OPTIONS = Object.keys(sortLabels) as ApiSort[]

export function countLabel(count: number, one = 'API', many = 'APIs') {
  return `${formatInteger(count)} ${count === 1 ? one : many}`
}

const sourceLabels: Record<ApiSource, string> = {
  'apis-guru': 'APIs.guru (OpenAPI document)',
  'public-apis': 'public-apis list',
  synthetic: 'Synthetic test data (not a real API)',
  local: 'This server’s own catalogue (local)',
}

export function sourceLabel(source: ApiSource) {
  return sourceLabels[source]
}

/** An API only the public-apis list knows: no OpenAPI document, so no operations. */
export function isListOnly(api: Pick<ApiSummary, 'sources'>) {
  return api.sources.includes('public-apis') && !api.sources.includes('apis-guru')
}

/** A made-up record of a scale test (ATLAS_SYNTHETIC_APIS): every page that shows it says so. */
export function isSynthetic(api: Pick<ApiSummary, 'sources'>) {
  return api.sources.includes('synthetic')
}
