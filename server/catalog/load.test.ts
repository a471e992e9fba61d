import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, afterEach, expect, it } from 'vitest'
import { buildApp } from '../app'
import { migrate } from '../db/migrate'
import { describeEachDb, openTestDb, testConfig, type TestDb } from '../testing/testDb'
import { loadCatalog, SEED_SETTING, type LoadProgress } from './load'
import { readSeed, type Seed } from './seed'

let dir: string
let real: Seed

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-seed-'))
  real = (await readSeed()).seed
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** A small seed from the real one: the first n APIs, renamed when `tag` is given. */
const writeSeed = async (name: string, n: number, tag = '') => {
  const seed: Seed = {
    ...real,
    apis: real.apis.slice(0, n).map((api) => ({ ...api, name: `${api.name}${tag}` })),
  }
  const file = path.join(dir, name)
  await writeFile(file, gzipSync(JSON.stringify(seed)))
  return file
}

describeEachDb('catalogue seed loading', (kind) => {
  let db: TestDb

  beforeEach(async () => {
    db = await openTestDb(kind)
    await migrate(db, testConfig().migrationsDir)
  })
  afterEach(() => db.dispose())

  const count = async () =>
    Number((await db.query<{ n: string }>('select count(*) as n from apis'))[0]!.n)
  const setting = async () =>
    (
      await db.query<{ value: { hash: string; apis: number }; updated_at: Date }>(
        'select value, updated_at from app_settings where key = $1',
        [SEED_SETTING],
      )
    )[0]

  it('loads on first start, skips when the hash matches, reloads when it changes', async () => {
    const a = await writeSeed('a.json.gz', 30)
    const b = await writeSeed('b.json.gz', 40, ' (v2)')
    // Rows of other tables, and other settings, must survive every reload.
    await db.exec(`
      create table notes (id int primary key, body text);
      insert into notes values (1, 'keep me');
      insert into app_settings (key, value) values ('other', '{"keep": true}');
    `)

    const first = await loadCatalog(db, a)
    expect(first).toMatchObject({ loaded: true, apis: 30 })
    expect(await count()).toBe(30)
    const stored = await setting()
    expect(stored?.value).toMatchObject({ hash: first.hash, apis: 30 })

    expect(await loadCatalog(db, a)).toMatchObject({ loaded: false, hash: first.hash })
    expect((await setting())?.updated_at).toEqual(stored?.updated_at)

    const second = await loadCatalog(db, b)
    expect(second).toMatchObject({ loaded: true, apis: 40 })
    expect(second.hash).not.toBe(first.hash)
    expect(await count()).toBe(40)
    const [renamed] = await db.query<{ name: string }>('select name from apis where id = $1', [
      real.apis[0]!.id,
    ])
    expect(renamed?.name).toMatch(/\(v2\)$/)
    expect((await setting())?.value).toMatchObject({ hash: second.hash, apis: 40 })

    expect(await db.query('select id, body from notes')).toEqual([{ id: 1, body: 'keep me' }])
    expect(await db.query("select value from app_settings where key = 'other'")).toEqual([
      { value: { keep: true } },
    ])
  })

  it('leaves the tables it wrote analysed for the planner, and on PGlite vacuumed too', async () => {
    await loadCatalog(db, await writeSeed('settled.json.gz', 30))
    const tables = await db.query<{
      relname: string
      reltuples: number
      relpages: number
      relallvisible: number
    }>(
      // The tables the test's own schema search path finds (on Postgres, one schema per test).
      `select relname, reltuples::int as reltuples, relpages, relallvisible
       from unnest(array['categories', 'apis', 'api_search', 'search_words']) as wrote(name)
       join pg_class on pg_class.oid = to_regclass(wrote.name) order by relname`,
    )
    expect(tables.map((table) => table.relname)).toEqual([
      'api_search',
      'apis',
      'categories',
      'search_words',
    ])
    // Never analysed is -1; analysed, the rows it saw.
    for (const table of tables) expect(table.reltuples, table.relname).toBeGreaterThan(0)
    expect(tables.find((table) => table.relname === 'apis')?.reltuples).toBe(30)
    // On Postgres another database's open transaction can keep a page from being all-visible;
    // PGlite has no other.
    if (kind === 'pglite') {
      for (const table of tables) expect(table.relallvisible, table.relname).toBe(table.relpages)
    }
  })

  it('adds synthetic APIs after the seed, reports progress, and reloads when their count changes', async () => {
    const a = await writeSeed('synthetic.json.gz', 20)
    const plain = await loadCatalog(db, a)
    const progress: Parameters<LoadProgress>[0][] = []
    const padded = await loadCatalog(db, a, {
      synthetic: 480,
      onProgress: (step) => progress.push(step),
    })
    expect(padded).toMatchObject({ loaded: true, apis: 500 })
    expect(padded.hash).not.toBe(plain.hash)
    expect(await count()).toBe(500)
    // After a chunk of 250 records that completes a tenth or more, and at the end.
    expect(progress.map(({ written, total }) => [written, total])).toEqual([
      [270, 500],
      [500, 500],
    ])
    const [marked] = await db.query<{ n: number }>(
      "select count(*)::int as n from apis where sources = '{synthetic}' and provider like '%.example'",
    )
    expect(marked?.n).toBe(480)
    expect((await setting())?.value).toMatchObject({ hash: padded.hash, apis: 500 })

    // Unchanged: only checked. Another count, or none: loaded again.
    expect(await loadCatalog(db, a, { synthetic: 480 })).toMatchObject({ loaded: false })
    expect(await loadCatalog(db, a, { synthetic: 100 })).toMatchObject({ loaded: true, apis: 120 })
    expect(await loadCatalog(db, a)).toMatchObject({ loaded: true, hash: plain.hash, apis: 20 })
    expect(await count()).toBe(20)
  })

  it('leaves the old catalogue in place when a load fails', async () => {
    const a = await writeSeed('ok.json.gz', 10)
    await loadCatalog(db, a)
    const broken = path.join(dir, 'broken.json.gz')
    const seed = { ...real, apis: [...real.apis.slice(0, 5), { ...real.apis[0]! }] }
    await writeFile(broken, gzipSync(JSON.stringify(seed)))
    await expect(loadCatalog(db, broken)).rejects.toThrow(/duplicate key/)
    expect(await count()).toBe(10)
  })

  it('serves the new seed after a restart with a changed file', async () => {
    const a = await writeSeed('app-a.json.gz', 12)
    const b = await writeSeed('app-b.json.gz', 20, ' (v2)')
    const config = testConfig()
    const start = async (seedFile: string) => {
      const app = buildApp(config, {
        db,
        logger: false,
        operations: { load: false },
        catalog: { seedFile },
      })
      await app.ready()
      const { total } = (await app.inject('/api/apis')).json().data as { total: number }
      const etag = (await app.inject('/api/categories')).headers.etag
      await app.close()
      return { total, etag }
    }
    const first = await start(a)
    expect(first.total).toBe(12)
    expect(await start(a)).toEqual(first)
    const second = await start(b)
    expect(second.total).toBe(20)
    // A new seed changes every ETag, so no browser keeps the old answer.
    expect(second.etag).not.toBe(first.etag)
  })

  it('leaves the catalogue closed after loading it, when the process hands over without serving', async () => {
    const seedFile = await writeSeed('app-closed.json.gz', 14)
    const start = async () => {
      const app = buildApp(testConfig(), {
        db,
        logger: false,
        operations: { load: false },
        catalog: { seedFile, openAfterLoad: false },
      })
      await app.ready()
      const answer = await app.inject('/api/apis')
      await app.close()
      return { seeds: app.seedsLoaded, answer }
    }
    const loading = await start()
    expect(loading.seeds).toEqual(['the catalogue seed'])
    expect(loading.answer.statusCode).toBe(503)
    // The fresh process finds the seed in place, and opens and serves it.
    const serving = await start()
    expect(serving.seeds).toEqual([])
    expect(serving.answer.statusCode).toBe(200)
    expect(serving.answer.json().data.total).toBe(14)
  })

  it('serves synthetic APIs, marked, when ATLAS_SYNTHETIC_APIS asks for them', async () => {
    const seedFile = await writeSeed('app-synthetic.json.gz', 12)
    const app = buildApp(testConfig({ ATLAS_SYNTHETIC_APIS: '36' }), {
      db,
      logger: false,
      operations: { load: false },
      catalog: { seedFile },
    })
    await app.ready()
    try {
      const list = (await app.inject('/api/apis?limit=100')).json().data as {
        total: number
        apis: { id: string; sources: string[] }[]
      }
      expect(list.total).toBe(48)
      expect(list.apis.filter((api) => api.sources.includes('synthetic'))).toHaveLength(36)
      const categories = (await app.inject('/api/categories')).json().data.categories as {
        count: number
      }[]
      expect(categories.reduce((sum, category) => sum + category.count, 0)).toBe(48)
      const detail = await app.inject('/api/apis/synthetic-000001-pinegate-managed-database')
      expect(detail.statusCode).toBe(200)
      expect(detail.json().data.api).toMatchObject({
        sources: ['synthetic'],
        provider: expect.stringMatching(/\.example$/),
      })
      // Each has its record's endpoints as operations, searched by task like a real API's.
      const id = 'synthetic-000001-pinegate-managed-database'
      const operations = (await app.inject(`/api/apis/${id}/operations`)).json().data as {
        total: number
        operations: { operationKey: string; method: string; path: string; summary: string }[]
      }
      const endpoints = detail.json().data.api.endpoints as { method: string; path: string }[]
      expect(operations.total).toBe(endpoints.length)
      expect(operations.operations.map(({ method, path }) => ({ method, path }))).toEqual(
        endpoints.map(({ method, path }) => ({ method, path })),
      )
      const [first] = operations.operations
      const one = await app.inject(`/api/apis/${id}/operations/${first!.operationKey}`)
      expect(one.statusCode).toBe(200)
      expect(one.json().data.operation.description).toMatch(/synthetic operation/i)
      const found = (
        await app.inject(`/api/apis?search=${encodeURIComponent(first!.summary)}`)
      ).json().data.apis as { id: string; matchedOperations: { operationKey: string }[] }[]
      expect(found.find((api) => api.id === id)?.matchedOperations).toContainEqual(
        expect.objectContaining({ operationKey: first!.operationKey }),
      )
    } finally {
      await app.close()
    }
    const withOperations = async () =>
      (
        await db.query<{ n: number }>(
          "select count(distinct api_id)::int as n from api_operations where api_id like 'synthetic-%'",
        )
      )[0]!.n
    expect(await withOperations()).toBe(36)
    // Fewer asked for: the others' operations go with them.
    const fewer = buildApp(testConfig({ ATLAS_SYNTHETIC_APIS: '5' }), {
      db,
      logger: false,
      operations: { load: false },
      catalog: { seedFile },
    })
    await fewer.ready()
    await fewer.close()
    expect(await withOperations()).toBe(5)
  })
})
