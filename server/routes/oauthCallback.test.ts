import type { FastifyInstance, FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, loggedRequest } from '../app'
import { openTestDb, testConfig, type TestDb } from '../testing/testDb'

let db: TestDb
let app: FastifyInstance

beforeAll(async () => {
  db = await openTestDb()
  app = buildApp(testConfig(), { db, logger: false, operations: { load: false } })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await db?.dispose()
})

describe('GET /oauth/callback', () => {
  it('answers a page that is never stored and never holds the code itself', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/oauth/callback?code=secret-code-123&state=abc',
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
    expect(response.headers['referrer-policy']).toBe('no-referrer')
    expect(response.body).not.toContain('secret-code-123')
    expect(response.body).toContain('<script src="/oauth/callback.js" defer></script>')
  })

  it('serves its script, which posts only to this origin and clears the address', async () => {
    const response = await app.inject({ method: 'GET', url: '/oauth/callback.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/javascript/)
    expect(response.body).toContain("new BroadcastChannel('api-atlas-oauth')")
    expect(response.body).toContain('postMessage(message, location.origin)')
    expect(response.body).toContain("history.replaceState(null, '', location.pathname)")
  })

  it('is logged without its query', () => {
    const logged = (url: string) =>
      loggedRequest({
        method: 'GET',
        url,
        host: 'atlas.test',
        ip: '127.0.0.1',
        socket: { remotePort: 1234 },
      } as unknown as FastifyRequest)
    expect(logged('/oauth/callback?code=secret&state=s').url).toBe(
      '/oauth/callback?(query not logged)',
    )
    expect(logged('/apis?search=mail').url).toBe('/apis?search=mail')
  })
})
