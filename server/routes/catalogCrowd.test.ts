import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGate } from '../admission'
import { inProcessHeaders } from '../inProcess'
import { buildTestApp } from '../testing/testApp'
import { openTestDb, type TestDb } from '../testing/testDb'

// A crowd of new searches is work no cache absorbs: each address gets a budget of searches a
// minute, and past the gate in front of the database a search is answered busy at once.
describe('searches under a crowd', () => {
  let db: TestDb
  let app: FastifyInstance
  const gate = createGate({ name: 'searches', concurrency: 1, maxQueued: 0, maxWaitMs: 100 })
  let release = () => {}

  beforeAll(async () => {
    db = await openTestDb('pglite')
    app = buildTestApp({ db, options: { catalog: { searchesPerMinute: 3, searchGate: gate } } })
    await app.ready()
  })
  afterAll(async () => {
    release()
    await app?.close()
    await db?.dispose()
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers, remoteAddress: '203.0.113.7' })

  it('limits the searches of one address, not its lists or the pages the server draws', async () => {
    for (const word of ['weather', 'maps', 'sms']) {
      expect((await get(`/api/apis?search=${word}`)).statusCode).toBe(200)
    }
    const limited = await get('/api/apis?search=payments&x=1')
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error).toMatch(/Too many searches from this address: at most 3 a minute/)
    expect(limited.headers['retry-after']).toBeDefined()
    // Lists without words are answered from memory and not counted.
    expect((await get('/api/apis?page=2')).statusCode).toBe(200)
    expect((await get('/api/apis?search=%20%20')).statusCode).toBe(200)
    // The server's own first answers for a page are no visitor's.
    expect((await get('/api/apis?search=payments', inProcessHeaders())).statusCode).toBe(200)
    // A forged marker is no marker.
    const forged = await get('/api/apis?search=payments', { 'x-atlas-in-process': 'guess' })
    expect(forged.statusCode).toBe(429)
    // Another address has its own budget.
    const other = await app.inject({
      method: 'GET',
      url: '/api/apis?search=payments',
      remoteAddress: '203.0.113.8',
    })
    expect(other.statusCode).toBe(200)
  })

  it('answers a search busy at once when the database already has its share of searches', async () => {
    // Another search holds the only turn.
    void gate.run(() => new Promise<void>((resolve) => (release = resolve)))
    const busy = await app.inject({
      method: 'GET',
      url: '/api/apis?search=currency',
      remoteAddress: '203.0.113.9',
    })
    expect(busy.statusCode).toBe(503)
    expect(busy.json().error).toMatch(/busy \(searches/)
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0)
    // Lists without a search do not wait for searches.
    const plain = await app.inject({
      method: 'GET',
      url: '/api/apis',
      remoteAddress: '203.0.113.9',
    })
    expect(plain.statusCode).toBe(200)
    release()
    const after = await app.inject({
      method: 'GET',
      url: '/api/apis?search=currency',
      remoteAddress: '203.0.113.9',
    })
    expect(after.statusCode).toBe(200)
  })
})
