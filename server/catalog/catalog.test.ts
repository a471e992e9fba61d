import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { migrate } from '../db/migrate'
import type { Queryable } from '../db/database'
import { HttpError } from '../errors'
import { describeEachDb, openTestDb, testConfig, type TestDb } from '../testing/testDb'
import { catalogAt, openCatalog, openedCatalog, readAhead, type Catalog } from './catalog'
import { fileSnapshots, type EntrySnapshots } from './entrySnapshot'
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

  describe('opening', () => {
    /** Every entry as the list shows it. */
    const everything = async (opened: Catalog) =>
      (await opened.list({ sort: 'name', page: 1, limit: 100 })).apis

    it('reads its entries a page of rows at a time, as the rows are, versions left out', async () => {
      const [first] = seed.apis
      // A second version of the first API: a row of the table, in a page, but not an entry.
      await db.exec(
        `insert into apis (id, name, provider, summary, description, category, auth, auth_types,
           rating, version, updated, endpoint_count, endpoints, entry, entry_rank, entry_size)
         select 'zz-version', name, provider, summary, description, category, auth, auth_types,
           rating, 'v2', updated, endpoint_count, endpoints, id, 1, 2
         from apis where id = '${first!.id}';
         update apis set rating = 4.3, logo = 'https://example.com/logo.png',
           auth_types = '{apiKey,oauth2}' where id = '${first!.id}'`,
      )
      try {
        const rows = await db.query<{ id: string; rating: number | null }>(
          `select id, name, provider, summary, category, auth, base_url as "baseUrl", https, cors,
             free, rating, logo, version, to_char(updated, 'YYYY-MM-DD') as updated,
             endpoint_count as "endpointCount", sources
           from apis where entry = id`,
        )
        const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1)
        const expected = rows.map((row) => ({
          ...row,
          rating: row.rating === null ? null : Number(row.rating),
          health: null,
          verified: null,
        }))
        const pages: unknown[][] = []
        const paged = await openCatalog(
          {
            ...counted,
            query: (text, params) => {
              if (text.includes('with page as')) pages.push(params ?? [])
              return counted.query(text, params)
            },
          },
          'paged',
          { readBatch: 2 },
        )
        const listed = await everything(paged)
        expect(listed).toHaveLength(NAMES.length)
        expect([...listed].sort(byId)).toEqual(expected.sort(byId))
        expect(listed.find((api) => api.id === first!.id)).toMatchObject({
          rating: 4.3,
          logo: 'https://example.com/logo.png',
        })
        // Six rows, two a page: three full pages, each from after the last id of the one
        // before, and an empty one that says there are no more.
        const ids = rows
          .map((row) => row.id as string)
          .concat('zz-version')
          .sort()
        expect(pages).toEqual([[''], [ids[1]], [ids[3]], [ids[5]]])
        // Read whole or in pages, and as often as asked: the same catalogue.
        expect(await everything(await openCatalog(counted, 'whole'))).toEqual(listed)
        expect(await everything(await openCatalog(counted, 'exact', { readBatch: 3 }))).toEqual(
          listed,
        )
        const filtered = await paged.list({ auth: 'oauth2', page: 1, limit: 10 })
        expect(filtered.apis.map((api) => api.id)).toEqual([first!.id])
      } finally {
        await db.exec(
          `delete from apis where id = 'zz-version';
           update apis set rating = null, logo = null, auth_types = '{${first!.authTypes.join(',')}}'
           where id = '${first!.id}'`,
        )
      }
    })

    it('reads its entries in one query from Postgres, whose rows cross no thread', async () => {
      const read: string[] = []
      const postgres: Queryable & { kind: 'postgres' } = {
        ...counted,
        kind: 'postgres',
        query: (text, params) => {
          read.push(text)
          return counted.query(text, params)
        },
      }
      const opened = await openCatalog(postgres, 'postgres', { readBatch: 2 })
      expect(read.filter((text) => text.includes('with page as'))).toEqual([])
      expect(read.filter((text) => text.includes('from apis where entry = id'))).toHaveLength(1)
      expect(await everything(opened)).toEqual(
        await everything(await openCatalog(counted, 'pages')),
      )
    })

    it('fails to open, rather than open part of the catalogue, when a page cannot be read', async () => {
      let pages = 0
      const failing: Queryable = {
        ...counted,
        query: async (text, params) => {
          if (text.includes('with page as') && ++pages === 2) throw new Error('connection lost')
          return counted.query(text, params)
        },
      }
      await expect(openCatalog(failing, 'failing', { readBatch: 2 })).rejects.toThrow(
        'connection lost',
      )
    })

    it('keeps its entries for the next opening, which reads them while the records are unchanged', async () => {
      const file = fileSnapshots(path.join(dir, 'entries.json'))
      const writes: Promise<void>[] = []
      const snapshots: EntrySnapshots = {
        read: (fields, onRow) => file.read(fields, onRow),
        write: (kept) => {
          const writing = file.write(kept)
          writes.push(writing)
          return writing
        },
      }
      const pagesRead = () => statements.filter((text) => text.includes('with page as')).length
      const open = async (version: string) => {
        statements = []
        const opened = await openCatalog(counted, version, { snapshots })
        // Its copy is written once it is open: wait for it, as the next start would find it.
        await Promise.all(writes.splice(0))
        return { listed: await everything(opened), pages: pagesRead() }
      }
      const [first] = seed.apis
      const fresh = await open('kept')
      expect(fresh.pages).toBeGreaterThan(0)
      expect(fresh.listed).toHaveLength(NAMES.length)
      // The same records: the copy, in the same order, and not a page of the table read.
      expect(await open('kept')).toEqual({ listed: fresh.listed, pages: 0 })
      // Another seed, or a record changed beside the seed: read again, and kept anew.
      expect((await open('another seed')).pages).toBeGreaterThan(0)
      await db.exec(`update apis set rating = 4.5 where id = '${first!.id}'`)
      try {
        const changed = await open('another seed')
        expect(changed.pages).toBeGreaterThan(0)
        expect(changed.listed.find((api) => api.id === first!.id)?.rating).toBe(4.5)
        expect(await open('another seed')).toEqual({ listed: changed.listed, pages: 0 })
        // Read ahead, as a start does while the database opens: handed over once, then used.
        const ahead = readAhead(snapshots)
        const kept = ahead.take()
        expect(ahead.take()).toBeUndefined()
        statements = []
        const opened = await openCatalog(counted, 'another seed', { snapshots, kept })
        expect(await everything(opened)).toEqual(changed.listed)
        expect(pagesRead()).toBe(0)
      } finally {
        await db.exec(`update apis set rating = null where id = '${first!.id}'`)
      }
      expect((await open('another seed')).pages).toBeGreaterThan(0)
    })

    it('counts every statement that changes the records, whatever changes them', async () => {
      const changes = async () =>
        Number(
          (
            await db.query<{ changes: string }>(
              'select changes::text as changes from catalogue_changes',
            )
          )[0]!.changes,
        )
      const before = await changes()
      // One statement of many rows is one change; one that matches no row still counts.
      await db.exec(`update apis set rating = null where rating is null`)
      await db.exec(`update apis set rating = null where id = 'none'`)
      expect(await changes()).toBe(before + 2)
    })

    it('opens an empty catalogue', async () => {
      const empty: Queryable = {
        ...counted,
        query: (text, params) =>
          counted.query(text.replace('where id > $1', "where id > $1 and id = ''"), params),
      }
      const opened = await openCatalog(empty, 'empty')
      expect(await everything(opened)).toEqual([])
      expect(opened.categories.every((category) => category.count === 0)).toBe(true)
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
