// The health checker against local upstreams reached through TESTER_ALLOWED_HOSTS: one up, one
// down, one slow, one with CORS and one without, a whole network missing, and two instances on
// one database.
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { apiDetailResponseSchema, apiListResponseSchema } from '../../src/contract/apis'
import type { Db } from '../db/database'
import { buildApp } from '../app'
import { buildTestApp } from '../testing/testApp'
import {
  describeEachDb,
  openSecondConnection,
  openTestDb,
  TEST_DATABASE_URL,
  testConfig,
  type TestDb,
} from '../testing/testDb'
import { addressToCheck, createHealthChecker } from './checker'
import { DEFAULT_PROBE_LIMITS, probeApi, type ProbeOptions } from './probe'

const ORIGIN = 'http://atlas.test'
const SLOW_MS = 300

/** One loopback server answering as each kind of API does, by path. */
const startUpstreams = async () => {
  let hanging = 0
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const preflight = request.method === 'OPTIONS'
    switch (path) {
      case '/hang':
        // Never answers: only a stop (or the time limit) ends the check.
        hanging += 1
        return
      case '/up':
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
        return
      case '/down':
        response.writeHead(503).end('down for maintenance')
        return
      case '/slow':
        setTimeout(() => response.writeHead(200).end('late but here'), SLOW_MS)
        return
      case '/cors':
        if (preflight) {
          response
            .writeHead(204, {
              'access-control-allow-origin': String(request.headers.origin),
              'access-control-allow-methods': 'GET, POST',
            })
            .end()
        } else response.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}')
        return
      case '/no-cors':
        response.writeHead(preflight ? 405 : 200).end()
        return
      default:
        response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hanging: () => hanging,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

type Upstreams = Awaited<ReturnType<typeof startUpstreams>>

const ENTRIES = ['up', 'down', 'slow', 'cors', 'no-cors'] as const

/** A small catalogue whose entries point at the upstreams; every entry is due at once. */
const seedEntries = async (db: Db, upstreams: Upstreams, paths: readonly string[] = ENTRIES) => {
  await db.exec(`delete from api_health_checks; delete from api_health_runs; delete from api_health;
    delete from apis; delete from categories;`)
  await db.query(
    `insert into categories (slug, name, description, icon, position)
     values ('developer-tools', 'Developer Tools', 'Tools', 'Build', 0)`,
  )
  for (const path of paths) {
    await db.query(
      `insert into apis (id, name, provider, summary, description, category, auth, auth_types,
         base_url, docs, https, cors, free, rating, logo, version, updated, endpoint_count,
         endpoints, entry, sources)
       values ($1, $2, 'example.test', 'An API', '', 'developer-tools', 'none', '{none}', $3,
         null, null, null, true, null, null, '1', '2026-01-01', 0, '[]', $1, '{public-apis}')`,
      [`health-${path}`, `Health ${path}`, `${upstreams.origin}/${path}`],
    )
  }
}

const probeFor = (upstreams: Upstreams): ProbeOptions => ({
  ...DEFAULT_PROBE_LIMITS,
  allowedHosts: [`127.0.0.1:${upstreams.port}`],
  allowedPorts: [80, 443],
  selfHosts: [],
  origin: ORIGIN,
})

describeEachDb('health checker', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  let upstreams: Upstreams

  beforeAll(async () => {
    db = await openTestDb(kind)
    upstreams = await startUpstreams()
    // Migrated, then the small catalogue, under a seed hash of its own so the app reads it.
    const migrating = buildTestApp({ db, options: { catalog: { load: false } } })
    await migrating.ready()
    await migrating.close()
    await seedEntries(db, upstreams)
    await db.query(
      `insert into app_settings (key, value) values ('catalog_seed', '{"hash": "health-test-${kind}"}')`,
    )
    app = buildTestApp({
      db,
      env: { HEALTH_CHECKS: 'on', TESTER_ALLOWED_HOSTS: `127.0.0.1:${upstreams.port}` },
      config: { publicSiteUrl: ORIGIN },
      options: { catalog: { load: false }, health: { maxPerMinute: 60, tickMs: 60_000 } },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await upstreams?.close()
    await db?.dispose()
  })
  beforeEach(async () => {
    await seedEntries(db, upstreams)
    await app.healthChecker!.sync()
    await db.query('update api_health set due_at = now()')
  })

  const detail = async (id: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/apis/${id}` })
    expect(response.statusCode, response.body).toBe(200)
    return apiDetailResponseSchema.parse(response.json()).data.api
  }
  const list = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/apis?${query}` })
    expect(response.statusCode, response.body).toBe(200)
    return apiListResponseSchema
      .parse(response.json())
      .data.apis.map((api) => api.id)
      .sort()
  }

  it('keeps its tables server-only: row-level security on, no policy', async () => {
    const tables = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
       where relname like 'api_health%' and relkind = 'r'
         and relnamespace = current_schema()::regnamespace
       order by relname`,
    )
    expect(tables).toEqual([
      { relname: 'api_health', relrowsecurity: true },
      { relname: 'api_health_checks', relrowsecurity: true },
      { relname: 'api_health_runs', relrowsecurity: true },
    ])
    const monitoringTables = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
       where relname in ('api_conformance', 'api_monitoring_events', 'api_spec_changes')
         and relkind = 'r' and relnamespace = current_schema()::regnamespace
       order by relname`,
    )
    expect(monitoringTables.map((table) => table.relrowsecurity)).toEqual([true, true, true])
    const policies = await db.query(
      `select policyname from pg_policies
       where tablename like 'api_health%' and schemaname = current_schema()`,
    )
    expect(policies).toEqual([])
  })

  it('says "not checked yet" (health null) before the first check', async () => {
    await app.healthBoard.refresh()
    expect((await detail('health-up')).health).toBeNull()
    expect(await list('verified=true')).toEqual([])
  })

  it('records status, latency and CORS of each upstream, and lists the working ones', async () => {
    const report = await app.healthChecker!.runOnce()
    expect(report.outcome).toBe('checked')
    expect(report.checked).toHaveLength(5)
    await app.healthBoard.refresh()

    const up = await detail('health-up')
    expect(up.health).toMatchObject({
      status: 'up',
      httpStatus: 200,
      networkUnavailableAt: null,
      availability: 1,
      checks: 1,
      https: false,
      redirectsToHttps: false,
      url: `${upstreams.origin}/up`,
    })
    expect(up.health!.checkedAt).not.toBeNull()
    expect(up.health!.medianLatencyMs).toBeGreaterThanOrEqual(0)

    const down = await detail('health-down')
    expect(down.health).toMatchObject({ status: 'down', httpStatus: 503, availability: 0 })
    expect(down.health!.error).toBe('Answered 503')

    // The slow one answered: up, and its latency counts the wait.
    const slow = await detail('health-slow')
    expect(slow.health!.status).toBe('up')
    expect(slow.health!.medianLatencyMs).toBeGreaterThanOrEqual(SLOW_MS - 20)

    const cors = await detail('health-cors')
    expect(cors.health!.cors).toEqual({
      verdict: 'allowed',
      allowedOrigins: ORIGIN,
      allowedMethods: 'GET, POST',
    })
    // Measured CORS comes before the sources' (which say nothing here).
    expect(cors.cors).toBe(true)
    const noCors = await detail('health-no-cors')
    expect(noCors.health!.cors.verdict).toBe('blocked')
    expect(noCors.cors).toBe(false)

    // Up is not "verified": none of these has a document the server holds, so no operation was
    // found to match one (server/health/conformance.test.ts verifies the overlay's).
    expect(await list('verified=true')).toEqual([])
    expect(await list('cors=true')).toEqual(['health-cors'])
    // A down API's CORS is not judged.
    expect(await list('cors=false')).toEqual(['health-no-cors', 'health-slow', 'health-up'])
    expect(down.health!.cors.verdict).toBeNull()
    const summaries = apiListResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/apis?limit=100' })).json(),
    ).data.apis
    for (const summary of summaries) expect(summary.verified).toBeNull()

    // Each entry was checked once, and the run was recorded.
    const checks = await db.query<{ api_id: string; n: number }>(
      'select api_id, count(*)::int as n from api_health_checks group by api_id order by api_id',
    )
    expect(checks.map((row) => row.n)).toEqual([1, 1, 1, 1, 1])
    const runs = await db.query<{ outcome: string; checks: number }>(
      'select outcome, checks from api_health_runs',
    )
    expect(runs).toEqual([{ outcome: 'checked', checks: 5 }])
    // Nothing is due again before a period has passed.
    expect((await app.healthChecker!.runOnce()).outcome).toBe('idle')
  })

  it('records a run without network as "network unavailable" and marks nothing down', async () => {
    // First a real check, so there is something a missing network must not overwrite.
    await app.healthChecker!.runOnce()
    await db.query('update api_health set due_at = now()')
    const offline = createHealthChecker({
      db,
      periodMs: 86_400_000,
      maxPerMinute: 60,
      instance: 'offline',
      probe: {
        ...probeFor(upstreams),
        // Every name fails to resolve, as on a machine without a network.
        resolve: () =>
          Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })),
      },
    })
    await db.query(
      `update apis set base_url = replace(base_url, '127.0.0.1:${upstreams.port}', 'unreachable.test')`,
    )
    const report = await offline.runOnce()
    expect(report.outcome).toBe('network-unavailable')
    expect(report.checked).toHaveLength(5)
    await app.healthBoard.refresh()

    const up = await detail('health-up')
    // The last real measurement stands; the failed try is reported as ours, not the API's.
    expect(up.health!.status).toBe('up')
    expect(up.health!.networkUnavailableAt).not.toBeNull()
    expect(up.health!.checks).toBe(1)
    const [{ n }] = (await db.query<{ n: number }>(
      'select count(*)::int as n from api_health_checks where not up',
    )) as [{ n: number }]
    expect(n).toBe(1) // only the upstream that answered 503
    const runs = await db.query<{ instance: string; outcome: string }>(
      `select instance, outcome from api_health_runs where instance = 'offline'`,
    )
    expect(runs).toEqual([{ instance: 'offline', outcome: 'network-unavailable' }])
    // Tried again soon rather than in a day.
    const [due] = (await db.query<{ soon: boolean }>(
      `select bool_and(due_at < now() + interval '1 hour') as soon from api_health`,
    )) as [{ soon: boolean }]
    expect(due.soon).toBe(true)
  })

  it('never reaches a private address the allow-list does not name', async () => {
    const guarded = createHealthChecker({
      db,
      periodMs: 86_400_000,
      maxPerMinute: 60,
      probe: { ...probeFor(upstreams), allowedHosts: [] },
    })
    const report = await guarded.runOnce()
    expect(report.outcome).toBe('checked')
    for (const { result } of report.checked) {
      expect(result.status).toBe('down')
      expect(result.httpStatus).toBeNull()
      expect(result.error).toMatch(/private/i)
    }
  })

  it('gives back what it claimed when stopped in the middle of a run', async () => {
    await db.query(`update apis set base_url = $1 where id = 'health-up'`, [
      `${upstreams.origin}/hang`,
    ])
    await db.query(
      `update api_health set due_at = now() + interval '1 day' where api_id <> 'health-up'`,
    )
    const checker = createHealthChecker({
      db,
      periodMs: 86_400_000,
      maxPerMinute: 60,
      probe: probeFor(upstreams),
    })
    const before = upstreams.hanging()
    const run = checker.runOnce()
    await expect.poll(() => upstreams.hanging(), { timeout: 30_000 }).toBeGreaterThan(before)
    await checker.stop()
    expect((await run).outcome).toBe('idle')
    const [row] = (await db.query<{ due: boolean; checked: boolean }>(
      `select due_at <= now() as due, checked_at is not null as checked
       from api_health where api_id = 'health-up'`,
    )) as [{ due: boolean; checked: boolean }]
    expect(row).toEqual({ due: true, checked: false })
  })

  it('prunes history older than 30 days', async () => {
    await db.query(
      `insert into api_health_checks (api_id, checked_at, up) values
         ('health-up', now() - interval '31 days', false),
         ('health-up', now() - interval '29 days', true)`,
    )
    const fresh = createHealthChecker({
      db,
      periodMs: 86_400_000,
      maxPerMinute: 60,
      probe: probeFor(upstreams),
    })
    await fresh.runOnce()
    const old = await db.query(
      `select 1 from api_health_checks where checked_at < now() - interval '30 days'`,
    )
    expect(old).toEqual([])
    await app.healthBoard.refresh()
    // The 29-day-old check still counts: two checks, both up.
    expect((await detail('health-up')).health).toMatchObject({ checks: 2, availability: 1 })
  })
})

