import { describe, expect, it } from 'vitest'
import { jarCookieSchema, type JarCookie } from '../../src/contract/tester'
import { jarOutcome, openJar, takeSetCookies, withJarCookies } from './cookies'

const cookie = (fields: Partial<JarCookie> & Pick<JarCookie, 'name' | 'domain'>): JarCookie =>
  jarCookieSchema.parse({ value: 'v', ...fields })

const sentTo = async (cookies: JarCookie[], href: string, headers: Record<string, string> = {}) => {
  const jar = await openJar(cookies)
  return (await withJarCookies(jar, new URL(href), headers)).Cookie
}

describe('which cookies of the jar a request sends', () => {
  it('sends a host-only cookie to its host only, a domain cookie to its subdomains too', async () => {
    const jar = [
      cookie({ name: 'host', domain: 'example.com', hostOnly: true }),
      cookie({ name: 'dom', domain: 'example.com', hostOnly: false }),
    ]
    expect(await sentTo(jar, 'https://example.com/')).toBe('host=v; dom=v')
    expect(await sentTo(jar, 'https://api.example.com/')).toBe('dom=v')
    expect(await sentTo(jar, 'https://example.org/')).toBeUndefined()
    expect(await sentTo(jar, 'https://notexample.com/')).toBeUndefined()
  })

  it('sends a cookie under its path only, the longer path first', async () => {
    const jar = [
      cookie({ name: 'root', domain: 'example.com', path: '/' }),
      cookie({ name: 'v1', domain: 'example.com', path: '/v1' }),
    ]
    expect(await sentTo(jar, 'https://example.com/v1/users')).toBe('v1=v; root=v')
    expect(await sentTo(jar, 'https://example.com/v10')).toBe('root=v')
    expect(await sentTo(jar, 'https://example.com/')).toBe('root=v')
  })

  it('sends a Secure cookie over https only, even to a local address', async () => {
    const jar = [cookie({ name: 's', domain: '127.0.0.1', secure: true })]
    expect(await sentTo(jar, 'https://127.0.0.1/')).toBe('s=v')
    expect(await sentTo(jar, 'http://127.0.0.1/')).toBeUndefined()
  })

  it('never sends an expired cookie, and reports it gone', async () => {
    const jar = await openJar([
      cookie({ name: 'old', domain: 'example.com', expires: '2000-01-01T00:00:00Z' }),
      cookie({ name: 'new', domain: 'example.com', expires: '2999-01-01T00:00:00Z' }),
    ])
    expect((await withJarCookies(jar, new URL('https://example.com/'), {})).Cookie).toBe('new=v')
    const outcome = await jarOutcome(jar)
    expect(outcome.cookies.map((c) => c.name)).toEqual(['new'])
    expect(outcome.cookieChanges.removed).toEqual([
      { name: 'old', domain: 'example.com', path: '/' },
    ])
  })

  it('merges the jar with a Cookie header the person typed, theirs winning a shared name', async () => {
    const jar = [
      cookie({ name: 'a', domain: 'example.com', value: 'jar' }),
      cookie({ name: 'b', domain: 'example.com', value: 'jar' }),
    ]
    const headers = await withJarCookies(await openJar(jar), new URL('https://example.com/'), {
      cookie: 'a=typed',
      Accept: '*/*',
    })
    expect(headers).toEqual({ Accept: '*/*', cookie: 'a=typed; b=jar' })
  })

  it('leaves the headers as they are when nothing in the jar matches', async () => {
    const headers = { cookie: 'mine=1' }
    const jar = await openJar([cookie({ name: 'a', domain: 'example.org' })])
    expect(await withJarCookies(jar, new URL('https://example.com/'), headers)).toBe(headers)
  })
})

