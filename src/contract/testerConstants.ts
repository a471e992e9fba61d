// The tester's fixed values, free of zod: the browser's tester screen imports them on its first
// load (docs/performance.md), the schemas in tester.ts and the server through tester.ts.

/** The methods the tester sends; CONNECT and TRACE never (they tunnel or reflect). */
export const TESTER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const
export type TesterMethod = (typeof TESTER_METHODS)[number]

export const TESTER_LIMITS = {
  urlLength: 2048,
  headerCount: 50,
  headerValueLength: 8 * 1024,
  /** Characters of a text body; the server's request limit (1 MiB) bounds JSON bodies too. */
  bodyLength: 1024 * 1024 - 4096,
} as const

/** The tester's auth helper's kinds: what a request's credentials are, without their values. */
export const TESTER_AUTH_KINDS = [
  'bearer',
  'basic',
  'apiKeyHeader',
  'apiKeyQuery',
  'apiKeyCookie',
  'oauth2',
] as const
export type TesterAuthKind = (typeof TESTER_AUTH_KINDS)[number]

/** What a refusal of a private address says (its code, blocked_address, is what a client reads). */
export const PRIVATE_ADDRESS_MESSAGE =
  'Requests to private or local network addresses are not allowed'

/** What a refusal of a port says: the port asked for, and the ports the tester does reach. */
export const portRefusalMessage = (port: number, allowedPorts: readonly number[]) => {
  const ports = [...allowedPorts].sort((a, b) => a - b).map(String)
  const list =
    ports.length > 1 ? `${ports.slice(0, -1).join(', ')} and ${ports.at(-1)}` : (ports[0] ?? '')
  return `Requests to port ${port} are not allowed; the tester reaches ports ${list} only`
}
