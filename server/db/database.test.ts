import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachDb, openTestDb, TEST_DATABASE_URL, type TestDb } from '../testing/testDb'
import { describeDatabase, openDatabase, openPostgres, type Db } from './database'

describeEachDb('Db', (kind) => {
  let db: TestDb

  beforeAll(async () => {
    db = await openTestDb(kind)
    await db.exec(`
      create table notes (id serial primary key, body text not null, meta jsonb);
      insert into notes (body) values ('first');
    `)
  })
  afterAll(() => db.dispose())

  it('knows its kind', () => {
    expect(db.kind).toBe(kind)
  })

  it('queries with parameters and returns rows', async () => {
    const rows = await db.query<{ id: number; body: string; meta: unknown }>(
      'insert into notes (body, meta) values ($1, $2) returning id, body, meta',
      ['second', JSON.stringify({ tags: ['a'] })],
    )
    expect(rows).toEqual([{ id: 2, body: 'second', meta: { tags: ['a'] } }])
    expect(await db.query('select body from notes order by id')).toEqual([
      { body: 'first' },
      { body: 'second' },
    ])
  })

  it('commits a transaction and returns its value', async () => {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        "insert into notes (body) values ('in tx') returning id",
      )
      await tx.exec("update notes set body = 'in tx, updated' where body = 'in tx'")
      return row!.id
    })
    expect(await db.query('select body from notes where id = $1', [id])).toEqual([
      { body: 'in tx, updated' },
    ])
  })

  it('rolls a transaction back when it throws', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into notes (body) values ('never')")
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await db.query("select id from notes where body = 'never'")).toEqual([])
  })

  it('rolls back a failing statement and stays usable', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into notes (body) values ('never')")
        await tx.query('insert into notes (body) values (null)')
      }),
    ).rejects.toThrow(/null/)
    expect(await db.query("select id from notes where body = 'never'")).toEqual([])
    await expect(db.ping()).resolves.toBeUndefined()
  })

  it('rejects ping once closed, and closes twice without error', async () => {
    const other = await openTestDb(kind)
    await other.ping()
    await other.close()
    await other.close()
    await expect(other.ping()).rejects.toThrow()
    await other.dispose()
  })
})

describe('openDatabase', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-db-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('creates DATA_DIR and keeps PGlite files there across restarts', async () => {
    const dataDir = path.join(dir, 'nested', 'data')
    const first = await openDatabase({ dataDir })
    expect(first.kind).toBe('pglite')
    await first.exec("create table kept (v text); insert into kept values ('still here')")
    await first.close()
    expect((await readdir(dataDir)).length).toBeGreaterThan(0)

    const second = await openDatabase({ dataDir })
    expect(await second.query('select v from kept')).toEqual([{ v: 'still here' }])
    await second.close()
  })

  it('uses Postgres when a DATABASE_URL is given', async () => {
    // No connection is made until the first query, so any address will do here.
    const db = await openDatabase({
      dataDir: 'memory://',
      databaseUrl: 'postgres://x@127.0.0.1:1/x',
    })
    expect(db.kind).toBe('postgres')
    await expect(db.ping()).rejects.toThrow()
    await db.close()
  })

  it('describes where the data lives without credentials', () => {
    expect(describeDatabase({ dataDir: '/srv/atlas' })).toBe('PGlite in /srv/atlas')
    expect(
      describeDatabase({
        dataDir: 'x',
        databaseUrl: 'postgres://atlas:s3cret@db.internal:5432/atlas',
      }),
    ).toBe('Postgres at db.internal:5432/atlas')
  })
})

describe.skipIf(!TEST_DATABASE_URL)('A health probe on Postgres', () => {
  // One connection, so that a probe that asks waits for the statement running. An answer is
  // recent for a minute here, so that a busy machine's pause between two lines cannot age it.
  const openOne = (onError?: (error: Error) => void) =>
    openPostgres(
      { connectionString: TEST_DATABASE_URL },
      { onError },
      { concurrency: 1, maxQueued: 8, maxWaitMs: 5000, recentAnswerMs: 60_000 },
    )

  /** Which settles first: the probe, or a statement that runs for half a second. */
  const probeBesideSleep = async (db: Db) => {
    const order: string[] = []
    const running = db.query('select pg_sleep(0.5)').then(() => order.push('call'))
    await db.ping()
    order.push('probe')
    await running
    return order
  }

  it('takes a recent answer for its own, not waiting for the statement running', async () => {
    const db = await openOne()
    try {
      await db.query('select 1')
      expect(await probeBesideSleep(db)).toEqual(['probe', 'call'])
    } finally {
      await db.close()
    }
  })

  it('asks the server again once a connection was lost', async () => {
    let lost: () => void = () => {}
    const connectionLost = new Promise<void>((resolve) => (lost = resolve))
    const db = await openOne(() => lost())
    const other = await openOne()
    try {
      const [row] = await db.query<{ pid: number }>('select pg_backend_pid() as pid')
      await other.query('select pg_terminate_backend($1)', [row!.pid])
      await connectionLost
      expect(await probeBesideSleep(db)).toEqual(['call', 'probe'])
    } finally {
      await Promise.all([db.close(), other.close()])
    }
  })
})