describe('what an answer’s Set-Cookie does to the jar', () => {
  it('adds, updates and removes, as a browser would, and says which', async () => {
    const jar = await openJar([
      cookie({ name: 'keep', domain: 'example.com', value: '1' }),
      cookie({ name: 'change', domain: 'example.com', value: '1' }),
      cookie({ name: 'drop', domain: 'example.com', value: '1' }),
    ])
    await takeSetCookies(jar, new URL('https://example.com/login'), [
      'change=2; Path=/',
      'drop=; Path=/; Max-Age=0',
      'fresh=3; Domain=.Example.com; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=3600',
    ])
    const { cookies, cookieChanges } = await jarOutcome(jar)
    expect(cookies.map((c) => `${c.name}=${c.value}`)).toEqual(['keep=1', 'change=2', 'fresh=3'])
    expect(cookies[2]).toMatchObject({
      domain: 'example.com',
      hostOnly: false,
      secure: true,
      httpOnly: true,
      sameSite: 'lax',
    })
    expect(Date.parse(cookies[2]?.expires ?? '')).toBeGreaterThan(Date.now())
    expect(cookieChanges).toEqual({
      added: [{ name: 'fresh', domain: 'example.com', path: '/' }],
      updated: [{ name: 'change', domain: 'example.com', path: '/' }],
      removed: [{ name: 'drop', domain: 'example.com', path: '/' }],
    })
  })

  it('takes a cookie without a Path under the answering URL’s directory', async () => {
    const jar = await openJar()
    await takeSetCookies(jar, new URL('https://example.com/v1/login'), 'a=1')
    const { cookies } = await jarOutcome(jar)
    expect(cookies[0]).toMatchObject({ name: 'a', domain: 'example.com', path: '/v1' })
    expect(cookies[0]?.hostOnly).toBe(true)
  })

  it('refuses what a browser refuses: another site, a public suffix, Secure over http', async () => {
    const jar = await openJar()
    await takeSetCookies(jar, new URL('http://api.example.com/'), [
      'other=1; Domain=example.org',
      'suffix=1; Domain=com',
      'secure=1; Secure',
      'not a cookie',
    ])
    expect((await jarOutcome(jar)).cookies).toEqual([])
  })

  it('keeps only cookies the next request can carry back', async () => {
    const jar = await openJar()
    await takeSetCookies(jar, new URL('http://[2001:db8::1]/'), 'v6=1; Path=/')
    await takeSetCookies(jar, new URL('https://example.com/'), 'a b=1; Path=/')
    const { cookies } = await jarOutcome(jar)
    expect(cookies.map((c) => c.name)).toEqual(['a b'])
    expect(jarCookieSchema.array().parse(cookies)).toEqual(cookies)
  })

  it('drops a cookie too big for a browser to keep', async () => {
    const jar = await openJar()
    await takeSetCookies(jar, new URL('https://example.com/'), [`big=${'x'.repeat(5000)}`, 'ok=1'])
    expect((await jarOutcome(jar)).cookies.map((c) => c.name)).toEqual(['ok'])
  })

  it('keeps the newest cookies past the count cap, dropping the oldest', async () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      cookie({ name: `c${i}`, domain: 'example.com' }),
    )
    const jar = await openJar(many)
    await takeSetCookies(jar, new URL('https://example.com/'), 'newest=1; Path=/')
    const { cookies, cookieChanges } = await jarOutcome(jar)
    expect(cookies).toHaveLength(200)
    expect(cookies.at(-1)?.name).toBe('newest')
    expect(cookieChanges.removed).toEqual([{ name: 'c0', domain: 'example.com', path: '/' }])
  })
})

describe('the jar’s cookies in a request', () => {
  const problems = (fields: Record<string, unknown>) => {
    const result = jarCookieSchema.safeParse({
      name: 'a',
      value: 'b',
      domain: 'example.com',
      ...fields,
    })
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
  }

  it('are read with their defaults, the domain in lower case without its dot', () => {
    expect(jarCookieSchema.parse({ name: 'a', value: 'b', domain: '.API.Example.com' })).toEqual({
      name: 'a',
      value: 'b',
      domain: 'api.example.com',
      path: '/',
      expires: null,
      secure: false,
      httpOnly: false,
      hostOnly: true,
      sameSite: null,
    })
  })

  it('are refused with a message naming what is wrong', () => {
    expect(problems({ name: '' })).toEqual(['name: Enter a name'])
    expect(problems({ name: 'a=b' })).toEqual(['name: must not contain =, ; or control characters'])
    expect(problems({ value: 'x;y' })).toEqual(['value: must not contain ; or control characters'])
    expect(problems({ value: 'a\r\nSet-Cookie: x' })).toEqual([
      'value: must not contain ; or control characters',
    ])
    expect(problems({ domain: 'https://example.com' })).toEqual([
      'domain: must be a host name such as api.example.com, without a scheme, port or path',
    ])
    expect(problems({ path: 'v1' })).toEqual(['path: must start with /'])
    expect(problems({ expires: 'soon' })).toEqual(['expires: must be a date and time'])
    expect(problems({ value: 'x'.repeat(4096) })).toEqual([
      'value: name and value together must be at most 4096 bytes',
    ])
  })
})
