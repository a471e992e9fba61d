import type { SecurityScheme } from '@/contract/operations'

/** The auth helper's kinds: what a request's credentials are, without their values. */
export const AUTH_KINDS = [
  'bearer',
  'basic',
  'apiKeyHeader',
  'apiKeyQuery',
  'apiKeyCookie',
] as const
export type AuthKind = (typeof AUTH_KINDS)[number]

/** The kind last applied in the auth helper, and the header or parameter an API key went in. */
export type AuthChoice = { kind: AuthKind; name: string }

/** The auth a document's scheme asks for, as the helper writes it. */
export function choiceForScheme(scheme: SecurityScheme): AuthChoice | null {
  switch (scheme.kind) {
    case 'apiKey': {
      const name = scheme.parameter ?? scheme.key
      if (scheme.in === 'query') return { kind: 'apiKeyQuery', name }
      if (scheme.in === 'cookie') return { kind: 'apiKeyCookie', name }
      return { kind: 'apiKeyHeader', name }
    }
    case 'basic':
      return { kind: 'basic', name: 'Authorization' }
    case 'bearer':
    case 'oauth2':
    case 'openIdConnect':
      return { kind: 'bearer', name: 'Authorization' }
    case 'http':
      return scheme.scheme === 'basic'
        ? { kind: 'basic', name: 'Authorization' }
        : { kind: 'bearer', name: 'Authorization' }
    default:
      return null
  }
}

/** The first auth an operation accepts (its first alternative's first scheme), if any. */
export function choiceForSecurity(security: SecurityScheme[][]): AuthChoice | null {
  for (const alternative of security) {
    for (const scheme of alternative) {
      const choice = choiceForScheme(scheme)
      if (choice) return choice
    }
  }
  return null
}

/** The header a choice writes, if it writes one (an API key in the query writes none). */
export function authHeaderOf(choice: AuthChoice | null): string | null {
  if (!choice || choice.kind === 'apiKeyQuery') return null
  if (choice.kind === 'apiKeyCookie') return 'Cookie'
  return choice.kind === 'apiKeyHeader' ? choice.name : 'Authorization'
}
