// TRUST_PROXY: X-Forwarded-For names the client (request.ip, and so every per-IP rate limit) only
// when it comes from a trusted proxy; otherwise the socket's address counts and the header is
// ignored, so a client cannot mint itself fresh rate-limit buckets.
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Env } from './config'
import { batchFor, startVisit } from './testing/analyticsVisit'
import { buildTestApp } from './testing/testApp'
import { openTestDb, type TestDb } from './testing/testDb'

const BALANCER = '10.0.0.2'

let db: TestDb
let app: FastifyInstance | undefined

beforeAll(async () => {
  db = await openTestDb('pglite')
}, 120_000)
afterEach(async () => {
  await app?.close()
  app = undefined
})
afterAll(() => db?.dispose())

const start = async (env: Env) => {
  app = buildTestApp({
    db,
    env,
    options: {
      catalog: { load: false },
      analytics: { rateLimit: { max: 2, timeWindowMs: 60_000 } },
    },
  })
  app.register(async (scoped) => {
    scoped.get('/test/client', async (request) => ({ ip: request.ip }))
  })
  await app.ready()
  return app
}

const from = (remoteAddress: string, forwardedFor?: string): Partial<InjectOptions> => ({
  remoteAddress,
  headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
})

const clientIp = async (options: Partial<InjectOptions>) =>
  (await app!.inject({ ...options, url: '/test/client' })).json<{ ip: string }>().ip

/** Posts one analytics batch; the collector allows two a minute per client address here. */
const postEvents = async (options: Partial<InjectOptions>) => {
  const visit = await startVisit(app!, options)
  const response = await app!.inject({
    ...options,
    method: 'POST',
    url: '/api/analytics/events',
    payload: batchFor(visit, [{ type: 'page_view', path: '/apis', viewport: 'desktop' }]),
  })
  return response.statusCode
}

describe('without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For: the socket address is the client', async () => {
    await start({})
    expect(await clientIp(from(BALANCER, '203.0.113.7'))).toBe(BALANCER)
    expect(await clientIp(from('198.51.100.9', '127.0.0.1'))).toBe('198.51.100.9')
  })

  it('keys the rate limit by the socket, so forged headers share one bucket', async () => {
    await start({})
    const statuses = []
    for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      statuses.push(await postEvents(from(BALANCER, forged)))
    }
    expect(statuses).toEqual([202, 202, 429])
  })
})

describe('TRUST_PROXY with the balancer’s address', () => {
  it('takes the client from X-Forwarded-For only when the balancer sent it', async () => {
    await start({ TRUST_PROXY: `${BALANCER}, 10.1.0.0/16` })
    expect(await clientIp(from(BALANCER, '203.0.113.7'))).toBe('203.0.113.7')
    // Through two trusted hops, the first address that is not a trusted proxy.
    expect(await clientIp(from(BALANCER, '203.0.113.7, 10.1.2.3'))).toBe('203.0.113.7')
    // What the client wrote itself, left of the address the balancer saw, is not believed.
    expect(await clientIp(from(BALANCER, '127.0.0.1, 203.0.113.7'))).toBe('203.0.113.7')
    // Anyone else reaching the server directly is judged by their socket.
    expect(await clientIp(from('198.51.100.9', '203.0.113.7'))).toBe('198.51.100.9')
    expect(await clientIp(from(BALANCER))).toBe(BALANCER)
  })

  it('gives every client behind the balancer its own rate-limit bucket', async () => {
    await start({ TRUST_PROXY: BALANCER })
    const first = [
      await postEvents(from(BALANCER, '203.0.113.1')),
      await postEvents(from(BALANCER, '203.0.113.2')),
      await postEvents(from(BALANCER, '203.0.113.3')),
    ]
    expect(first).toEqual([202, 202, 202])
    expect(await postEvents(from(BALANCER, '203.0.113.1'))).toBe(202)
    expect(await postEvents(from(BALANCER, '203.0.113.1'))).toBe(429)
    // A client outside the balancer cannot escape its bucket with a header.
    expect(await postEvents(from('198.51.100.9', '203.0.113.10'))).toBe(202)
    expect(await postEvents(from('198.51.100.9', '203.0.113.11'))).toBe(202)
    expect(await postEvents(from('198.51.100.9', '203.0.113.12'))).toBe(429)
  })
})

describe('TRUST_PROXY=true', () => {
  it('trusts every hop, so the leftmost address wins: only for servers the public cannot reach', async () => {
    await start({ TRUST_PROXY: 'true' })
    expect(await clientIp(from(BALANCER, '192.0.2.1, 203.0.113.7'))).toBe('192.0.2.1')
  })
})
