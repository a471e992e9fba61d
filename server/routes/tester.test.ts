import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PRIVATE_ADDRESS_MESSAGE,
  portRefusalMessage,
  testResponseSchema,
  type TestRequest,
  type TestResponseData,
} from '../../src/contract/tester'
import { buildApp } from '../app'
import { fakeDns, loopbackOnlyDial } from '../testing/loopbackNet'
import { openTestDb, testConfig, type TestDb } from '../testing/testDb'
import type { TesterClientOptions } from '../tester/client'
import {
  gzipBomb,
  PNG_BYTES,
  startCountingListener,
  startUpstream,
  type Upstream,
} from '../tester/testUpstream'
import type { TesterRouteOptions } from './tester'

// Test names resolve here; nothing ever asks a real DNS server.
const FAKE_DNS: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'foo.localhost': ['127.0.0.1'],
  'localtest.me': ['127.0.0.1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  '7f000001.nip.io': ['127.0.0.1'],
  'metadata.google.internal': ['169.254.169.254'],
  'internal.example': ['10.0.0.5'],
  'v6loopback.example': ['::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  // A public answer and a private one: refused, because the socket could use either.
  'mixed.example': ['93.184.215.14', '127.0.0.1'],
  'rebind.example': ['127.0.0.1'],
  // A public host: the safety net below refuses to dial it, so any dial shows in `dials`.
  'mail.example': ['93.184.215.14'],
}

const fakeResolve = fakeDns(FAKE_DNS)
const { dial: countingDial, dials } = loopbackOnlyDial()

let db: TestDb
let upstream: Upstream
let listener: Awaited<ReturnType<typeof startCountingListener>>
let app: FastifyInstance

/**
 * Time-outs short enough for the tests about them to end quickly. Every other test waits as long
 * as a loaded machine may take: the first request of a cold run once took over 0.4 s to be answered
 * by the local upstream, and the tester said it had timed out.
 */
const SHORT_TIMEOUTS = { connectTimeoutMs: 1000, headersTimeoutMs: 400, totalTimeoutMs: 1200 }

const build = (
  options: TesterRouteOptions & Partial<TesterClientOptions> = {},
  allowed = `127.0.0.1:${upstream.port}`,
  env: Record<string, string> = {},
) =>
  buildApp(testConfig({ TESTER_ALLOWED_HOSTS: allowed, ...env }), {
    db,
    logger: false,
    operations: { load: false },
    tester: {
      rateLimit: { max: 100_000, timeWindowMs: 60_000 },
      maxInFlightPerIp: 1000,
      resolve: fakeResolve,
      dial: countingDial,
      connectTimeoutMs: 30_000,
      headersTimeoutMs: 30_000,
      totalTimeoutMs: 60_000,
      maxResponseBytes: 1024 * 1024,
      ...options,
    } satisfies Partial<TesterClientOptions> & TesterRouteOptions,
  })

beforeAll(async () => {
  db = await openTestDb()
  upstream = await startUpstream()
  listener = await startCountingListener()
  app = build()
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await upstream?.close()
  await listener?.close()
  await db?.dispose()
})

const send = (payload: Partial<TestRequest> | Record<string, unknown>, target = app) =>
  target.inject({ method: 'POST', url: '/api/apis/test', payload })

const ok = async (payload: Partial<TestRequest>): Promise<TestResponseData> => {
  const response = await send({ method: 'GET', ...payload })
  expect(response.statusCode, response.body).toBe(200)
  return testResponseSchema.parse(response.json()).data
}

describe('POST /api/apis/test against a local upstream', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)(
    'sends %s with its headers and body and reads the answer',
    async (method) => {
      const data = await ok({
        method,
        url: `${upstream.origin}/echo?q=1`,
        headers: { 'X-Custom': 'hello', 'Content-Type': 'application/json' },
        body: method === 'GET' ? undefined : { name: 'atlas' },
      })
      expect(data.status).toBe(200)
      expect(data.statusText).toBe('OK')
      expect(data.bodyEncoding).toBe('json')
      const echoed = data.data as {
        method: string
        url: string
        headers: Record<string, string>
        body: string
      }
      expect(echoed.method).toBe(method)
      expect(echoed.url).toBe('/echo?q=1')
      expect(echoed.headers['x-custom']).toBe('hello')
      expect(echoed.headers.via).toBe('1.1 api-atlas-tester')
      if (method !== 'GET') expect(JSON.parse(echoed.body)).toEqual({ name: 'atlas' })
      expect(data.headers['x-upstream']).toBe('yes')
      expect(data.request.method).toBe(method)
      expect(data.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/)
      for (const phase of ['dns', 'connect', 'tls', 'firstByte', 'download', 'total'] as const) {
        expect(data.timing[phase]).toBeGreaterThanOrEqual(0)
      }
      expect(data.responseTime).toBeGreaterThan(0)
      expect(data.size.body).toBeGreaterThan(0)
    },
  )

  it('sends HEAD without a body and answers none', async () => {
    const data = await ok({ method: 'HEAD', url: `${upstream.origin}/echo`, body: 'ignored' })
    expect(data.status).toBe(200)
    expect(data.bodyEncoding).toBe('none')
    expect(data.data).toBeNull()
  })

  it('sends a text body as it is', async () => {
    const data = await ok({
      method: 'POST',
      url: `${upstream.origin}/echo`,
      headers: { 'Content-Type': 'text/plain' },
      body: 'not { json',
    })
    expect((data.data as { body: string }).body).toBe('not { json')
    expect((data.data as { headers: Record<string, string> }).headers['content-type']).toBe(
      'text/plain',
    )
  })

  it('sends a base64 body as its bytes, echoing only their count', async () => {
    const bytes = Buffer.concat([
      Buffer.from('--b\r\n'),
      Buffer.from([0, 255, 1]),
      Buffer.from('\r\n--b--\r\n'),
    ])
    const data = await ok({
      method: 'POST',
      url: `${upstream.origin}/echo`,
      headers: { 'Content-Type': 'multipart/form-data; boundary=b' },
      body: bytes.toString('base64'),
      bodyEncoding: 'base64',
    })
    const seen = upstream.seen.at(-1)!
    expect(seen.headers['content-type']).toBe('multipart/form-data; boundary=b')
    expect(seen.headers['content-length']).toBe(String(bytes.length))
    expect(data.request.body).toBe(`(${bytes.length} bytes sent as they were encoded)`)
  })

  it('refuses a base64 body that is not base64, naming the field', async () => {
    const response = await send({
      method: 'POST',
      url: `${upstream.origin}/echo`,
      body: 'not base64!',
      bodyEncoding: 'base64',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      success: false,
      error: expect.stringContaining("'body' must be base64"),
    })
    const wrong = await send({
      method: 'POST',
      url: `${upstream.origin}/echo`,
      bodyEncoding: 'hex',
    })
    expect(wrong.statusCode).toBe(400)
  })

  it('drops hop-by-hop, proxy and forwarding headers and sets its own Via', async () => {
    const data = await ok({
      url: `${upstream.origin}/echo`,
      headers: {
        Connection: 'close',
        'Proxy-Authorization': 'Basic abc',
        'X-Forwarded-For': '10.0.0.1',
        Forwarded: 'for=10.0.0.1',
        Via: '1.1 somewhere',
        'X-Real-IP': '10.0.0.1',
        Te: 'trailers',
        'X-Kept': 'yes',
      },
    })
    const headers = (data.data as { headers: Record<string, string> }).headers
    expect(headers['proxy-authorization']).toBeUndefined()
    expect(headers['x-forwarded-for']).toBeUndefined()
    expect(headers.forwarded).toBeUndefined()
    expect(headers['x-real-ip']).toBeUndefined()
    expect(headers.te).toBeUndefined()
    expect(headers.via).toBe('1.1 api-atlas-tester')
    expect(headers['x-kept']).toBe('yes')
  })

  it('never forwards the caller’s own cookies or authorization', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/apis/test',
      headers: { cookie: 'session=ours', authorization: 'Bearer ours' },
      payload: { method: 'GET', url: `${upstream.origin}/echo` },
    })
    const data = testResponseSchema.parse(response.json()).data
    const headers = (data.data as { headers: Record<string, string> }).headers
    expect(headers.cookie).toBeUndefined()
    expect(headers.authorization).toBeUndefined()
  })

  it('masks Authorization, API keys and secret query values in the echoed request', async () => {
    const data = await ok({
      url: `${upstream.origin}/echo?api_key=supersecret&page=2`,
      headers: {
        Authorization: 'Bearer abc.def.ghi',
        'X-API-Key': 'k-123',
        Accept: 'application/json',
      },
    })
    expect(data.request.headers.Authorization).toBe('Bearer ••••••')
    expect(data.request.headers['X-API-Key']).toBe('••••••')
    expect(data.request.headers.Accept).toBe('application/json')
    expect(data.request.url).toBe(`${upstream.origin}/echo?api_key=*****&page=2`)
    expect(JSON.stringify(data.request)).not.toContain('supersecret')
    expect(JSON.stringify(data.request)).not.toContain('abc.def.ghi')
    // The upstream itself got the real values.
    const echoed = (data.data as { headers: Record<string, string> }).headers
    expect(echoed.authorization).toBe('Bearer abc.def.ghi')
  })

  it('keeps every value of a repeated header', async () => {
    const data = await ok({ url: `${upstream.origin}/cookies` })
    expect(data.status).toBe(204)
    expect(data.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/'])
  })

  it('answers text as text and binary as base64 with its type', async () => {
    const text = await ok({ url: `${upstream.origin}/text` })
    expect(text).toMatchObject({ bodyEncoding: 'text', data: 'plain words' })
    expect(text.contentType).toBe('text/plain; charset=utf-8')
    const binary = await ok({ url: `${upstream.origin}/binary` })
    expect(binary).toMatchObject({ bodyEncoding: 'base64', contentType: 'image/png' })
    expect(Buffer.from(binary.data as string, 'base64').equals(PNG_BYTES)).toBe(true)
  })

  it('shows a JSON answer nested too deeply to walk as text, not a 500', async () => {
    const deep = await ok({ url: `${upstream.origin}/deep-json` })
    expect(deep.bodyEncoding).toBe('text')
    expect(deep.data).toMatch(/^\[{1000}/)
  })

  it('decodes gzip and brotli bodies', async () => {
    expect((await ok({ url: `${upstream.origin}/gzip-json` })).data).toEqual({ compressed: true })
    expect((await ok({ url: `${upstream.origin}/br-text` })).data).toBe('brotli words')
  })

  it('answers text full of control bytes as base64, never six bytes of JSON per byte', async () => {
    const response = await send({ method: 'GET', url: `${upstream.origin}/gzip-nul-text` })
    expect(response.statusCode).toBe(200)
    const { data } = testResponseSchema.parse(response.json())
    expect(data.bodyEncoding).toBe('base64')
    expect(Buffer.from(data.data as string, 'base64').equals(Buffer.alloc(1024 * 1024))).toBe(true)
    // Base64's 4/3 of the body, plus the rest of the answer.
    expect(response.body.length).toBeLessThan(1.5 * 1024 * 1024)
  })

  it('passes an upstream 4xx through as a response, not a failure', async () => {
    const data = await ok({ url: `${upstream.origin}/not-found` })
    expect(data).toMatchObject({
      status: 404,
      statusText: 'Not Found',
      data: { error: 'no such thing' },
    })
  })

  it('cuts a large body at the cap and says so', async () => {
    const data = await ok({ url: `${upstream.origin}/big` })
    expect(data.truncated).toBe(true)
    expect((data.data as string).length).toBe(1024 * 1024)
  })

  it('stops a compression bomb at the decoded cap', async () => {
    // The bomb is made in this process (64 MB of zeros, gzipped): outside the measured span.
    gzipBomb()
    // Buffers, where a decoded body lives: the resident size also moves with the heap's own
    // growth and the allocator's timing, which a busy machine shifts by tens of megabytes.
    const before = process.memoryUsage().arrayBuffers
    const data = await ok({ url: `${upstream.origin}/bomb` })
    expect(data.truncated).toBe(true)
    expect(data.bodyEncoding).toBe('base64')
    expect(Buffer.from(data.data as string, 'base64').length).toBe(1024 * 1024)
    expect(data.size.body).toBeLessThan(200 * 1024)
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(48 * 1024 * 1024)
  })

  it('follows redirects, at most five, recording each hop', async () => {
    const data = await ok({ url: `${upstream.origin}/redirect/4` })
    expect(data.status).toBe(200)
    expect(data.redirects).toHaveLength(5)
    expect(data.redirects[0]).toEqual({
      url: `${upstream.origin}/redirect/4`,
      status: 302,
      location: `${upstream.origin}/redirect/3`,
    })
    expect(data.url).toBe(`${upstream.origin}/echo`)

    const tooMany = await ok({ url: `${upstream.origin}/redirect/5` })
    expect(tooMany).toMatchObject({ status: 'Error', statusText: 'Network Error' })
    expect(tooMany.error).toBe('Stopped after 5 redirects')
  })

  it('returns the 3xx itself when asked not to follow', async () => {
    const data = await ok({ url: `${upstream.origin}/redirect/2`, followRedirects: false })
    expect(data.status).toBe(302)
    expect(data.headers.location).toBe('/redirect/1')
    expect(data.redirects).toEqual([])
  })

  it('turns a POST into a GET on 303 and keeps it on 307', async () => {
    const seeOther = await ok({
      method: 'POST',
      url: `${upstream.origin}/redirect-to?status=303&target=/echo`,
      body: { a: 1 },
    })
    expect(seeOther.data as { method: string; body: string }).toMatchObject({
      method: 'GET',
      body: '',
    })
    const temporary = await ok({
      method: 'POST',
      url: `${upstream.origin}/redirect-to?status=307&target=/echo`,
      body: { a: 1 },
    })
    expect(temporary.data as { method: string; body: string }).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
    })
  })

  it('refuses a redirect to another scheme', async () => {
    const response = await send({
      method: 'GET',
      url: `${upstream.origin}/redirect-to?target=${encodeURIComponent('file:///etc/passwd')}`,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe('Redirects to file: addresses are not followed')
    expect(response.json().code).toBe('blocked_redirect')
  })

  it('times out when the upstream sends no headers, or stops mid-body', async () => {
    const impatient = build(SHORT_TIMEOUTS)
    const read = async (url: string) => {
      const response = await send({ method: 'GET', url }, impatient)
      expect(response.statusCode, response.body).toBe(200)
      return testResponseSchema.parse(response.json()).data
    }
    const headers = await read(`${upstream.origin}/slow-headers`)
    expect(headers).toMatchObject({ status: 'Error', statusText: 'Network Error' })
    expect(headers.error).toMatch(/sent no response within 0\.4 s|timed out/)
    const body = await read(`${upstream.origin}/slow-body`)
    expect(body.status).toBe('Error')
    expect(body.error).toMatch(/stopped sending|timed out/)
    await impatient.close()
  })

  it('answers a refused connection and an unknown host as network errors', async () => {
    const closed = await startCountingListener()
    const port = closed.port
    await closed.close()
    const refusedApp = build({}, `127.0.0.1:${port}`)
    const refused = testResponseSchema.parse(
      (await send({ method: 'GET', url: `http://127.0.0.1:${port}/` }, refusedApp)).json(),
    ).data
    await refusedApp.close()
    expect(refused).toMatchObject({ status: 'Error', statusText: 'Network Error' })
    expect(refused.error).toBe('Connection refused by 127.0.0.1')

    const unknown = await ok({ url: 'https://no-such-host.example/' })
    expect(unknown).toMatchObject({
      status: 'Error',
      error: 'Could not resolve host no-such-host.example',
    })
  })
})

