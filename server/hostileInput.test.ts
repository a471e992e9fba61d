// Hostile input against every /api, /auth/v1 and /rest/v1 route: bodies, query strings,
// path segments, headers and encodings generated from the contract schemas and from what attackers
// send. Whatever arrives, the answer is never a 5xx, never a hang, never a stack trace, and every
// rejection says what was wrong in the route's own error shape.
import { mkdtemp, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { STATUS_CODES } from 'node:http'
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildConnector } from 'undici'
import {
  apiIdParamsSchema,
  apiListQuerySchema,
  categoryApisQuerySchema,
} from '../src/contract/apis'
import { analyticsBatchSchema } from '../src/contract/analytics'
import { NETWORKS, postRequestSchema } from '../src/contract/contentMarketing'
import { testRequestSchema } from '../src/contract/tester'
import { staffAuthorization } from './testing/staffToken'
import { buildTestApp } from './testing/testApp'
import { openTestDb, type TestDb } from './testing/testDb'
import {
  arbitraryFor,
  bodyFor,
  hostileHeaders,
  hostileJson,
  hostileString,
  wellFormed,
  nastyString,
  pathSegment,
  queryStringFor,
} from './testing/hostileArbitraries'
import { startUpstream, type Upstream } from './tester/testUpstream'
import { BODY_LIMIT } from './errors'
import { MAX_JSON_DEPTH } from './jsonLimits'

// Enough to find what breaks, small enough that the file stays well under a minute on 2 cores.
const RUNS = Number(process.env.HOSTILE_RUNS ?? 300)
// Far beyond any answer this app gives on loopback: reaching it means the request hung.
const HANG_MS = 10_000

let db: TestDb
let upstream: Upstream
let app: FastifyInstance
let staff: string
const routes: { method: string; url: string }[] = []

// Every name is unknown and only the local upstream can be dialled: no packet leaves the machine.
const realDial = buildConnector({ timeout: 1000 })
const loopbackOnly: buildConnector.connector = (options, callback) => {
  if (options.hostname !== '127.0.0.1' || Number(options.port) !== upstream.port) {
    callback(new Error(`test safety net: refused to dial ${options.hostname}`), null)
    return
  }
  return realDial(options, callback)
}

beforeAll(async () => {
  db = await openTestDb('pglite')
  upstream = await startUpstream()
  // A built site of one page, so paths outside the API get the page rather than 'not built'.
  const staticDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-hostile-'))
  await writeFile(
    path.join(staticDir, 'index.html'),
    '<!doctype html><html><head><title>API Atlas</title></head><body><div id="root"></div></body></html>',
  )
  app = buildTestApp({
    db,
    env: { TESTER_ALLOWED_HOSTS: `127.0.0.1:${upstream.port}` },
    config: { staticDir },
    options: {
      tester: {
        rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
        maxInFlightPerIp: 1_000,
        resolve: async (hostname) => {
          throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
            code: 'ENOTFOUND',
          })
        },
        dial: loopbackOnly,
        connectTimeoutMs: 500,
        headersTimeoutMs: 500,
        totalTimeoutMs: 1500,
      },
      analytics: { rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } },
      // Every route's answer to hostile input is under test, not its per-address limit.
      catalog: { searchesPerMinute: 1_000_000 },
      compare: { perMinute: { compare: 1_000_000, similar: 1_000_000 } },
      monitoring: { perMinute: { read: 1_000_000, check: 1_000_000 } },
      // Repeated wrong passwords are slowed down; here they are counted but never waited for.
      auth: {
        rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
        throttle: { sleep: async () => undefined },
      },
      marketing: { schedulerIntervalMs: 0 },
    },
  })
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url })
  })
  await app.ready()
  staff = (
    await staffAuthorization(app, db, { email: 'hostile@atlas.test', role: 'admin', name: 'H' })
  ).authorization
}, 120_000)

afterAll(async () => {
  await app?.close()
  await upstream?.close()
  await db?.dispose()
})

type Request = {
  method: string
  url: string
  headers?: Record<string, string>
  payload?: string | Buffer
}

