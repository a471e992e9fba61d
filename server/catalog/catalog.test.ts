import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { migrate } from '../db/migrate'
import type { Queryable } from '../db/database'
import { HttpError } from '../errors'
import { describeEachDb, openTestDb, testConfig, type TestDb } from '../testing/testDb'
import { catalogAt, openCatalog, openedCatalog, type Catalog } from './catalog'
import { loadCatalog } from './load'
import { readSeed, type Seed } from './seed'

/** Names chosen for the name search: substrings of each other, and LIKE's own characters. */
const NAMES = ['Maps Platform', 'Maps', '100% Maps', 'Snake_case Maps', 'Weather']

describeEachDb('the catalogue', (kind) => {
  let dir: string
  let db: TestDb
  let seed: Seed
  let statements: string[] = []
  let clock = 0
  let catalog: Catalog
  /** The database as the catalogue sees it, counting what reaches it. */
  const counted: Queryable = {
    query: (text, params) => {
      statements.push(text)
      return db.query(text, params)
    },
    exec: (sql) => db.exec(sql),
  }

  beforeAll(async () => {
    const real = (await readSeed()).seed
    seed = {
      ...real,
      apis: real.apis.slice(0, NAMES.length).map((api, i) => {
        const id = `api-${String.fromCharCode(101 - i)}-${i}`
        return { ...api, id, entry: id, entryRank: 0, entrySize: 1, name: NAMES[i]! }
      }),
    }
    dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-catalog-'))
    const file = path.join(dir, 'seed.json.gz')
    await writeFile(file, gzipSync(JSON.stringify(seed)))
    db = await openTestDb(kind)
    await migrate(db, testConfig().migrationsDir)
    await loadCatalog(db, file)
    catalog = await openCatalog(counted, 'test', { now: () => clock })
  })
  afterAll(async () => {
    await db?.dispose()
    await rm(dir, { recursive: true, force: true })
  })
  beforeEach(() => {
    statements = []
  })

  describe('detail', () => {
    it('reads a record once and reuses it for 30 seconds', async () => {
      const id = seed.apis[0]!.id
      const first = await catalog.detail(id)
      expect(first).toMatchObject({ id, name: NAMES[0], endpoints: seed.apis[0]!.endpoints })
      clock += 29_999
      expect(await catalog.detail(id)).toBe(first)
      expect(statements).toHaveLength(1)
      clock += 1
      expect(await catalog.detail(id)).toEqual(first)
      expect(statements).toHaveLength(2)
    })

    it('shares one read between callers that ask at once', async () => {
      const id = seed.apis[1]!.id
      const [a, b] = await Promise.all([catalog.detail(id), catalog.detail(id)])
      expect(a).toBe(b)
      expect(statements).toHaveLength(1)
    })

    it('asks again for an id it did not find, and never sends a non-slug to SQL', async () => {
      expect(await catalog.detail('no-such-api')).toBeUndefined()
      expect(await catalog.detail('no-such-api')).toBeUndefined()
      expect(await catalog.detail('Not A Slug\0')).toBeUndefined()
      expect(statements).toHaveLength(2)
    })

    it('asks again after a failed read', async () => {
      let down = true
      const failing = await openCatalog(
        {
          ...counted,
          query: async (text, params) => {
            if (down && text.includes('where id = $1')) throw new Error('connection lost')
            return counted.query(text, params)
          },
        },
        'failing',
        { now: () => clock },
      )
      const id = seed.apis[2]!.id
      await expect(failing.detail(id)).rejects.toThrow('connection lost')
      down = false
      expect(await failing.detail(id)).toMatchObject({ id })
    })
  })

  describe('search', () => {
    it('matches names from memory while the database cannot answer, and says the answer is only that', async () => {
      let down = true
      const failing = await openCatalog(
        {
          ...counted,
          query: async (text, params) => {
            if (down && text.includes('api_search')) throw new Error('Connection terminated')
            return counted.query(text, params)
          },
        },
        'search-down',
        { now: () => clock },
      )
      const query = { search: 'weather', page: 1, limit: 24 }
      const meanwhile = await failing.list(query)
      expect(meanwhile.namesOnly).toBe(true)
      expect(meanwhile.apis.map((api) => api.name)).toEqual(['Weather'])
      down = false
      // Back: the database's answer, which is the one kept.
      const back = await failing.list(query)
      expect(back.namesOnly).toBeUndefined()
      expect(back.apis.map((api) => api.name)).toContain('Weather')
    })
  })

  describe('findByName', () => {
    it('finds the shortest name holding the text, in any case', async () => {
      expect((await catalog.findByName('maps'))?.name).toBe('Maps')
      expect((await catalog.findByName('PLATFORM'))?.name).toBe('Maps Platform')
      expect(await catalog.findByName('nothing like it')).toBeUndefined()
    })

    it('takes % and _ as the characters they are', async () => {
      expect((await catalog.findByName('0% M'))?.name).toBe('100% Maps')
      expect(await catalog.findByName('%')).toMatchObject({ name: '100% Maps' })
      expect(await catalog.findByName('e_c')).toMatchObject({ name: 'Snake_case Maps' })
      expect(await catalog.findByName('ke_')).toMatchObject({ name: 'Snake_case Maps' })
      expect(await catalog.findByName('M_ps')).toBeUndefined()
    })
  })

  it('lists every API by id, with its category and last update, from memory', async () => {
    const rows = await db.query<{ id: string; category: string; updated: string }>(
      "select id, category, to_char(updated, 'YYYY-MM-DD') as updated from apis",
    )
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1)
    const listed = catalog.datedApis()
    expect(listed).toEqual(rows.sort(byId))
    expect(listed.map((api) => api.id)).toEqual(seed.apis.map((api) => api.id).sort())
    expect(statements).toEqual([])
  })

  it('is shared by what reads the same database, once opened at a version', async () => {
    const other: Queryable = { ...counted }
    expect(() => openedCatalog(other)).toThrow(HttpError)
    const opened = await catalogAt(other, 'v1')
    expect(openedCatalog(other)).toBe(opened)
    expect(await catalogAt(other, 'v1')).toBe(opened)
    const next = await catalogAt(other, 'v2')
    expect(next).not.toBe(opened)
    expect(openedCatalog(other)).toBe(next)
  })
})
