// Two server instances on one database answer the same searches, lists and counts, and a new
// catalogue written by anyone shows on both: search reads the database, and each
// instance reopens its lists when the catalogue version in app_settings changes.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from './db/database'
import { SEED_SETTING } from './catalog/load'
import { indexUnsearched } from './catalog/searchDb'
import { buildTestApp } from './testing/testApp'
import { describeEachDb, openSecondConnection, openTestDb, type TestDb } from './testing/testDb'

type Row = { id: string; name: string; provider: string; summary: string; category: string }

/** Replaces the catalogue with these rows at this version, as a seed load would, in one go. */
const writeCatalogue = (db: Db, version: string, rows: Row[]) =>
  db.transaction(async (tx: Queryable) => {
    await tx.exec('delete from apis; delete from categories;')
    await tx.query(
      `insert into categories (slug, name, description, icon, position) values
         ('payments', 'Payments', 'Money', 'icon', 0), ('communication', 'Talk', 'Talk', 'icon', 1)`,
    )
    for (const row of rows) {
      await tx.query(
        `insert into apis (id, name, provider, summary, description, category, auth, auth_types,
           rating, version, updated, endpoint_count, endpoints, entry)
         values ($1, $2, $3, $4, '', $5, 'none', '{none}', 0, '1', '2026-01-01', 1, '[]', $1)`,
        [row.id, row.name, row.provider, row.summary, row.category],
      )
    }
    // As a seed load does: the entries' search rows with them.
    await indexUnsearched(tx)
    await tx.query(
      `insert into app_settings (key, value, updated_at) values ($1, $2, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [SEED_SETTING, JSON.stringify({ hash: version, apis: rows.length })],
    )
  })

/** The ids of a list answer's APIs, in order. */
const ids = (data: unknown) => (data as { apis: { id: string }[] }).apis.map((api) => api.id)

const FIRST: Row[] = [
  {
    id: 'stripe',
    name: 'Stripe API',
    provider: 'stripe.com',
    summary: 'Payments.',
    category: 'payments',
  },
  {
    id: 'twilio',
    name: 'Twilio SMS',
    provider: 'twilio.com',
    summary: 'Text messages.',
    category: 'communication',
  },
]

const SECOND: Row[] = [
  ...FIRST,
  {
    id: 'stripe-terminal',
    name: 'Stripe Terminal',
    provider: 'stripe.com',
    summary: 'Card readers.',
    category: 'payments',
  },
]

describeEachDb('two instances on one database', (kind) => {
  let db: TestDb
  let other: Db
  let one: FastifyInstance
  let two: FastifyInstance

  const build = (instanceDb: Db) =>
    buildTestApp({
      db: instanceDb,
      options: {
        catalog: { load: false, versionCheckMs: 0 },
        marketing: { schedulerIntervalMs: 0 },
      },
    })

  /** What an instance answers to each of these, as one comparable value. */
  const answers = async (app: FastifyInstance) => {
    const read = async (url: string) => {
      const response = await app.inject(url)
      expect(response.statusCode, url).toBe(200)
      return (response.json() as { data: unknown }).data
    }
    return {
      stripe: await read('/api/apis?search=stripe'),
      typo: await read('/api/apis?search=stirpe'),
      twilio: await read('/api/apis?search=twilo'),
      list: await read('/api/apis?sort=name'),
      categories: await read('/api/categories'),
    }
  }

  beforeAll(async () => {
    db = await openTestDb(kind)
    // PGlite is one process's: there both instances share it, as the two apps of one test can.
    other = kind === 'postgres' ? await openSecondConnection(db) : db
    one = build(db)
    await one.ready()
    await writeCatalogue(db, 'v1', FIRST)
    two = build(other)
    await two.ready()
  }, 120_000)

  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()])
    if (other !== db) await other?.close()
    await db?.dispose()
  })

  it('answers the same on both, typos included', async () => {
    const first = await answers(one)
    expect(await answers(two)).toEqual(first)
    expect(ids(first.stripe)).toEqual(['stripe'])
    expect(ids(first.typo)).toEqual(['stripe'])
    expect(ids(first.twilio)).toEqual(['twilio'])
  })

  it('shows a new catalogue on both once it is in the database', async () => {
    await writeCatalogue(other, 'v2', SECOND)
    const after = await answers(one)
    expect(await answers(two)).toEqual(after)
    // One provider's two APIs: a search shows its family once, by its best match.
    expect(ids(after.stripe)).toEqual(['stripe'])
    expect((after.stripe as { total: number }).total).toBe(1)
    expect(ids(after.list)).toEqual(['stripe', 'stripe-terminal', 'twilio'])
    const counts = (after.categories as { categories: { slug: string; count: number }[] })
      .categories
    expect(counts.map(({ slug, count }) => [slug, count])).toEqual([
      ['payments', 2],
      ['communication', 1],
    ])
  })
})

describe('the version read behind a busy database', () => {
  let db: TestDb
  let app: FastifyInstance
  let clock = 0
  /** While set, reads of the catalogue version wait for release(). */
  let held: Promise<void> | undefined
  let release = () => {}
  let versionReads = 0

  /** The database, with its reads of the catalogue version held as a queue would hold them. */
  const queued = (inner: Db): Db => ({
    ...inner,
    query: async (text, params) => {
      if (text.includes('from app_settings where key')) {
        versionReads += 1
        await held
      }
      return inner.query(text, params)
    },
  })

  const listed = async () => {
    const response = await app.inject('/api/apis?sort=name')
    expect(response.statusCode).toBe(200)
    return ids((response.json() as { data: unknown }).data)
  }

  beforeAll(async () => {
    db = await openTestDb('pglite')
    app = buildTestApp({
      db: queued(db),
      options: {
        catalog: { load: false, versionCheckMs: 1000, now: () => clock },
        marketing: { schedulerIntervalMs: 0 },
      },
    })
    await app.ready()
    await writeCatalogue(db, 'v1', FIRST)
    // Two periods after the read at start: the first answer waits for a read, which opens v1.
    clock = 2000
    expect(await listed()).toEqual(['stripe', 'twilio'])
  }, 120_000)

  afterAll(async () => {
    release()
    await app?.close()
    await db?.dispose()
  })

  it('answers from the open catalogue while the read waits, and waits once two periods pass', async () => {
    await writeCatalogue(db, 'v2', SECOND)
    held = new Promise((resolve) => (release = resolve))
    const before = versionReads

    // A period after the last read: one starts, and the answer does not wait for it.
    clock = 3500
    expect(await listed()).toEqual(['stripe', 'twilio'])
    expect(versionReads).toBe(before + 1)

    // Two periods: the answer waits for that read, and shows what it found.
    clock = 4500
    const waiting = listed()
    release()
    expect(await waiting).toEqual(['stripe', 'stripe-terminal', 'twilio'])
    expect(versionReads).toBe(before + 1)
  })
})
