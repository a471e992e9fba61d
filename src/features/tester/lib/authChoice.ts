/** The auth helper's kinds: what a request's credentials are, without their values. */
export const AUTH_KINDS = [
  'bearer',
  'basic',
  'apiKeyHeader',
  'apiKeyQuery',
  'apiKeyCookie',
  'oauth2',
] as const
export type AuthKind = (typeof AUTH_KINDS)[number]

/**
 * The kind last applied in the auth helper, and the header or parameter an API key went in; for
 * OAuth 2, the security scheme whose token variables the header names.
 */
export type AuthChoice = { kind: AuthKind; name: string }

/** The header a choice writes, if it writes one (an API key in the query writes none). */
export function authHeaderOf(choice: AuthChoice | null): string | null {
  if (!choice || choice.kind === 'apiKeyQuery') return null
  if (choice.kind === 'apiKeyCookie') return 'Cookie'
  return choice.kind === 'apiKeyHeader' ? choice.name : 'Authorization'
}
