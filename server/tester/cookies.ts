// The person's cookie jar on its way through one test request: which of its cookies each hop
// sends, what each hop's Set-Cookie does to it, and what changed. The matching (domain and
// host-only, path, Secure, expiry, public suffixes) is tough-cookie's, as RFC 6265 has it.
import { Cookie, CookieJar } from 'tough-cookie'
import {
  COOKIE_LIMITS,
  cookieKey,
  jarCookieSchema,
  type CookieChanges,
  type CookieRef,
  type JarCookie,
} from '../../src/contract/tester'

export type TesterJar = { jar: CookieJar; before: JarCookie[]; touched: boolean }

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8')

const toCookie = (cookie: JarCookie, creation: Date) =>
  new Cookie({
    key: cookie.name,
    value: cookie.value,
    domain: cookie.domain,
    path: cookie.path,
    expires: cookie.expires ? new Date(cookie.expires) : 'Infinity',
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
    hostOnly: cookie.hostOnly,
    sameSite: cookie.sameSite ?? undefined,
    creation,
    lastAccessed: creation,
  })

const SAME_SITE = new Set(['strict', 'lax', 'none'])

const fromCookie = (cookie: Cookie): JarCookie => {
  // A session cookie lives forever to tough-cookie (its TTL is Infinity); to us it has no expiry.
  const expires = Number.isFinite(cookie.TTL()) ? cookie.expiryDate() : undefined
  const sameSite = cookie.sameSite?.toLowerCase()
  return {
    name: cookie.key,
    value: cookie.value,
    domain: cookie.domain ?? '',
    path: cookie.path ?? '/',
    expires: expires ? expires.toISOString() : null,
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
    hostOnly: cookie.hostOnly ?? true,
    sameSite: sameSite && SAME_SITE.has(sameSite) ? (sameSite as JarCookie['sameSite']) : null,
  }
}

/** A jar holding the person's cookies, oldest first (their order is their age). */
export async function openJar(cookies: JarCookie[] = []): Promise<TesterJar> {
  // Secure cookies go over https only: "local" here would be the server's machine, not theirs.
  const jar = new CookieJar(undefined, { allowSecureOnLocal: false })
  const start = Date.now() - cookies.length
  for (const [index, cookie] of cookies.entries()) {
    await jar.store.putCookie(toCookie(cookie, new Date(start + index)))
  }
  return { jar, before: cookies, touched: cookies.length > 0 }
}

/**
 * The hop's headers with the jar's cookies for its URL added to the Cookie header the person
 * typed; a cookie they typed wins over the jar's of the same name.
 */
export async function withJarCookies(
  { jar }: TesterJar,
  url: URL,
  headers: Record<string, string>,
): Promise<Record<string, string>> {
  // No SameSite context: the person sends each request on purpose, as a top-level navigation.
  const matching = await jar.getCookies(url.href, { http: true, sort: true })
  if (matching.length === 0) return headers
  const typedName = Object.keys(headers).find((name) => name.toLowerCase() === 'cookie')
  const typed = typedName ? (headers[typedName] ?? '') : ''
  const typedNames = new Set(
    typed
      .split(';')
      .map((pair) => pair.split('=')[0]?.trim())
      .filter(Boolean),
  )
  const fromJar = matching.filter((c) => !typedNames.has(c.key)).map((c) => c.cookieString())
  const merged = [typed.trim(), ...fromJar].filter(Boolean).join('; ')
  const rest = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== typedName))
  return { ...rest, [typedName ?? 'Cookie']: merged }
}

/** Takes a hop's Set-Cookie headers as a browser would; ones it would refuse are left out. */
export async function takeSetCookies(
  testerJar: TesterJar,
  url: URL,
  setCookie: string | string[] | undefined,
): Promise<void> {
  const values = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]
  for (const value of values) {
    testerJar.touched = true
    const cookie = Cookie.parse(value)
    // Too big for a browser to keep, so too big for the jar.
    if (!cookie || utf8Bytes(cookie.key) + utf8Bytes(cookie.value) > COOKIE_LIMITS.bytes) continue
    // Another site's domain, a public suffix, a Secure cookie over http: not stored, as in a
    // browser, and no reason to fail the answer.
    await testerJar.jar.setCookie(cookie, url.href, { ignoreError: true, http: true })
  }
}

const refOf = ({ name, domain, path }: CookieRef): CookieRef => ({ name, domain, path })

const expiryOf = (cookie: JarCookie) => (cookie.expires ? Date.parse(cookie.expires) : null)

const differs = (a: JarCookie, b: JarCookie) =>
  a.value !== b.value ||
  expiryOf(a) !== expiryOf(b) ||
  a.secure !== b.secure ||
  a.httpOnly !== b.httpOnly ||
  a.hostOnly !== b.hostOnly ||
  a.sameSite !== b.sameSite

const createdAt = (cookie: Cookie) =>
  cookie.creation instanceof Date ? cookie.creation.getTime() : Number.POSITIVE_INFINITY

/** The jar as it ends, unexpired and within the count cap, and what changed since it came in. */
export async function jarOutcome(
  testerJar: TesterJar,
  now = Date.now(),
): Promise<{ cookies: JarCookie[]; cookieChanges: CookieChanges }> {
  const all = (await testerJar.jar.store.getAllCookies())
    .filter((cookie) => cookie.TTL(now) > 0)
    .sort((a, b) => createdAt(a) - createdAt(b))
  const cookies = all
    .slice(Math.max(0, all.length - COOKIE_LIMITS.count))
    .map(fromCookie)
    // One the next request could not carry (an IPv6 host's, say) is not kept at all.
    .filter((cookie) => jarCookieSchema.safeParse(cookie).success)
  const before = new Map(testerJar.before.map((cookie) => [cookieKey(cookie), cookie]))
  const after = new Map(cookies.map((cookie) => [cookieKey(cookie), cookie]))
  const changes: CookieChanges = { added: [], updated: [], removed: [] }
  for (const [key, cookie] of after) {
    const old = before.get(key)
    if (!old) changes.added.push(refOf(cookie))
    else if (differs(old, cookie)) changes.updated.push(refOf(cookie))
  }
  for (const [key, cookie] of before) if (!after.has(key)) changes.removed.push(refOf(cookie))
  return { cookies, cookieChanges: changes }
}
