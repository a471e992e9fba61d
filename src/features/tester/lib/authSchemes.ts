// The auth an operation's security schemes ask for, as the auth helper writes it: loaded with the
// Auth tab and an operation's prefill, not with the tester.
import type { SecurityScheme } from '@/contract/operations'
import type { AuthChoice } from './authChoice'

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
    case 'oauth2':
      return { kind: 'oauth2', name: scheme.key }
    case 'bearer':
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