describe('POST /api/apis/test input', () => {
  it.each([
    [{ method: 'CONNECT', url: 'http://example.com/' }, "Body field 'method'"],
    [{ method: 'TRACE', url: 'http://example.com/' }, "Body field 'method'"],
    [{ method: 'GET', url: 'ftp://example.com/' }, 'must use http or https'],
    [{ method: 'GET', url: 'gopher://127.0.0.1:6379/_INFO' }, 'must use http or https'],
    [{ method: 'GET', url: 'not a url' }, "Body field 'url'"],
    [{ method: 'GET', url: `http://example.com/${'a'.repeat(2100)}` }, 'at most 2048'],
    [{ method: 'GET', url: 'http://user:pass@example.com/' }, 'user name or password'],
    [
      { method: 'GET', url: 'http://example.com/', headers: { 'X-A': 'a\r\nX-B: b' } },
      'line breaks',
    ],
    [
      { method: 'GET', url: 'http://example.com/', headers: { 'bad name': 'x' } },
      "'headers.bad name'",
    ],
    [
      {
        method: 'GET',
        url: 'http://example.com/',
        headers: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`x-h${i}`, 'v'])),
      },
      'at most 50 headers',
    ],
  ])('answers 400 naming the field: %j', async (payload, message) => {
    const response = await send(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ success: false, error: expect.stringContaining(message) })
  })

  it('refuses a request that comes from the tester itself', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/apis/test',
      headers: { via: '1.1 api-atlas-tester' },
      payload: { method: 'GET', url: `${upstream.origin}/echo` },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe('Requests to this site itself are not allowed')
    expect(response.json().code).toBe('blocked_self')
  })
})

