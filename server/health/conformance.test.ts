// The overlay's fixture APIs, through the real server and database: each checked against its
// document, every planted drift found at its pointer, none where the answer matches, never a
// write method; "verified" follows; the monitoring and check routes answer.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiListResponseSchema } from '../../src/contract/apis'
import {
  monitoringOverviewResponseSchema,
  monitoringResponseSchema,
} from '../../src/contract/monitoring'
import { ConfigError, loadConfig } from '../config'
import { FIXTURES, startFixtureApis, type FixtureApis } from '../testing/conformanceFixtures'
import { buildOverlayApp } from '../testing/overlayApp'
import { staffAuthorization } from '../testing/staffToken'
import { buildTestApp } from '../testing/testApp'
import { describeEachDb, openTestDb, type TestDb } from '../testing/testDb'
import { safeOperations } from './conformance'
import { recordDocumentVersion } from './specChanges'

const dir = mkdtempSync(path.join(tmpdir(), 'api-atlas-conformance-'))
describe('CATALOGUE_OVERLAY', () => {
  const write = (name: string, value: unknown) => {
    const file = path.join(dir, name)
    writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value))
    return file
  }
  const problem = (file: string) => {
    try {
      loadConfig({ CATALOGUE_OVERLAY: file })
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      return (error as ConfigError).problems.join('\n')
    }
    throw new Error('the configuration was accepted')
  }
  const doc = {
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    servers: [{ url: 'http://127.0.0.1:9/t' }],
    paths: { '/a': { get: { responses: { 200: { description: 'OK' } } } } },
  }

  it('stops the start naming the entry and the field', () => {
    write('ok.json', doc)
    const entry = {
      id: 'good',
      name: 'Good',
      provider: 'me',
      category: 'cloud',
      openapi: 'ok.json',
    }
    expect(
      problem(write('o1.json', { apis: [entry, { ...entry, id: 'bad', category: 'x' }] })),
    ).toMatch(/CATALOGUE_OVERLAY: .*apis\[1\] \("bad"\)\.category: must be one of cloud/)
    expect(problem(write('o2.json', { apis: [{ ...entry, id: 'No Slug' }] }))).toMatch(
      /apis\[0\] \("No Slug"\)\.id: must be a slug/,
    )
    expect(problem(write('o3.json', { apis: [{ ...entry, openapi: 'missing.json' }] }))).toMatch(
      /apis\[0\] \("good"\)\.openapi: cannot read missing\.json/,
    )
    write('noserver.json', { ...doc, servers: [] })
    expect(problem(write('o4.json', { apis: [{ ...entry, openapi: 'noserver.json' }] }))).toMatch(
      /\.openapi: noserver\.json needs servers\[0\]\.url/,
    )
    write('swagger.json', { swagger: '2.0', paths: {} })
    expect(problem(write('o5.json', { apis: [{ ...entry, openapi: 'swagger.json' }] }))).toMatch(
      /is not an OpenAPI 3 document/,
    )
    expect(problem(write('o6.json', { apis: [entry, entry] }))).toMatch(
      /apis\[1\] \("good"\)\.id: is used by an earlier entry/,
    )
    const { name: _name, ...nameless } = entry
    expect(problem(write('o7.json', { apis: [nameless] }))).toMatch(/apis\[0\] \("good"\)\.name/)
    expect(problem(write('o8.json', '{ not json'))).toMatch(/is not JSON/)
    expect(problem(path.join(dir, 'absent.json'))).toMatch(/cannot read/)
    // A good file is read whole: record, operations, base URL.
    const config = loadConfig({ CATALOGUE_OVERLAY: write('o9.json', { apis: [entry] }) })
    expect(config.catalogueOverlay!.apis[0]!.record).toMatchObject({
      id: 'good',
      baseUrl: 'http://127.0.0.1:9/t',
      sources: ['local'],
      endpointCount: 1,
    })
  })

  it('offers only safe GET operations it can fill', () => {
    const unsafe = FIXTURES.find((fixture) => fixture.id === 'fixture-unsafe')!
    expect(
      safeOperations(
        { openapi: '3.0.3', paths: unsafe.paths, components: unsafe.components },
        () => undefined,
      ),
    ).toEqual([])
    const path = FIXTURES.find((fixture) => fixture.id === 'fixture-match-path')!
    expect(safeOperations({ openapi: '3.0.3', paths: path.paths }, () => 'getUser')).toEqual([
      { operationKey: 'getUser', route: '/users/{userId}', target: '/users/42', headers: {} },
    ])
  })
})