const STACK = /\n\s+at\s|\bat\s+\S+\s+\((?:file:|node:|\/)|node_modules|\.ts:\d+:\d+/

/** The body as the client reads it, after the compression it asked for. */
const decoded = (response: LightMyRequestResponse) => {
  // A HEAD answer names the encoding its GET would have and carries no body to decode.
  if (response.rawPayload.length === 0) return ''
  const encoding = response.headers['content-encoding']
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString('utf8')
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString('utf8')
  if (encoding === 'deflate') return zlib.inflateSync(response.rawPayload).toString('utf8')
  return response.body
}

/** What every answer must be, whatever was asked. */
const expectSafe = (request: Request, response: LightMyRequestResponse) => {
  const where = `${request.method} ${request.url.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`
  expect(response.statusCode, where).toBeLessThan(500)
  expect(decoded(response), where).not.toMatch(STACK)
  expect(decoded(response), where).not.toContain(process.cwd())
  if (response.statusCode < 400 || request.method === 'HEAD') return

  // As the router saw it: inject resolves dot segments (/auth/v1/%2e%2e is /auth/).
  const path = new URL(request.url, 'http://localhost').pathname
  let body: Record<string, unknown>
  try {
    body = JSON.parse(decoded(response)) as Record<string, unknown>
  } catch {
    throw new Error(`Not JSON: ${where}`)
  }
  // Each family answers in the shape its clients read: /api's own, GoTrue's, PostgREST's
  // (docs/architecture.md).
  const message = path.startsWith('/auth/v1')
    ? (body.msg ?? body.error_description)
    : path.startsWith('/rest/v1')
      ? body.message
      : body.error
  if (!path.startsWith('/auth/v1') && !path.startsWith('/rest/v1')) {
    expect(body.success, where).toBe(false)
  }
  expect(typeof message, where).toBe('string')
  const text = (message as string).trim()
  expect(text.length, where).toBeGreaterThan(0)
  // A bare "Bad Request" names nothing.
  expect(text, where).not.toBe(STATUS_CODES[response.statusCode])
}

const send = async (request: Request) => {
  let timer: NodeJS.Timeout | undefined
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`No answer within ${HANG_MS} ms: ${request.method} ${request.url}`)),
      HANG_MS,
    )
  })
  try {
    const response = await Promise.race([app.inject(request as InjectOptions), hang])
    expectSafe(request, response)
    return response
  } finally {
    clearTimeout(timer)
  }
}

const check = (arbitrary: fc.Arbitrary<Request>, runs = RUNS) =>
  fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      await send(request)
    }),
    { numRuns: runs },
  )

const headersWith = (extra: Record<string, string> = {}) =>
  hostileHeaders.map((headers) => ({ ...headers, ...extra }) as Record<string, string>)

const jsonRequest = (method: string, url: fc.Arbitrary<string>, body: fc.Arbitrary<unknown>) =>
  fc
    .record({
      url,
      payload: bodyFor(body),
      headers: fc.oneof(
        { weight: 3, arbitrary: fc.constant({ 'content-type': 'application/json' }) },
        headersWith(),
      ),
    })
    .map((request) => ({ method, ...request }) as Request)