describe('POST /api/apis/test never reaches a private address', () => {
  const P = () => listener.port
  // Every spelling points at the counting listener's port where a port can be given, so a miss
  // in the guard would show up as a connection there.
  const spellings: ((port: number) => string)[] = [
    // IPv4 loopback in every encoding the WHATWG parser accepts
    (p) => `http://127.0.0.1:${p}/`,
    (p) => `http://127.1:${p}/`,
    (p) => `http://127.0.1:${p}/`,
    (p) => `http://2130706433:${p}/`,
    (p) => `http://0x7f000001:${p}/`,
    (p) => `http://0x7f.0x0.0x0.0x1:${p}/`,
    (p) => `http://0x7f.1:${p}/`,
    (p) => `http://0177.0.0.1:${p}/`,
    (p) => `http://017700000001:${p}/`,
    (p) => `http://127.000.000.001:${p}/`,
    (p) => `http://127.0.0.1.:${p}/`,
    (p) => `http://%31%32%37.0.0.1:${p}/`,
    (p) => `http://１２７．０．０．１:${p}/`,
    (p) => `http://127。0。0。1:${p}/`,
    (p) => `http://①②⑦.⓪.⓪.①:${p}/`,
    (p) => `http://127.255.255.254:${p}/`,
    // unspecified
    (p) => `http://0.0.0.0:${p}/`,
    (p) => `http://0:${p}/`,
    (p) => `http://[::]:${p}/`,
    // IPv6 loopback, mapped, compatible, NAT64, 6to4, Teredo
    (p) => `http://[::1]:${p}/`,
    (p) => `http://[0:0:0:0:0:0:0:1]:${p}/`,
    (p) => `http://[0000:0000:0000:0000:0000:0000:0000:0001]:${p}/`,
    (p) => `http://[::ffff:127.0.0.1]:${p}/`,
    (p) => `http://[::ffff:7f00:1]:${p}/`,
    (p) => `http://[0:0:0:0:0:ffff:127.0.0.1]:${p}/`,
    (p) => `http://[::127.0.0.1]:${p}/`,
    (p) => `http://[64:ff9b::127.0.0.1]:${p}/`,
    (p) => `http://[2002:7f00:1::]:${p}/`,
    (p) => `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${p}/`,
    (p) => `http://[::ffff:169.254.169.254]:${p}/`,
    // private, link-local, CGNAT, metadata, reserved, multicast, broadcast
    (p) => `http://10.0.0.1:${p}/`,
    (p) => `http://172.16.0.1:${p}/`,
    (p) => `http://172.31.255.255:${p}/`,
    (p) => `http://192.168.1.1:${p}/`,
    (p) => `http://169.254.169.254:${p}/latest/meta-data/`,
    (p) => `http://0xa9fea9fe:${p}/`,
    (p) => `http://2852039166:${p}/`,
    (p) => `http://100.100.100.200:${p}/`,
    (p) => `http://100.64.0.1:${p}/`,
    (p) => `http://192.0.0.192:${p}/`,
    (p) => `http://192.0.2.1:${p}/`,
    (p) => `http://198.18.0.1:${p}/`,
    (p) => `http://224.0.0.1:${p}/`,
    (p) => `http://239.255.255.250:${p}/`,
    (p) => `http://240.0.0.1:${p}/`,
    (p) => `http://255.255.255.255:${p}/`,
    (p) => `http://[fe80::1]:${p}/`,
    (p) => `http://[fc00::1]:${p}/`,
    (p) => `http://[fd00:ec2::254]:${p}/`,
    (p) => `http://[ff02::1]:${p}/`,
    (p) => `http://[2001:db8::1]:${p}/`,
    (p) => `https://[::1]:${p}/`,
    // names whose answers point inside (checked on what the connector would dial)
    (p) => `http://localhost:${p}/`,
    (p) => `http://LOCALHOST.:${p}/`,
    (p) => `http://foo.localhost:${p}/`,
    (p) => `http://localtest.me:${p}/`,
    (p) => `http://127.0.0.1.nip.io:${p}/`,
    (p) => `http://7f000001.nip.io:${p}/`,
    (p) => `http://metadata.google.internal:${p}/computeMetadata/v1/`,
    (p) => `http://internal.example:${p}/`,
    (p) => `http://v6loopback.example:${p}/`,
    (p) => `http://mapped.example:${p}/`,
    (p) => `http://mixed.example:${p}/`,
    // parser confusion: the host that is dialled is the one checked
    (p) => `http://127.0.0.1:${p}#@example.com/`,
    (p) => `http://127.0.0.1:${p}\\@example.com/`,
    (p) => `http:\\\\127.0.0.1:${p}/`,
    (p) => `http://127.0.0.1\t:${p}/`,
  ]

  it(`has at least 40 spellings (${spellings.length})`, () => {
    expect(spellings.length).toBeGreaterThanOrEqual(40)
  })

  it('refuses every spelling with a reason and makes no connection', async () => {
    dials.length = 0
    const failures: string[] = []
    for (const spell of spellings) {
      const url = spell(P())
      for (const method of ['GET', 'PUT'] as const) {
        const response = await send({
          method,
          url,
          headers: { 'Metadata-Flavor': 'Google', 'X-aws-ec2-metadata-token-ttl-seconds': '21600' },
        })
        const body = response.json() as { success: boolean; error?: string }
        if (
          response.statusCode !== 400 ||
          body.success !== false ||
          !body.error?.includes(PRIVATE_ADDRESS_MESSAGE)
        ) {
          failures.push(`${method} ${url} -> ${response.statusCode} ${response.body.slice(0, 200)}`)
        }
      }
    }
    expect(failures).toEqual([])
    expect(dials).toEqual([])
    expect(listener.connections()).toBe(0)
  })

  it('names the class of address it refused', async () => {
    const cases: [string, string][] = [
      [`http://127.0.0.1:${P()}/`, 'loopback'],
      [`http://10.1.2.3:${P()}/`, 'private'],
      [`http://169.254.169.254:${P()}/`, 'cloud metadata'],
      [`http://169.254.1.1:${P()}/`, 'link-local'],
      [`http://100.64.1.1:${P()}/`, 'carrier-grade NAT'],
    ]
    for (const [url, cls] of cases) {
      const response = await send({ method: 'GET', url })
      expect(response.json().error).toBe(`${PRIVATE_ADDRESS_MESSAGE} (${cls} address)`)
      expect(response.json().code).toBe('blocked_address')
    }
  })

  it('re-checks every redirect hop, including names that resolve inside', async () => {
    dials.length = 0
    for (const target of [
      `http://127.0.0.1:${P()}/`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://rebind.example:${P()}/`,
      `//[::1]:${P()}/`,
      `http://0x7f.1:${P()}/`,
    ]) {
      const response = await send({
        method: 'GET',
        url: `${upstream.origin}/redirect-to?status=307&target=${encodeURIComponent(target)}`,
      })
      expect(response.statusCode, target).toBe(400)
      expect(response.json().error).toContain(PRIVATE_ADDRESS_MESSAGE)
    }
    // Only the allowed upstream was dialled.
    expect(dials.every((dial) => dial === `127.0.0.1:${upstream.port}`)).toBe(true)
    expect(listener.connections()).toBe(0)
  })

  it('refuses this site’s own address even when it is on the allow-list', async () => {
    const self = build({}, `127.0.0.1:3000,localhost:3000`)
    const response = await send({ method: 'GET', url: 'http://localhost:3000/api/health' }, self)
    await self.close()
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe('Requests to this site itself are not allowed')
    expect(response.json().code).toBe('blocked_self')
  })
})