describeEachDb('conformance checks of overlay APIs', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  let fixtures: FixtureApis

  beforeAll(async () => {
    db = await openTestDb(kind)
    fixtures = await startFixtureApis()
    app = await buildOverlayApp(db, fixtures, { entries: 5 })
    await app.ready()
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await fixtures?.close()
    await db?.dispose()
  })

  const monitoring = async (id: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/apis/${id}/monitoring` })
    expect(response.statusCode, response.body).toBe(200)
    return monitoringResponseSchema.parse(response.json()).data
  }
  const verifiedIds = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/apis?verified=true&limit=100' })
    expect(response.statusCode, response.body).toBe(200)
    return apiListResponseSchema
      .parse(response.json())
      .data.apis.map((api) => api.id)
      .sort()
  }

  it('lists overlay entries as local, documented and searchable', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/apis?search=Undeclared' })
    const apis = apiListResponseSchema.parse(response.json()).data.apis
    expect(apis.map((api) => api.id)).toContain('fixture-undeclared-null')
    expect(apis.find((api) => api.id === 'fixture-undeclared-null')!.sources).toEqual(['local'])
    const operations = await app.inject({
      method: 'GET',
      url: '/api/apis/fixture-match-path/operations',
    })
    expect(
      operations.json().data.operations.map((op: { operationKey: string }) => op.operationKey),
    ).toEqual(['getUser'])
    const document = await app.inject({
      method: 'GET',
      url: '/api/apis/fixture-match-path/openapi.json',
    })
    expect(document.statusCode).toBe(200)
    expect(document.json().servers[0].url).toBe(`${fixtures.origin}/fixture-match-path`)
    const before = await monitoring('fixture-match-list')
    expect(before).toMatchObject({ health: null, conformance: [], verified: null })
    expect(before.checks).toMatchObject({ local: true, reachable: true, conformanceChecked: true })
  })

  it('finds every planted drift at its pointer and none where the answer matches', async () => {
    await app.healthChecker!.sync()
    // Overlay entries are due at once; the seed's few are moved out of the way.
    await db.query(
      `update api_health set due_at = now() + interval '1 year' where api_id not like 'fixture-%'`,
    )
    const report = await app.healthChecker!.runOnce()
    expect(report.outcome).toBe('checked')
    expect(report.checked.map((check) => check.apiId).sort()).toEqual(
      FIXTURES.map((fixture) => fixture.id).sort(),
    )
    for (const fixture of FIXTURES) {
      const data = await monitoring(fixture.id)
      expect(data.health?.status, fixture.id).toBe('up')
      const found = Object.fromEntries(data.conformance.map((entry) => [entry.operationKey, entry]))
      expect(Object.keys(found).sort(), fixture.id).toEqual(Object.keys(fixture.expected).sort())
      for (const [key, expected] of Object.entries(fixture.expected)) {
        expect(found[key]!.status, `${fixture.id} ${key}`).toBe(expected.status)
        if (expected.pointer) {
          expect(
            found[key]!.violations.map((v) => v.pointer),
            fixture.id,
          ).toContain(expected.pointer)
        } else expect(found[key]!.violations).toEqual([])
      }
    }
    const undeclared = await monitoring('fixture-undeclared-null')
    expect(undeclared.conformance[0]!.violations).toEqual([
      { pointer: '/body/name', expected: 'string', actual: 'null' },
    ])
    // Never a write method, never the costly, keyed or unfillable operations.
    expect(fixtures.seen.filter((request) => !['GET', 'OPTIONS'].includes(request.method))).toEqual(
      [],
    )
    expect(fixtures.seen.map((request) => request.url)).not.toContain('/fixture-unsafe/costly')
    expect(fixtures.seen.map((request) => request.url)).not.toContain('/fixture-unsafe/things')
  })

  it('verifies the matching ones, and a drift removes the badge on the next check', async () => {
    expect(await verifiedIds()).toEqual([
      'fixture-match-31',
      'fixture-match-default',
      'fixture-match-list',
      'fixture-match-nullable',
      'fixture-match-path',
    ])
    const list = await monitoring('fixture-match-list')
    expect(list.verified!.claims.map((claim) => claim.kind)).toEqual([
      'reachable',
      'matches-document',
    ])
    fixtures.answer('fixture-match-list', '/items', { status: 200, body: [{ id: 1 }] })
    const admin = await staffAuthorization(app, db, {
      email: 'admin@conformance.atlas.test',
      role: 'admin',
    })
    const checked = await app.inject({
      method: 'POST',
      url: '/api/apis/fixture-match-list/check',
      headers: { authorization: admin.authorization },
    })
    expect(checked.statusCode, checked.body).toBe(200)
    const fresh = monitoringResponseSchema.parse(checked.json()).data
    expect(fresh.verified).toBeNull()
    expect(fresh.conformance[0]).toMatchObject({ status: 'drifted' })
    expect(fresh.conformance[0]!.violations[0]).toMatchObject({ pointer: '/body/0/name' })
    expect(fresh.events.map((event) => event.kind)).toEqual(['drifted', 'matches', 'up'])
    expect(await verifiedIds()).not.toContain('fixture-match-list')

    // Fixed again: matches, verified again ("recovered").
    fixtures.answer('fixture-match-list', '/items', { status: 200, body: [{ id: 1, name: 'a' }] })
    const again = await app.inject({
      method: 'POST',
      url: '/api/apis/fixture-match-list/check',
      headers: { authorization: admin.authorization },
    })
    const recovered = monitoringResponseSchema.parse(again.json()).data
    expect(recovered.verified).not.toBeNull()
    expect(recovered.events.map((event) => event.kind)).toEqual([
      'matches',
      'drifted',
      'matches',
      'up',
    ])
  })

  it('lists the changes of a newer document, graded', async () => {
    const api = app.config.catalogueOverlay!.apis.find((a) => a.record.id === 'fixture-match-list')!
    type Doc = {
      info: { version: string }
      components: { schemas: { Item: { properties: { id: { type: string } } } } }
      paths: { '/items': { get: { responses: Record<string, object> } } }
    }
    const newer = structuredClone(api.document) as unknown as Doc
    newer.info.version = '2.0.0'
    newer.components.schemas.Item.properties.id.type = 'string'
    newer.paths['/items'].get.responses[429] = { description: 'Slow down' }
    const changes = await recordDocumentVersion(
      app.db,
      'fixture-match-list',
      newer as unknown as Record<string, unknown>,
      'f'.repeat(64),
    )
    expect(changes.map((change) => change.category)).toEqual([
      'response-property-type-changed',
      'response-status-added',
    ])
    const data = await monitoring('fixture-match-list')
    expect(data.changes).toMatchObject([
      {
        operationKey: 'listItems',
        level: 'breaking',
        toVersion: '2.0.0 (ffffffff)',
        source: 'observed',
      },
      { operationKey: 'listItems', level: 'info', category: 'response-status-added' },
    ])
    expect(data.changes[0]!.fromVersion).toMatch(/^1\.0\.0 \(/)
  })

  it('sums up what went down, drifted, came back and changed, by category', async () => {
    const overview = async (query = '') => {
      const response = await app.inject({ method: 'GET', url: `/api/monitoring/overview${query}` })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['cache-control']).toBe('public, max-age=30')
      return monitoringOverviewResponseSchema.parse(response.json()).data
    }
    const admin = await staffAuthorization(app, db, {
      email: 'admin@conformance.atlas.test',
      role: 'admin',
    })
    const checkNow = async (id: string) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/apis/${id}/check`,
        headers: { authorization: admin.authorization },
      })
      expect(response.statusCode, response.body).toBe(200)
      return monitoringResponseSchema.parse(response.json()).data
    }

    // Its address answers 503: down, off the verified ones.
    fixtures.answer('fixture-match-default', '/', { status: 503, body: {} })
    expect((await checkNow('fixture-match-default')).health?.status).toBe('down')
    const withDown = await overview()
    expect(withDown.category).toBeNull()
    expect(withDown.down.items.map((entry) => entry.api.id)).toEqual(['fixture-match-default'])
    expect(withDown.down.items[0]).toMatchObject({
      api: { name: 'Matching default response', category: 'developer-tools', local: true },
      httpStatus: 503,
    })
    expect(withDown.down.items[0]!.since).not.toBeNull()
    expect(withDown.recovered.total).toBe(0)

    // Every planted drift is listed with its first violations; the matching ones are not.
    const drifted = FIXTURES.flatMap((fixture) =>
      Object.entries(fixture.expected)
        .filter(([, expected]) => expected.status !== 'matches')
        .map(([operationKey]) => `${fixture.id} ${operationKey}`),
    )
    expect(
      withDown.drifted.items.map((entry) => `${entry.api.id} ${entry.operationKey}`).sort(),
    ).toEqual(drifted.sort())
    expect(withDown.drifted.total).toBe(drifted.length)
    const undeclared = withDown.drifted.items.find(
      (entry) => entry.api.id === 'fixture-undeclared-null',
    )!
    expect(undeclared).toMatchObject({
      status: 'drifted',
      violationCount: 1,
      violations: [{ pointer: '/body/name', expected: 'string', actual: 'null' }],
    })
    // The newer document's changes, newest first.
    expect(withDown.changes.items.map((change) => [change.api.id, change.level])).toEqual([
      ['fixture-match-list', 'breaking'],
      ['fixture-match-list', 'info'],
    ])
    expect(withDown.checks).toMatchObject({ enabled: true, networkUnavailableSince: null })
    expect(withDown.checks.checkedApis).toBeGreaterThanOrEqual(FIXTURES.length)
    expect(withDown.checks.verified).toBe((await verifiedIds()).length)

    // Its address answers again: back up, listed as recovered, no longer down.
    fixtures.answer('fixture-match-default', '/', { status: 200, body: {} })
    expect((await checkNow('fixture-match-default')).health?.status).toBe('up')
    const recovered = await overview()
    expect(recovered.down.items).toEqual([])
    expect(recovered.recovered.items.map((entry) => entry.api.id)).toEqual([
      'fixture-match-default',
    ])
    expect(Date.parse(recovered.recovered.items[0]!.at)).toBeGreaterThan(
      Date.parse(recovered.recovered.items[0]!.downAt),
    )

    // A category holds its own APIs only; a blank one is every category.
    const payments = await overview('?category=payments')
    expect(payments.category).toBe('payments')
    expect([payments.drifted.total, payments.changes.total, payments.recovered.total]).toEqual([
      0, 0, 0,
    ])
    const tools = await overview('?category=developer-tools')
    expect(tools.drifted.total).toBe(drifted.length)
    expect((await overview('?category=')).category).toBeNull()
  })

  it('answers 404 for an unknown API and 401 to a check without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/apis/nope/monitoring' })).statusCode).toBe(
      404,
    )
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/apis/fixture-match-list/check',
    })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toMatchObject({ success: false })
  })
})

