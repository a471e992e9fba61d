/** The auth helper's kinds: what a request's credentials are, without their values. */
export const AUTH_KINDS = ['bearer', 'basic', 'apiKeyHeader', 'apiKeyQuery'] as const
export type AuthKind = (typeof AUTH_KINDS)[number]

/** The kind last applied in the auth helper, and the header or parameter an API key went in. */
export type AuthChoice = { kind: AuthKind; name: string }