describe('POST /api/apis/test reaches only the allowed ports', () => {
  const DEFAULT_PORTS = [80, 443, 8080, 8443]

  it('refuses a public host on port 25 before connecting, naming the port', async () => {
    dials.length = 0
    const response = await send({
      method: 'POST',
      url: 'http://mail.example:25/',
      headers: { 'Content-Type': 'text/plain' },
      body: 'HELO attacker.example\r\nMAIL FROM:<a@attacker.example>\r\n',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      success: false,
      error: portRefusalMessage(25, DEFAULT_PORTS),
      code: 'blocked_port',
    })
    expect(response.json().error).toBe(
      'Requests to port 25 are not allowed; the tester reaches ports 80, 443, 8080 and 8443 only',
    )
    expect(dials).toEqual([])
  })

  it.each([
    'http://93.184.215.14:25/',
    'https://mail.example:465/',
    'http://mail.example:587/',
    'http://mail.example:22/',
    'http://mail.example:6379/',
    'http://mail.example:0/',
    'http://mail.example:65535/',
    // A name that does not resolve is refused for its port too, not reported as unknown.
    'http://no-such-host.example:25/',
  ])('refuses %s for its port and dials nothing', async (url) => {
    dials.length = 0
    const response = await send({ method: 'GET', url })
    const port = new URL(url).port
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().error).toBe(portRefusalMessage(Number(port), DEFAULT_PORTS))
    expect(dials).toEqual([])
  })

  it('dials a public host on 80, 443, 8080 and 8443', async () => {
    dials.length = 0
    for (const url of [
      'http://mail.example/',
      'https://mail.example/',
      'http://mail.example:8080/',
      'https://mail.example:8443/',
    ]) {
      // The test's safety net refuses the dial itself: a network error, not a refusal.
      expect((await ok({ url })).status).toBe('Error')
    }
    // undici leaves a scheme's default port empty.
    expect(dials).toEqual([
      '93.184.215.14:',
      '93.184.215.14:',
      '93.184.215.14:8080',
      '93.184.215.14:8443',
    ])
  })

  it('refuses a redirect hop to a disallowed port', async () => {
    dials.length = 0
    for (const [status, target] of [
      [302, 'http://mail.example:25/'],
      [307, 'http://mail.example:25/'],
      [301, '//mail.example:25/'],
      [308, 'https://93.184.215.14:465/'],
    ] as const) {
      const response = await send({
        method: 'POST',
        url: `${upstream.origin}/redirect-to?status=${status}&target=${encodeURIComponent(target)}`,
        body: 'MAIL FROM:<a@attacker.example>',
      })
      expect(response.statusCode, target).toBe(400)
      expect(response.json().error).toBe(
        portRefusalMessage(Number(new URL(target, 'http://x').port), DEFAULT_PORTS),
      )
    }
    // Only the allowed upstream was dialled.
    expect(dials.length).toBeGreaterThan(0)
    expect(dials.every((dial) => dial === `127.0.0.1:${upstream.port}`)).toBe(true)
  })

  it('TESTER_ALLOWED_PORTS adds a port', async () => {
    // A bare host on TESTER_ALLOWED_HOSTS lifts the private-address rule, not the port rule.
    const bare = build({}, '127.0.0.1')
    const refused = await send({ method: 'GET', url: `${upstream.origin}/echo` }, bare)
    await bare.close()
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toBe(portRefusalMessage(upstream.port, DEFAULT_PORTS))

    const added = build({}, '127.0.0.1', { TESTER_ALLOWED_PORTS: `2525,${upstream.port}` })
    const answered = await send({ method: 'GET', url: `${upstream.origin}/echo` }, added)
    dials.length = 0
    const publicHost = await send({ method: 'GET', url: 'http://mail.example:2525/' }, added)
    const stillRefused = await send({ method: 'GET', url: 'http://mail.example:25/' }, added)
    await added.close()
    expect(answered.statusCode, answered.body).toBe(200)
    expect(testResponseSchema.parse(answered.json()).data.status).toBe(200)
    expect(testResponseSchema.parse(publicHost.json()).data.status).toBe('Error')
    expect(dials).toEqual(['93.184.215.14:2525'])
    expect(stillRefused.json().error).toBe(
      portRefusalMessage(25, [...DEFAULT_PORTS, 2525, upstream.port]),
    )
  })

  it('opens the port of a host:port entry on TESTER_ALLOWED_HOSTS for that host only', async () => {
    expect((await ok({ url: `${upstream.origin}/echo` })).status).toBe(200)
    dials.length = 0
    const other = await send({ method: 'GET', url: `http://mail.example:${upstream.port}/` })
    expect(other.statusCode).toBe(400)
    expect(other.json().error).toBe(portRefusalMessage(upstream.port, DEFAULT_PORTS))
    expect(dials).toEqual([])
  })
})