describeEachDb('monitoring routes: input and limits', (kind) => {
  let db: TestDb
  let app: FastifyInstance

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildTestApp({
      db,
      options: { catalog: { load: false }, monitoring: { perMinute: { read: 2 } } },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })

  it('names a bad id, and answers 429 with Retry-After past the limit', async () => {
    const long = await app.inject({ method: 'GET', url: `/api/apis/${'a'.repeat(300)}/monitoring` })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ success: false, error: expect.stringMatching(/id/) })
    expect((await app.inject({ method: 'GET', url: '/api/apis/nope/monitoring' })).statusCode).toBe(
      404,
    )
    const limited = await app.inject({ method: 'GET', url: '/api/apis/nope/monitoring' })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect(limited.json()).toMatchObject({ success: false })
  })

  it('names a bad category of the overview, and limits it per address too', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/monitoring/overview?category=nope' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({
      success: false,
      error: expect.stringMatching(/category.*must be one of/),
    })
    const empty = await app.inject({ method: 'GET', url: '/api/monitoring/overview' })
    expect(empty.statusCode, empty.body).toBe(200)
    // Nothing checked on this server yet: every list empty, and the answer says so.
    expect(monitoringOverviewResponseSchema.parse(empty.json()).data).toMatchObject({
      down: { total: 0, items: [] },
      drifted: { total: 0, items: [] },
      recovered: { total: 0, items: [] },
      changes: { total: 0, items: [] },
      checks: { checkedApis: 0, verified: 0 },
    })
    const limited = await app.inject({ method: 'GET', url: '/api/monitoring/overview' })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect(limited.json()).toMatchObject({
      success: false,
      error: expect.stringMatching(/monitoring overview/),
    })
  })
})
