import { gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { apiErrorSchema } from '../src/contract/common'
import { publicConfigSchema } from '../src/contract/config'
import { healthSchema } from '../src/contract/health'
import { buildApp } from './app'
import { readMigrations } from './db/migrate'
import { BODY_LIMIT, HttpError } from './errors'
import { buildTestApp } from './testing/testApp'
import { describeEachDb, openTestDb, testConfig, type TestDb } from './testing/testDb'

const hostedEnv = {
  SUPABASE_URL: 'https://abc.supabase.co',
  SUPABASE_ANON_KEY: 'hosted-anon-key',
  SUPABASE_JWT_SECRET: 'x'.repeat(32),
}

describeEachDb('app and database', (kind) => {
  let db: TestDb
  beforeAll(async () => {
    db = await openTestDb(kind)
  })
  afterAll(() => db.dispose())

  it('migrates on ready', async () => {
    const app = buildTestApp({ db })
    await app.ready()
    expect(await app.db.query('select version from schema_migrations')).toContainEqual({
      version: 1,
    })
    // A fresh start writes the hash of the catalogue seed it loaded and the auth signing secret
    // (others, such as the similar-APIs vocabulary, are written in the background after).
    expect(await app.db.query('select key from app_settings order by key')).toEqual(
      expect.arrayContaining([{ key: 'auth_jwt_secret' }, { key: 'catalog_seed' }]),
    )
    await app.close()
    // The caller's database stays open.
    await expect(db.ping()).resolves.toBeUndefined()
  })

  it('answers GET /api/health with ok', async () => {
    const app = buildTestApp({ db })
    await app.ready()
    const response = await app.inject('/api/health')
    expect(response.statusCode).toBe(200)
    expect(healthSchema.parse(response.json())).toEqual({ status: 'ok', db: 'ok' })
    expect(response.headers['cache-control']).toBe('no-store')
    await app.close()
  })

  it('answers 503 when the database goes down, and keeps serving', async () => {
    const own = await openTestDb(kind)
    const app = buildTestApp({ db: own })
    await app.ready()
    await own.dispose()

    const response = await app.inject('/api/health')
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'degraded', db: 'down' })
    expect((await app.inject('/api/config')).statusCode).toBe(200)
    await app.close()
  })
})