describe('health probe over TLS', () => {
  it('finds a certificate nobody trusts invalid: down, not HTTPS, and says why', async () => {
    const tls = (name: string) =>
      readFileSync(new URL(`../testing/tls/self-signed-${name}.pem`, import.meta.url))
    const server = createTlsServer({ key: tls('key'), cert: tls('cert') }, (_request, response) =>
      response.writeHead(200).end('{}'),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    try {
      const result = await probeApi(`https://127.0.0.1:${port}/`, {
        ...DEFAULT_PROBE_LIMITS,
        allowedHosts: [`127.0.0.1:${port}`],
        allowedPorts: [80, 443],
        selfHosts: [],
        origin: ORIGIN,
      })
      expect(result).toMatchObject({
        status: 'down',
        httpStatus: null,
        tlsValid: false,
        https: false,
        cors: null,
        networkClass: null,
      })
      expect(result.error).toMatch(/^TLS error with 127\.0\.0\.1/)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})

describe('health checker switch', () => {
  it('builds with an app that opens its own database (read once open, not when built)', async () => {
    const app = buildApp(testConfig({ HEALTH_CHECKS: 'on' }), {
      logger: false,
      catalog: { load: false },
    })
    await app.ready()
    expect(app.healthChecker).toBeDefined()
    await app.healthBoard.refresh()
    await app.close()
  })

  it('is not created with HEALTH_CHECKS=off, so nothing is ever checked', async () => {
    const db = await openTestDb('pglite')
    const app = buildTestApp({ db, options: { catalog: { load: false } } })
    await app.ready()
    expect(app.healthChecker).toBeUndefined()
    await app.close()
    await db.dispose()
  })
})

/** Two instances on one database: each entry is checked by one of them only. */
describe.each(TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const))(
  'two instances on one database [%s]',
  (kind) => {
    let db: TestDb
    let upstreams: Upstreams
    beforeAll(async () => {
      db = await openTestDb(kind)
      upstreams = await startUpstreams()
      const app = buildTestApp({ db, options: { catalog: { load: false } } })
      await app.ready()
      await app.close()
    })
    afterAll(async () => {
      await upstreams?.close()
      await db?.dispose()
    })

    it('checks each entry once, whichever instance claims it', async () => {
      const paths = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 'up' : 'cors'))
      await seedEntries(db, upstreams, [])
      for (const [i, path] of paths.entries()) {
        await db.query(
          `insert into apis (id, name, provider, summary, description, category, auth, auth_types,
             base_url, rating, version, updated, endpoint_count, endpoints, entry)
           values ($1, $1, 'example.test', 'An API', '', 'developer-tools', 'none', '{none}', $2,
             null, '1', '2026-01-01', 0, '[]', $1)`,
          [`twin-${i}`, `${upstreams.origin}/${path}`],
        )
      }
      const second: Db = kind === 'postgres' ? await openSecondConnection(db) : db
      const make = (instance: string, on: Db) =>
        createHealthChecker({
          db: on,
          periodMs: 86_400_000,
          // Five a run: the twelve entries take three claims between them.
          maxPerMinute: 5,
          instance,
          probe: probeFor(upstreams),
        })
      const a = make('a', db)
      const b = make('b', second)
      await a.sync()
      await db.query('update api_health set due_at = now()')
      // Both claim at the same time, more than their share each.
      const reports = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()])
      const checkedIds = reports.flatMap((report) => report.checked.map((check) => check.apiId))
      expect(checkedIds.sort()).toEqual(paths.map((_, i) => `twin-${i}`).sort())
      const rows = await db.query<{ api_id: string; n: number }>(
        'select api_id, count(*)::int as n from api_health_checks group by api_id',
      )
      expect(rows).toHaveLength(12)
      for (const row of rows) expect(row.n, row.api_id).toBe(1)
      if (second !== db) await second.close()
    })
  },
)

