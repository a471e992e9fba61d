import type { AuthKind } from '@/contract/apis'
import type { ApiSort } from './listingParams'

const authLabels: Record<AuthKind, string> = {
  none: 'No auth',
  apiKey: 'API key',
  oauth2: 'OAuth 2.0',
  basic: 'Basic auth',
  bearer: 'Bearer token',
  openIdConnect: 'OpenID Connect',
}

export function authLabel(kind: AuthKind) {
  return authLabels[kind]
}

export const sortLabels: Record<ApiSort, string> = {
  relevance: 'Relevance',
  name: 'Name',
  updated: 'Recently updated',
}

export function countLabel(count: number, one = 'API', many = 'APIs') {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
}