describe('app', () => {
  let db: TestDb
  let app: FastifyInstance

  beforeAll(async () => {
    db = await openTestDb()
    app = buildTestApp({ db })
    // Test-only routes: production has no route that reads a body yet. Registered as a plugin,
    // like real routes, so the app-wide plugins (compression) apply to them.
    app.register(async (scoped) => {
      scoped.post('/api/test/echo', async (request) => ({ success: true, data: request.body }))
      scoped.post(
        '/api/test/validated',
        {
          schema: {
            body: z.object({ name: z.string().min(1), tags: z.array(z.string()).optional() }),
            querystring: z.object({ page: z.coerce.number().int().min(1).default(1) }),
          },
        },
        async (request) => ({ success: true, data: { body: request.body, query: request.query } }),
      )
      scoped.get('/api/test/boom', async () => {
        throw new Error('secret internals at /home/db:5432')
      })
      scoped.get('/api/test/teapot', async () => {
        throw new HttpError(409, 'That API is already listed')
      })
      scoped.get('/api/test/big', async () => ({
        success: true,
        data: Array.from({ length: 500 }, (_, i) => ({ id: i, name: `API number ${i}` })),
      }))
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await db.dispose()
  })

  const expectError = (
    response: Awaited<ReturnType<FastifyInstance['inject']>>,
    status: number,
    message: string | RegExp,
  ) => {
    expect(response.statusCode).toBe(status)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const body = apiErrorSchema.parse(response.json())
    if (typeof message === 'string') expect(body.error).toBe(message)
    else expect(body.error).toMatch(message)
  }

  describe('GET /api/config', () => {
    it('describes embedded mode with the site’s configured address, not the Host', async () => {
      const response = await app.inject({
        url: '/api/config',
        headers: { host: 'atlas.test:8443' },
      })
      expect(response.statusCode).toBe(200)
      expect(publicConfigSchema.parse(response.json())).toEqual({
        supabaseUrl: 'http://localhost:3000',
        supabaseAnonKey: app.staffAccess.anonKey(),
        authMode: 'embedded',
        siteUrl: 'http://localhost:3000',
        directoryUrl: '/apis',
        contactEmail: 'hello@api-atlas.example',
      })
    })

    it('describes hosted mode with the Supabase project', async () => {
      const hosted = buildTestApp({
        db,
        env: {
          ...hostedEnv,
          PUBLIC_SITE_URL: 'https://atlas.example',
          DIRECTORY_URL: 'https://directory.example/',
          CONTACT_EMAIL: 'team@atlas.example',
        },
      })
      const response = await hosted.inject('/api/config')
      expect(publicConfigSchema.parse(response.json())).toEqual({
        supabaseUrl: 'https://abc.supabase.co',
        supabaseAnonKey: 'hosted-anon-key',
        authMode: 'hosted',
        siteUrl: 'https://atlas.example',
        directoryUrl: 'https://directory.example/',
        contactEmail: 'team@atlas.example',
      })
      await hosted.close()
    })

    it('answers the site address when the Host header is unusable', async () => {
      const response = await app.inject({ url: '/api/config', headers: { host: 'bad host' } })
      expect(response.statusCode).toBe(200)
      expect(response.json().supabaseUrl).toBe('http://localhost:3000')
    })
  })

  describe('bad input', () => {
    it.each([
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['DELETE', '/api/health'],
      ['GET', '/api'],
    ] as const)('answers %s %s with 404 JSON', async (method, url) => {
      const response = await app.inject({ method, url, headers: { accept: 'text/html' } })
      expectError(response, 404, `No route ${method} ${url}`)
    })

    it('leaves the query string out of the 404 message', async () => {
      expectError(await app.inject('/api/nope?token=secret'), 404, 'No route GET /api/nope')
    })

    it('answers malformed JSON with 400', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "unterminated',
      })
      expectError(response, 400, /^Malformed JSON in request body: .+/)
    })

    it('answers an empty JSON body with 400', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '',
      })
      expectError(response, 400, 'Request body is empty but content-type is application/json')
    })

    it('refuses prototype keys in JSON', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"a": {"__proto__": {"admin": true}}}',
      })
      expectError(response, 400, /^Malformed JSON in request body: .*__proto__/)
    })

    it('accepts good JSON', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { name: 'ok', constructor: 'just a string' },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        success: true,
        data: { name: 'ok', constructor: 'just a string' },
      })
    })

    it('answers a body over the limit with 413', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ blob: 'x'.repeat(BODY_LIMIT) }),
      })
      expect(BODY_LIMIT).toBe(1048576)
      expectError(response, 413, 'Request body is larger than 1048576 bytes')
    })

    it('answers an unsupported content type with 415', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/xml' },
        payload: '<name>x</name>',
      })
      expectError(
        response,
        415,
        "Unsupported content type 'application/xml'; send application/json",
      )
    })

    it('names the body field that fails validation', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/validated',
        payload: { name: '', tags: ['a', 2] },
      })
      expectError(response, 400, /^Body field 'name': .*; Body field 'tags\.1': .*string/)
    })

    it('names the query parameter that fails validation', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/validated?page=0',
        payload: { name: 'x' },
      })
      expectError(response, 400, /^Query parameter 'page': .*1/)
    })

    it('says when the body is missing altogether', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/test/validated' })
      expectError(response, 400, /^Request body: /)
    })

    it('passes validated, defaulted values to the handler', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/validated',
        payload: { name: 'x' },
      })
      expect(response.json()).toEqual({
        success: true,
        data: { body: { name: 'x' }, query: { page: 1 } },
      })
    })

    it('answers a URL it cannot decode with 400', async () => {
      expectError(await app.inject('/api/%zz'), 400, 'Malformed URL: /api/%zz')
    })

    it('answers an HttpError with its status and message', async () => {
      expectError(await app.inject('/api/test/teapot'), 409, 'That API is already listed')
    })

    it('answers anything unexpected with a bare 500', async () => {
      const response = await app.inject('/api/test/boom')
      expectError(response, 500, 'Internal server error')
      expect(response.body).not.toContain('secret')
    })
  })

  describe('every response', () => {
    it('carries security headers and a strict CSP on JSON', async () => {
      for (const url of ['/api/health', '/api/nope', '/api/test/boom']) {
        const { headers } = await app.inject(url)
        expect(headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
        expect(headers['x-content-type-options']).toBe('nosniff')
        expect(headers['x-frame-options']).toBe('SAMEORIGIN')
        expect(headers['referrer-policy']).toBe('no-referrer')
        // HSTS only makes sense on an https site.
        expect(headers['strict-transport-security']).toBeUndefined()
      }
    })

    it('sends HSTS when the site is https', async () => {
      const https = buildTestApp({ db, env: { PUBLIC_SITE_URL: 'https://atlas.example' } })
      const { headers } = await https.inject('/api/health')
      expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/)
      await https.close()
    })

    it('has a request id, keeping a sane incoming one', async () => {
      const own = await app.inject('/api/health')
      expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
      const kept = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-123' } })
      expect(kept.headers['x-request-id']).toBe('lb-123')
      const replaced = await app.inject({
        url: '/api/health',
        headers: { 'x-request-id': 'bad id\twith spaces' },
      })
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    })

    it('puts no request id on an answer a shared cache may keep', async () => {
      for (const url of ['/sitemap.xml', '/blog/rss.xml', '/api/categories', '/robots.txt']) {
        const response = await app.inject({
          url,
          headers: { 'x-request-id': 'chosen-by-a-visitor' },
        })
        expect(response.statusCode, url).toBe(200)
        expect(String(response.headers['cache-control']), url).toMatch(/public/)
        expect(response.headers['x-request-id'], url).toBeUndefined()
      }
    })

    it('is compressed when large and the client accepts gzip', async () => {
      const response = await app.inject({
        url: '/api/test/big',
        headers: { 'accept-encoding': 'gzip' },
      })
      expect(response.headers['content-encoding']).toBe('gzip')
      const json = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'))
      expect(json.data).toHaveLength(500)
    })

    it('is left alone when small or not accepted', async () => {
      const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } })
      expect(small.headers['content-encoding']).toBeUndefined()
      const plain = await app.inject({ url: '/api/test/big', headers: { 'accept-encoding': '' } })
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.json().data).toHaveLength(500)
    })
  })
})

describe('buildApp on its own database', () => {
  let app: FastifyInstance | undefined
  afterEach(async () => {
    await app?.close()
    app = undefined
  })

  it('opens, migrates and closes the database itself', async () => {
    app = buildApp(testConfig(), { logger: false, operations: { load: false } })
    await app.ready()
    const db = app.db
    expect(db.kind).toBe('pglite')
    const files = await readMigrations(testConfig().migrationsDir)
    expect(await db.query('select count(*)::int as n from schema_migrations')).toEqual([
      { n: files.length },
    ])
    await app.close()
    app = undefined
    await expect(db.ping()).rejects.toThrow()
  })

  it('fails to start, saying which database, when migrations cannot run', async () => {
    app = buildApp(testConfig({}, { migrationsDir: '/no/such/migrations' }), {
      logger: false,
      operations: { load: false },
    })
    await expect(app.ready()).rejects.toThrow(
      'Database not ready (PGlite in memory://): Cannot read the migrations folder',
    )
  })

  it('says when the database is used before ready', () => {
    app = buildApp(testConfig(), { logger: false, operations: { load: false } })
    expect(() => app!.db).toThrow('await app.ready() first')
  })
})