describe('hostile input never gets a 5xx, a hang or a stack trace', () => {
  it('catalogue, health and config: any query, path segment and headers', async () => {
    const urls = fc.oneof(
      queryStringFor(apiListQuerySchema).map((query) => `/api/apis${query}`),
      fc
        .tuple(
          arbitraryFor(apiIdParamsSchema).chain(() => pathSegment),
          queryStringFor(categoryApisQuerySchema),
        )
        .map(([id, query]) => `/api/apis/${id}${query}`),
      fc
        .tuple(pathSegment, queryStringFor(categoryApisQuerySchema))
        .map(([slug, query]) => `/api/apis/category/${slug}${query}`),
      fc.constantFrom('/api/categories', '/api/health', '/api/config', '/api/apis/stripe-com'),
      fc.tuple(pathSegment, pathSegment).map(([a, b]) => `/api/${a}/${b}`),
    )
    await check(
      fc.record({
        method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'),
        url: urls,
        headers: headersWith(),
      }),
    )
  })

  it('POST /api/apis/test: bodies from its schema, URLs of every spelling, the local upstream', async () => {
    const upstreamUrl = fc
      .tuple(
        fc.constantFrom('/echo', '/fast', '/text', '/binary', '/redirect/3', '/not-found', '/big'),
        fc.string({ maxLength: 20 }),
      )
      .map(
        ([path, query]) =>
          `http://127.0.0.1:${upstream.port}${path}?q=${encodeURIComponent(query)}`,
      )
    const url = fc.oneof(
      upstreamUrl,
      fc.webUrl({
        authoritySettings: {
          withIPv4Extended: true,
          withIPv6: true,
          withUserInfo: true,
          withPort: true,
        },
      }),
      fc.constantFrom(
        'http://0x7f.1/',
        'http://[::ffff:127.0.0.1]/',
        'http://169.254.169.254/latest/meta-data/',
        'gopher://127.0.0.1:6379/_INFO',
        'file:///etc/passwd',
        'javascript:alert(1)',
        'http://example.com@127.0.0.1/',
        'http://127.0.0.1:0/',
        'http://[fe80::1%25eth0]/',
        '//127.0.0.1/',
        'http://8.8.8.8:53/',
      ),
      hostileString,
    )
    const body = fc
      .tuple(arbitraryFor(testRequestSchema), url, fc.boolean())
      .map(([value, chosen, swap]) =>
        swap && value && typeof value === 'object' && !Array.isArray(value)
          ? { method: 'GET', ...value, url: chosen }
          : value,
      )
    await check(jsonRequest('POST', fc.constant('/api/apis/test'), body), RUNS)
  })

  it('POST /api/analytics/events: batches from its schema, as JSON or as a beacon', async () => {
    await check(
      fc
        .tuple(
          jsonRequest(
            'POST',
            fc.constant('/api/analytics/events'),
            arbitraryFor(analyticsBatchSchema),
          ),
          fc.boolean(),
        )
        .map(([request, beacon]) =>
          beacon
            ? { ...request, headers: { 'content-type': 'text/plain;charset=UTF-8' } }
            : request,
        ),
    )
  })

  it('content marketing and dashboard: signed in or not, any post', async () => {
    // A byte of the signature changed, so the token looks right but was never issued.
    const at = staff.length - 10
    const forged = `${staff.slice(0, at)}${staff[at] === 'A' ? 'B' : 'A'}${staff.slice(at + 1)}`
    const brokenToken = fc.constantFrom(
      forged,
      staff.replace(/^Bearer /, 'Basic '),
      staff.replace(/^Bearer /, ''),
      'Bearer ',
      'Bearer not-a-token',
    )
    const auth = fc.oneof(
      { weight: 2, arbitrary: fc.constant({ authorization: staff }) },
      fc.constant<Record<string, string>>({}),
      brokenToken.map((authorization) => ({ authorization })),
      headersWith(),
      headersWith({ authorization: staff }),
    )
    const post = fc
      .tuple(
        fc.oneof(fc.constantFrom(...NETWORKS), pathSegment),
        bodyFor(
          fc.oneof(
            arbitraryFor(postRequestSchema),
            fc.record({
              content: fc.string({ minLength: 1, maxLength: 50 }),
              scheduledFor: fc.oneof(
                fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
                nastyString,
              ),
            }),
          ),
        ),
        auth,
      )
      .map(([network, payload, headers]): Request => ({
        method: 'POST',
        url: `/api/content-marketing/post-${network}`,
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      }))
    const reads = fc
      .tuple(
        fc.constantFrom(
          '/api/content-marketing/stats',
          '/api/content-marketing/recent-posts',
          '/api/content-marketing/scheduled-posts',
          '/api/dashboard/activity',
        ),
        queryStringFor(apiListQuerySchema),
        auth,
      )
      .map(([path, query, headers]): Request => ({
        method: 'GET',
        url: `${path}${query}`,
        headers,
      }))
    const tally = { signedIn: 0, not: 0 }
    await fc.assert(
      fc.asyncProperty(fc.oneof(post, reads), async (request) => {
        const response = await send(request)
        if (request.headers?.authorization === staff) {
          tally.signedIn++
          return
        }
        tally.not++
        // Without the staff token nothing is posted or read, whatever else the request holds.
        expect(response.statusCode, `${request.method} ${request.url}`).toBeGreaterThanOrEqual(400)
      }),
      { numRuns: RUNS },
    )
    // Both sides were really sent.
    expect(tally.signedIn).toBeGreaterThan(0)
    expect(tally.not).toBeGreaterThan(0)
  })

  it('/auth/v1: token grants, user, logout and everything supabase-js might call', async () => {
    // Logout with a token ends that account's sessions: this property spends an account of its own.
    const spent = (
      await staffAuthorization(app, db, {
        email: 'spent-auth@atlas.test',
        role: 'admin',
        name: 'S',
      })
    ).authorization
    const grant = fc.oneof(
      fc.constantFrom('password', 'refresh_token', 'pkce', 'id_token', 'web3'),
      hostileString.map((value) => encodeURIComponent(wellFormed(value))),
    )
    const tokenBody = fc.oneof(
      fc.record(
        {
          email: fc.oneof(
            fc.constant('hostile@atlas.test'),
            fc.emailAddress(),
            hostileString,
            hostileJson,
          ),
          password: fc.oneof(fc.string({ maxLength: 100 }), hostileString, hostileJson),
          phone: hostileString,
          refresh_token: fc.oneof(fc.string({ maxLength: 80 }), hostileJson),
        },
        { requiredKeys: [] },
      ),
      hostileJson,
    )
    const token = fc
      .tuple(grant, bodyFor(tokenBody), headersWith())
      .map(([type, payload, headers]): Request => ({
        method: 'POST',
        url: `/auth/v1/token?grant_type=${type}`,
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      }))
    const other = fc
      .tuple(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
        fc.oneof(
          fc.constantFrom(
            '/user',
            '/logout',
            '/.well-known/jwks.json',
            '/signup',
            '/otp',
            '/admin/users',
          ),
          pathSegment.map((segment) => `/${segment}`),
        ),
        fc.constantFrom('', '?scope=global', '?scope=others', '?scope=%zz', '?scope=a&scope=b'),
        fc.oneof(fc.constant({ authorization: spent }), headersWith()),
        bodyFor(hostileJson),
      )
      .map(([method, path, query, headers, payload]): Request => ({
        method,
        url: `/auth/v1${path}${query}`,
        headers,
        ...(method === 'GET' || method === 'OPTIONS' ? {} : { payload }),
      }))
    await check(fc.oneof(token, other))
  })

  it('/rest/v1: PostgREST filters, selects, orders, inserts and profiles from any caller', async () => {
    const table = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('profiles', 'login_history', 'security_events') },
      { weight: 1, arbitrary: pathSegment },
    )
    const column = fc.oneof(
      fc.constantFrom('id', 'role', 'email', 'created_at', 'permissions', 'user_id', 'event_type'),
      hostileString,
    )
    const filter = fc
      .tuple(
        column,
        fc.constantFrom('eq', 'neq', 'gt', 'lte', 'like', 'ilike', 'is', 'in', 'cs', 'not.eq', ''),
        fc.oneof(
          hostileString,
          fc.constantFrom('null', 'not.null', '(a,"b,c",d)', '(', '("', '2024-01-01', 'x'),
        ),
      )
      .map(([name, op, value]) => [name, op ? `${op}.${value}` : value] as const)
    const query = fc
      .record(
        {
          select: fc.oneof(
            fc.constantFrom('*', 'id,role', 'id,nope', 'count()', 'a:b', '*,x(*)'),
            hostileString,
          ),
          order: fc.oneof(
            fc.constantFrom('created_at.desc', 'id.asc.nullsfirst', 'x.y.z'),
            hostileString,
          ),
          limit: fc.oneof(fc.nat().map(String), hostileString),
          offset: fc.oneof(fc.nat().map(String), hostileString),
          columns: fc.oneof(fc.constantFrom('id,role', '"id"'), hostileString),
          filters: fc.array(filter, { maxLength: 4 }),
        },
        { requiredKeys: [] },
      )
      .map(({ filters = [], ...plain }) => {
        const params = new URLSearchParams()
        for (const [key, value] of Object.entries(plain))
          if (value !== undefined) params.append(key, value)
        for (const [key, value] of filters) params.append(key, value)
        return params.toString()
      })
    const row = fc.record(
      {
        id: fc.oneof(fc.uuid(), hostileJson),
        role: fc.oneof(fc.constantFrom('admin', 'viewer'), hostileJson),
        full_name: hostileJson,
        permissions: hostileJson,
        event_type: hostileJson,
        created_at: hostileJson,
      },
      { requiredKeys: [] },
    )
    await check(
      fc
        .tuple(
          fc.constantFrom('GET', 'GET', 'POST', 'POST', 'HEAD', 'PATCH', 'DELETE', 'PUT'),
          table,
          query,
          fc.oneof(
            fc.constant<Record<string, string>>({}),
            fc.constant({ authorization: staff }),
            headersWith(),
            headersWith({ authorization: staff }),
          ),
          bodyFor(fc.oneof(row, fc.array(row, { maxLength: 3 }), hostileJson)),
        )
        .map(([method, name, search, headers, payload]): Request => ({
          method,
          url: `/rest/v1/${name}${search ? `?${search}` : ''}`,
          headers: { 'content-type': 'application/json', ...headers },
          ...(method === 'GET' || method === 'HEAD' ? {} : { payload }),
        })),
    )
  })

  it('every registered route, whatever method, path, query, body and headers', async () => {
    const ours = routes.filter(({ url }) => /^\/(api|auth\/v1|rest\/v1)(\/|$)/.test(url))
    expect(ours.length).toBeGreaterThan(15)
    // Any route includes /auth/v1/logout, which ends every session of the account whose token it
    // carries: this property spends an account of its own, so the tests after it keep theirs.
    const spent = (
      await staffAuthorization(app, db, { email: 'spent@atlas.test', role: 'admin', name: 'S' })
    ).authorization
    const request = fc
      .tuple(
        fc.constantFrom(...ours),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'SAME'),
        fc.array(pathSegment, { minLength: 4, maxLength: 4 }),
        queryStringFor(apiListQuerySchema),
        bodyFor(hostileJson),
        fc.oneof(headersWith(), headersWith({ authorization: spent })),
      )
      .map(([route, method, segments, query, payload, headers]): Request => {
        let i = 0
        const url = route.url.replace(/:[A-Za-z]+|\*/g, () => segments[i++ % segments.length]!)
        const chosen = method === 'SAME' ? route.method : method
        return {
          method: chosen,
          url: `${url}${query}`,
          headers,
          ...(chosen === 'GET' || chosen === 'HEAD' ? {} : { payload }),
        }
      })
    await check(request, RUNS * 2)
  })
})

