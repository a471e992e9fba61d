import type { AuthKind } from '@/contract/apis'
import type { ApiSort } from './listingParams'

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
  name: 'Name',
  updated: 'Recently updated',
}

export const SORT_OPTIONS = Object.keys(sortLabels) as ApiSort[]

// One formatter for every count on the page: Number#toLocaleString builds a new one per call,
// which cost a phone about 40 ms on the directory's first render (18 category counts and more).
let integers: Intl.NumberFormat | undefined

/** A whole number with thousands separators, en-US: `1,234`. */
export function formatInteger(value: number) {
  integers ??= new Intl.NumberFormat('en-US')
  return integers.format(value)
}

export function countLabel(count: number, one = 'API', many = 'APIs') {
  return `${formatInteger(count)} ${count === 1 ? one : many}`
}