describe('POST /api/apis/test limits', () => {
  it('answers 429 with Retry-After past the per-IP rate', async () => {
    const limited = build({ rateLimit: { max: 2, timeWindowMs: 60_000 } })
    const payload = { method: 'GET', url: `${upstream.origin}/fast` }
    expect((await send(payload, limited)).statusCode).toBe(200)
    expect((await send(payload, limited)).statusCode).toBe(200)
    const third = await send(payload, limited)
    expect(third.statusCode).toBe(429)
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0)
    expect(third.json()).toEqual({
      success: false,
      error: expect.stringMatching(/^Too many test requests/),
    })
    // Another address has its own bucket.
    const other = await limited.inject({
      method: 'POST',
      url: '/api/apis/test',
      payload,
      remoteAddress: '203.0.113.9',
    })
    expect(other.statusCode).toBe(200)
    await limited.close()
  })

  it('counts the IPv6 addresses of one /64 together, and another /64 apart', async () => {
    const limited = build({ rateLimit: { max: 2, timeWindowMs: 60_000 } })
    const payload = { method: 'GET', url: `${upstream.origin}/fast` }
    const from = (remoteAddress: string) =>
      limited.inject({ method: 'POST', url: '/api/apis/test', payload, remoteAddress })
    expect((await from('2001:db8:1:2::1')).statusCode).toBe(200)
    expect((await from('2001:db8:1:2::2')).statusCode).toBe(200)
    expect((await from('2001:db8:1:2:ffff::3')).statusCode).toBe(429)
    expect((await from('2001:db8:1:3::1')).statusCode).toBe(200)
    await limited.close()
  })

  it('counts the in-flight requests of one IPv6 /64 together', async () => {
    const limited = build({ maxInFlightPerIp: 1, ...SHORT_TIMEOUTS })
    const payload = { method: 'GET', url: `${upstream.origin}/slow-headers` }
    const from = (remoteAddress: string) =>
      limited.inject({ method: 'POST', url: '/api/apis/test', payload, remoteAddress })
    const answers = await Promise.all([from('2001:db8:1:2::1'), from('2001:db8:1:2::2')])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429])
    await limited.close()
  })

  it('answers 503 with Retry-After past the in-flight limit of the whole server', async () => {
    const limited = build({
      inFlight: { concurrency: 1, maxQueued: 0, maxWaitMs: 60_000 },
      ...SHORT_TIMEOUTS,
    })
    const payload = { method: 'GET', url: `${upstream.origin}/slow-headers` }
    const from = (remoteAddress: string) =>
      limited.inject({ method: 'POST', url: '/api/apis/test', payload, remoteAddress })
    // Two addresses, each within its own limits: together past the server's.
    const answers = await Promise.all([from('203.0.113.1'), from('203.0.113.2')])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 503])
    const shed = answers.find((answer) => answer.statusCode === 503)!
    expect(Number(shed.headers['retry-after'])).toBeGreaterThan(0)
    expect(shed.json().error).toMatch(/^The server is busy \(test requests/)
    await limited.close()
  })

  it('answers 429 past the in-flight limit per IP', async () => {
    const limited = build({ maxInFlightPerIp: 1, ...SHORT_TIMEOUTS })
    const payload = { method: 'GET', url: `${upstream.origin}/slow-headers` }
    const [first, second] = await Promise.all([send(payload, limited), send(payload, limited)])
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 429])
    await limited.close()
  })
})