describe('what the properties found, kept as examples', () => {
  it('a NUL character Postgres cannot store is a 400 naming it, not a 500', async () => {
    const response = await send({
      method: 'POST',
      url: '/api/content-marketing/post-linkedin',
      payload: JSON.stringify({ content: 'a\u0000b' }),
      headers: { 'content-type': 'application/json', authorization: staff },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ error: string }>().error).toMatch(/cannot be stored: .*0x00/)
  })

  it('a URL that cannot be decoded answers in the shape of its path', async () => {
    expect((await send({ method: 'GET', url: '/auth/v1/%' })).json()).toMatchObject({
      msg: 'Malformed URL: /auth/v1/%',
    })
    expect((await send({ method: 'GET', url: '/rest/v1/%' })).json()).toMatchObject({
      message: 'Malformed URL: /rest/v1/%',
    })
  })

  it('a compressed HEAD answer carries no body, and its GET decodes', async () => {
    const request = { url: '/auth/v1/%2e%2e', headers: { 'accept-encoding': 'gzip' } }
    const head = await send({ method: 'HEAD', ...request })
    expect(head.rawPayload).toHaveLength(0)
    const get = await send({ method: 'GET', ...request })
    expect(get.statusCode).toBe(head.statusCode)
    expect(decoded(get).length).toBeGreaterThan(0)
  })

  it('/rest/v1 names the content type it refuses', async () => {
    const response = await send({
      method: 'POST',
      url: '/rest/v1/profiles',
      payload: 'x',
      headers: { 'content-type': 'text/csv' },
    })
    expect(response.statusCode).toBe(415)
    expect(response.json<{ message: string }>().message).toContain("'text/csv'")
  })
})