describe('health checker on a listening server', () => {
  it('runs on its own once the server listens, and stops when it closes', async () => {
    const db = await openTestDb('pglite')
    const upstreams = await startUpstreams()
    const migrating = buildTestApp({ db, options: { catalog: { load: false } } })
    await migrating.ready()
    await migrating.close()
    await seedEntries(db, upstreams, ['up'])
    const app = buildTestApp({
      db,
      env: { HEALTH_CHECKS: 'on', TESTER_ALLOWED_HOSTS: `127.0.0.1:${upstreams.port}` },
      options: { catalog: { load: false }, health: { firstTickMs: 0 } },
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    // New entries are spread over the day; this one is made due now.
    await db.query('update api_health set due_at = now()')
    await expect
      .poll(
        async () =>
          (await db.query<{ status: string }>('select status from api_health'))[0]?.status,
        { timeout: 60_000, interval: 200 },
      )
      .toBe('up')
    await app.close()
    await upstreams.close()
    await db.dispose()
  })
})

describe('the address a check reaches', () => {
  it('is the base URL, else the docs, and never a reserved .example host', () => {
    expect(addressToCheck('https://api.stripe.com', 'https://stripe.com/docs')).toBe(
      'https://api.stripe.com/',
    )
    expect(addressToCheck(null, 'https://dog.ceo/dog-api/')).toBe('https://dog.ceo/dog-api/')
    expect(addressToCheck('https://api.{region}.example.com', 'https://docs.example.com/')).toBe(
      'https://docs.example.com/',
    )
    // The synthetic APIs of scale tests (ATLAS_SYNTHETIC_APIS).
    expect(
      addressToCheck('https://api.pinegate.example/v4', 'https://docs.pinegate.example/'),
    ).toBeUndefined()
  })
})