describe('POST /api/apis/test with a cookie jar', () => {
  const host = '127.0.0.1'
  const jarCookie = (name: string, value: string, path = '/') => ({
    name,
    value,
    domain: host,
    path,
  })
  const cookieSeen = (data: TestResponseData) => (data.data as { cookie: string | null }).cookie

  it('fills the jar from an answer’s Set-Cookie and says what was added', async () => {
    const data = await ok({ url: `${upstream.origin}/cookies`, cookies: [] })
    expect(data.cookies?.map((c) => `${c.name}=${c.value} ${c.domain}${c.path}`)).toEqual([
      `a=1 ${host}/`,
      `b=2 ${host}/`,
    ])
    expect(data.cookieChanges).toEqual({
      added: [
        { name: 'a', domain: host, path: '/' },
        { name: 'b', domain: host, path: '/' },
      ],
      updated: [],
      removed: [],
    })
  })

  it('sends the jar’s cookies that match the URL’s path, merged with a typed Cookie', async () => {
    const data = await ok({
      url: `${upstream.origin}/echo-cookies`,
      headers: { Cookie: 'typed=1; a=typed' },
      cookies: [jarCookie('a', 'jar'), jarCookie('b', '2'), jarCookie('elsewhere', '3', '/v2')],
    })
    expect(cookieSeen(data)).toBe('typed=1; a=typed; b=2')
    // The echo of what was sent keeps the values out of sight.
    expect(data.request.headers.Cookie).toBe('••••••')
    expect(data.cookieChanges).toEqual({ added: [], updated: [], removed: [] })
  })

  it('sends a cookie set by a redirect on the next hop, as a browser would', async () => {
    const data = await ok({ url: `${upstream.origin}/sign-in`, cookies: [jarCookie('a', '1')] })
    expect(data.redirects).toHaveLength(1)
    expect(cookieSeen(data)).toBe('a=1; session=s3cr3t')
    expect(data.cookies?.find((c) => c.name === 'session')).toMatchObject({ httpOnly: true })
    expect(data.cookieChanges?.added).toEqual([{ name: 'session', domain: host, path: '/' }])
  })

  it('removes a cookie an answer expires', async () => {
    const data = await ok({
      url: `${upstream.origin}/sign-out`,
      cookies: [jarCookie('session', 's3cr3t'), jarCookie('a', '1')],
    })
    expect(data.cookies?.map((c) => c.name)).toEqual(['a'])
    expect(data.cookieChanges?.removed).toEqual([{ name: 'session', domain: host, path: '/' }])
  })

  it('never sends a cookie of another host', async () => {
    const data = await ok({
      url: `${upstream.origin}/echo-cookies`,
      cookies: [{ ...jarCookie('other', '1'), domain: 'example.com' }],
    })
    expect(cookieSeen(data)).toBeNull()
    expect(data.cookies).toHaveLength(1)
  })

  it('leaves the answer without a jar when the request had none and none was set', async () => {
    const data = await ok({ url: `${upstream.origin}/echo-cookies` })
    expect(data.cookies).toBeUndefined()
    expect(data.cookieChanges).toBeUndefined()
  })

  it('never involves our own origin’s cookies, either way', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/apis/test',
      headers: { cookie: 'atlas_session=ours' },
      payload: {
        method: 'GET',
        url: `${upstream.origin}/sign-in`,
        cookies: [jarCookie('a', '1')],
      },
    })
    expect(response.statusCode).toBe(200)
    const data = testResponseSchema.parse(response.json()).data
    // Our visitor's cookie is not sent upstream, on any hop.
    expect(cookieSeen(data)).toBe('a=1; session=s3cr3t')
    expect(JSON.stringify(upstream.seen.slice(-2))).not.toContain('atlas_session')
    // The upstream's Set-Cookie comes back as data, never as a cookie for our site.
    expect(response.headers['set-cookie']).toBeUndefined()
    expect(data.cookies?.map((c) => c.name)).toEqual(['a', 'session'])
  })

  it.each([
    [{ name: 'a;b', value: '1', domain: host }, "'cookies.0.name'"],
    [{ name: 'a', value: 'x\r\nSet-Cookie: y', domain: host }, 'must not contain ;'],
    [{ name: 'a', value: '1', domain: 'http://example.com/' }, 'must be a host name'],
    [{ name: 'a', value: '1', domain: host, path: 'v1' }, 'must start with /'],
    [{ name: 'a', value: '1', domain: host, expires: 'tomorrow' }, 'must be a date and time'],
    [{ name: 'a', value: 'x'.repeat(4096), domain: host }, 'at most 4096 bytes'],
  ])('refuses a bad cookie with 400 naming it: %j', async (cookie, message) => {
    const response = await send({
      method: 'GET',
      url: `${upstream.origin}/echo`,
      cookies: [cookie],
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ success: false, error: expect.stringContaining(message) })
  })

  it('refuses a jar of more than 200 cookies', async () => {
    const cookies = Array.from({ length: 201 }, (_, i) => jarCookie(`c${i}`, '1'))
    const response = await send({ method: 'GET', url: `${upstream.origin}/echo`, cookies })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toContain('at most 200 cookies')
  })
})
