// The cookie jar's shape and rules, free of zod: the server's schema (tester.ts) and the jar's
// editor in the browser both check a cookie with these, so both say the same thing.

export type CookieSameSite = 'strict' | 'lax' | 'none'

/** One cookie of a jar, as the tester keeps it in the browser and sends it to the server. */
export type JarCookie = {
  name: string
  value: string
  /** Lower case, no leading dot. */
  domain: string
  path: string
  /** ISO date and time, or null for a cookie that lasts as long as the jar (a session cookie). */
  expires: string | null
  secure: boolean
  httpOnly: boolean
  /** Sent to `domain` only, not to its subdomains (set without a Domain attribute). */
  hostOnly: boolean
  sameSite: CookieSameSite | null
}

/** Which cookie: a jar holds one per name, domain and path. */
export type CookieRef = Pick<JarCookie, 'name' | 'domain' | 'path'>

export type CookieChanges = { added: CookieRef[]; updated: CookieRef[]; removed: CookieRef[] }

export const COOKIE_LIMITS = {
  /** Cookies in one jar; the oldest go first past it, as in a browser. */
  count: 200,
  /** Bytes of a cookie's name and value together: what browsers keep at most. */
  bytes: 4096,
  pathLength: 1024,
} as const

export const cookieKey = (cookie: CookieRef) => `${cookie.domain};${cookie.path};${cookie.name}`

// As the server's cookie parser reads a Set-Cookie pair: no control characters anywhere, and
// neither `=` in a name nor `;` in either, since both end the pair.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/
const HOST_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const HOSTNAME = new RegExp(`^(?:${HOST_LABEL}\\.)*${HOST_LABEL}$`, 'i')

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length

/** What is wrong with a cookie's name, or null. */
export function cookieNameProblem(name: string): string | null {
  if (name.trim() === '') return 'Enter a name'
  if (name !== name.trim()) return 'must not start or end with a space'
  if (CONTROL.test(name) || name.includes('=') || name.includes(';')) {
    return 'must not contain =, ; or control characters'
  }
  return null
}

/** What is wrong with a cookie's value (name given for the size limit), or null. */
export function cookieValueProblem(value: string, name = ''): string | null {
  if (value !== value.trim()) return 'must not start or end with a space'
  if (CONTROL.test(value) || value.includes(';')) return 'must not contain ; or control characters'
  if (utf8Bytes(name) + utf8Bytes(value) > COOKIE_LIMITS.bytes) {
    return `name and value together must be at most ${COOKIE_LIMITS.bytes} bytes`
  }
  return null
}

/** What is wrong with a cookie's domain, or null. */
export function cookieDomainProblem(domain: string): string | null {
  if (domain.trim() === '') return 'Enter a domain, such as api.example.com'
  if (domain.length > 253 || !HOSTNAME.test(domain)) {
    return 'must be a host name such as api.example.com, without a scheme, port or path'
  }
  return null
}

/** What is wrong with a cookie's path, or null. */
export function cookiePathProblem(path: string): string | null {
  if (!path.startsWith('/')) return 'must start with /'
  if (path.length > COOKIE_LIMITS.pathLength) {
    return `must be at most ${COOKIE_LIMITS.pathLength} characters`
  }
  if (CONTROL.test(path) || path.includes(';')) return 'must not contain ; or control characters'
  return null
}

/** What is wrong with an expiry (ISO date and time, or null for a session cookie), or null. */
export function cookieExpiresProblem(expires: string | null): string | null {
  if (expires === null) return null
  return Number.isNaN(Date.parse(expires)) ? 'must be a date and time' : null
}