describe('deep nesting, up to the body limit, on every route that takes JSON', () => {
  // 2 bytes a level ("[" and "]"): the deepest document that fits in a body.
  const deepest = Math.floor(BODY_LIMIT / 2) - 64
  const depth = fc.oneof(
    fc.integer({ min: 1, max: MAX_JSON_DEPTH + 2 }),
    fc.integer({ min: MAX_JSON_DEPTH + 1, max: 10_000 }),
    fc.integer({ min: 10_000, max: deepest }),
  )
  // Counterexamples print the depth and shape, not a megabyte of brackets.
  const nested = fc.record({ levels: depth, shape: fc.constantFrom('array', 'object', 'mixed') })
  /** Arrays, objects or both, `levels` deep, with a value at the bottom. */
  const nestedText = ({ levels, shape }: { levels: number; shape: string }) => {
    const isArray = (i: number) => shape === 'array' || (shape === 'mixed' && i % 2 === 0)
    const parts: string[] = []
    const ends: string[] = []
    for (let i = 0; i < levels; i++) {
      parts.push(isArray(i) ? '[' : '{"a":')
      ends.push(isArray(i) ? ']' : '}')
    }
    return `${parts.join('')}1${ends.reverse().join('')}`
  }

  it('answers 400 naming the nesting, never a 5xx, and the server keeps answering', async () => {
    const jsonRoutes = routes.filter(
      ({ method, url }) => method === 'POST' && /^\/(api|auth\/v1|rest\/v1)\//.test(url),
    )
    expect(jsonRoutes.map(({ url }) => url)).toEqual(
      expect.arrayContaining(['/api/apis/test', '/auth/v1/token', '/rest/v1/:table']),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...jsonRoutes),
        nested,
        fc.constantFrom('whole', 'field'),
        fc.boolean(),
        async (route, shape, where, signedIn) => {
          const text = nestedText(shape)
          const url = route.url
            .replace(':table', 'profiles')
            .replace(':network', 'linkedin')
            .replace(/:[A-Za-z]+/g, 'x')
          const payload = where === 'whole' ? text : `{"url":${text},"preferences":${text}}`
          const response = await send({
            method: route.method,
            url: url === '/auth/v1/token' ? `${url}?grant_type=password` : url,
            payload,
            headers: {
              'content-type': 'application/json',
              // Signed in, logout would end the session the other requests use.
              ...(signedIn && url !== '/auth/v1/logout' && { authorization: staff }),
            },
          })
          const total = where === 'whole' ? shape.levels : shape.levels + 1
          if (total > MAX_JSON_DEPTH) {
            // Routes with a smaller body limit than BODY_LIMIT (/auth/v1, analytics) may refuse a
            // deep body for its size, and staff-only routes turn a stranger away before reading it.
            const refusedFirst =
              (response.statusCode === 413 && payload.length > 8 * 1024) ||
              (response.statusCode === 401 && !signedIn)
            if (!refusedFirst) {
              expect(response.statusCode).toBe(400)
              expect(response.body).toContain(`nested more than ${MAX_JSON_DEPTH} levels`)
            }
          }
          expect((await send({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
        },
      ),
      { numRuns: Math.max(20, Math.round(RUNS / 5)) },
    )
  })

  it('a jsonb filter of any depth is refused before the database parses it', async () => {
    await fc.assert(
      fc.asyncProperty(nested, fc.boolean(), async (shape, signedIn) => {
        const text = nestedText(shape)
        const response = await send({
          method: 'GET',
          url: `/rest/v1/profiles?preferences=eq.${encodeURIComponent(text)}`,
          headers: signedIn ? { authorization: staff } : {},
        })
        if (text.length > 1024 || shape.levels > 16) expect(response.statusCode).toBe(400)
        const after = await send({
          method: 'GET',
          url: '/rest/v1/profiles?select=id',
          headers: { authorization: staff },
        })
        expect(after.statusCode).toBe(200)
      }),
      { numRuns: Math.max(20, Math.round(RUNS / 5)) },
    )
  })
})

describe('bytes that are not even well-formed HTTP', () => {
  let port: number
  beforeAll(async () => {
    port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port)
  })

  /** Sends raw bytes on a fresh socket and reads until the server closes it or answers. */
  const raw = (bytes: Buffer) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1')
      const chunks: Buffer[] = []
      const timer = setTimeout(() => {
        socket.destroy()
        reject(
          new Error(
            `No answer within ${HANG_MS} ms to ${JSON.stringify(bytes.toString('latin1').slice(0, 200))}`,
          ),
        )
      }, HANG_MS)
      socket.on('data', (chunk) => {
        chunks.push(chunk)
        // One answer is enough; keep-alive would otherwise hold the socket open.
        const text = Buffer.concat(chunks).toString('latin1')
        const head = text.indexOf('\r\n\r\n')
        const length = /content-length:\s*(\d+)/i.exec(text)
        if (head >= 0 && length && text.length >= head + 4 + Number(length[1])) socket.end()
      })
      socket.on('close', () => {
        clearTimeout(timer)
        resolve(Buffer.concat(chunks).toString('latin1'))
      })
      socket.on('error', () => {})
      socket.end(bytes)
    })

  const expectSafeRaw = (sent: Buffer, answer: string) => {
    const where = `${JSON.stringify(sent.toString('latin1').slice(0, 200))} -> ${answer.slice(0, 400)}`
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1]
    // A connection closed without an answer is acceptable for garbage; an answer must be sane.
    if (status === undefined) return
    expect(Number(status), where).toBeLessThan(500)
    expect(answer, where).not.toMatch(STACK)
    // Only the first answer: bytes after a bad request may have been read as a second one.
    const length = Number(/content-length:\s*(\d+)/i.exec(answer)?.[1] ?? 0)
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4).slice(0, length)
    if (Number(status) >= 400 && body) {
      const parsed = JSON.parse(body) as {
        success?: boolean
        error?: string
        msg?: string
        message?: string
      }
      const message = parsed.error ?? parsed.msg ?? parsed.message
      expect(typeof message, where).toBe('string')
      expect(message!.trim(), where).not.toBe(STATUS_CODES[Number(status)])
    }
  }

  const targets = fc.constantFrom(
    '/api/apis',
    '/api/apis/test',
    '/api/analytics/events',
    '/auth/v1/token?grant_type=password',
    '/rest/v1/profiles',
  )
  const garbage = fc.oneof(
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    fc
      .tuple(
        fc.constantFrom('GET', 'POST', 'BREW', 'G ET', ''),
        targets,
        fc.constantFrom(
          '',
          '\xff\xfe',
          '%',
          '?search=%E0%A4%A',
          '?search=\x00',
          ' HTTP/1.1 extra',
          '#frag',
        ),
        fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/9', ''),
        fc.constantFrom(
          'Host: x\r\n',
          '',
          'Host: x\r\nContent-Length: abc\r\n',
          'Host: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n',
          'Host: x\r\nTransfer-Encoding: chunked\r\n',
          'Host: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n',
          'Host: x\r\nX-Bad\x01: y\r\n',
          'Host: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n',
          `Host: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n`,
          'Host: x\r\n Folded: y\r\n',
        ),
        fc.constantFrom('', '{}', 'zz\r\n{}\r\n0\r\n\r\n', '\xff\xff', '{"a":'),
      )
      .map(([method, target, tail, version, headers, body]) =>
        Buffer.from(`${method} ${target}${tail} ${version}\r\n${headers}\r\n${body}`, 'latin1'),
      ),
  )

  it('names a missing Host header and a broken request line', async () => {
    const noHost = await raw(Buffer.from('GET /api/apis HTTP/1.1\r\n\r\n'))
    expect(noHost).toMatch(/^HTTP\/1\.1 400/)
    expect(noHost).toContain('needs a Host header')
    const broken = await raw(
      Buffer.from('GET /api/apis HTTP/1.1\r\nHost: x\r\nX-Bad\u0001: y\r\n\r\n'),
    )
    expect(broken).toMatch(/^HTTP\/1\.1 400/)
    expect(broken).toContain('Malformed HTTP request: Invalid header')
  })

  it('answers malformed requests with a clear 4xx or closes the connection', async () => {
    await fc.assert(
      fc.asyncProperty(garbage, async (bytes) => {
        expectSafeRaw(bytes, await raw(bytes))
      }),
      { numRuns: Math.max(30, Math.round(RUNS / 3)) },
    )
  })
})
