import { rmSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { emptyPgliteDataDir } from '../testing/testDb'
import { openPglite, type Db } from './database'
import { overloadOf } from '../admission'
import { isDatabaseUnavailable } from './dbErrors'
import { openPgliteThread } from './pgliteThread'

const dirs: string[] = []
const dbs: Db[] = []
/** A data directory with an empty database in it, as initdb leaves one (not made per test). */
const tempDir = async () => {
  const dir = await emptyPgliteDataDir('atlas-thread-')
  dirs.push(dir)
  return dir
}
const track = (db: Db) => (dbs.push(db), db)

afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.close()))
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/**
 * The default limits, with how recent an answer a health probe takes for one of its own, and how
 * long a call may have run while the probe takes the thread for busy.
 */
const limitsFor = (recentAnswerMs: number, busyCallMs = 0) => ({
  callMs: 30_000,
  longCallMs: 600_000,
  recentAnswerMs,
  busyCallMs,
})

/** Resolves with which came first: the event loop turning, or the call settling. */
const firstOf = (call: Promise<unknown>) =>
  Promise.race([
    call.then(
      () => 'call',
      () => 'call',
    ),
    new Promise((resolve) => setTimeout(() => resolve('event loop'), 10)),
  ])

describe('PGlite on a thread of its own', () => {
  it('answers queries, and commits or rolls back transactions', async () => {
    const db = track(await openPgliteThread(await tempDir()))
    await db.exec('create table t (n int primary key, doc jsonb)')
    await db.transaction(async (tx) => {
      await tx.query('insert into t values ($1, $2)', [1, { a: [1, 2] }])
    })
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values (2, null)')
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await db.query('select n, doc from t order by n')).toEqual([
      { n: 1, doc: { a: [1, 2] } },
    ])
    // Postgres's own errors keep their SQL state.
    await expect(db.query('insert into t values (1, null)')).rejects.toMatchObject({
      code: '23505',
    })
  })

  it('keeps a buffer cache of 32 MB, which its WebAssembly memory never gives back', async () => {
    const db = track(await openPgliteThread(await tempDir()))
    expect(await db.query('show shared_buffers')).toEqual([{ shared_buffers: '32MB' }])
    // Postgres's own start parameters stay (PGlite's single-user mode, no parallel workers).
    expect(await db.query('show max_parallel_workers')).toEqual([{ max_parallel_workers: '0' }])
  })

  it('answers in full past the growth after which its thread collects, and goes on answering', async () => {
    const db = track(await openPgliteThread(await tempDir()))
    // Its heap grows past COLLECT_PAST_BYTES (pgliteWorker.ts) with either: many rows, or one
    // long text (a page of the catalogue). The thread collects once idle for 100 ms.
    const rows = () =>
      db.query<{ n: number }>(`select n, repeat('x', 100) as x from generate_series(1, 200001) n`)
    const text = () =>
      db.query<{ text: string }>(`select string_agg(n::text, ',') as text
        from generate_series(1, 2000000) n`)
    const first = await rows()
    expect(first).toHaveLength(200001)
    expect(first.at(-1)).toEqual({ n: 200001, x: 'x'.repeat(100) })
    const [{ text: long }] = (await text()) as [{ text: string }]
    expect(long.length).toBeGreaterThan(14_000_000)
    expect(long.endsWith(',1999999,2000000')).toBe(true)
    // Asked while it collects, or after: answered the same.
    expect(await Promise.all([db.query('select 1 as one'), rows()])).toEqual([[{ one: 1 }], first])
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(await Promise.all([db.query('select 1 as one'), text()])).toEqual([
      [{ one: 1 }],
      [{ text: long }],
    ])
  })

  it('copies text-format rows into a table within a transaction', async () => {
    const db = track(await openPgliteThread(await tempDir()))
    await db.exec('create table t (n int primary key, doc json, note text)')
    await db.transaction(async (tx) => {
      await tx.copyFrom!(`copy t from '/dev/blob'`, '1\t{"a":[1,2]}\ttab\\there\n2\t\\N\t\\N\n')
    })
    await expect(
      db.transaction(async (tx) => {
        await tx.copyFrom!(`copy t from '/dev/blob'`, '3\tnot json\t\\N\n')
      }),
    ).rejects.toMatchObject({ code: '22P02' })
    expect(await db.query('select n, doc, note from t order by n')).toEqual([
      { n: 1, doc: { a: [1, 2] }, note: 'tab\there' },
      { n: 2, doc: null, note: null },
    ])
  })

  it('stops the thread of a call past its time limit, while the event loop keeps turning', async () => {
    const db = track(await openPgliteThread(await tempDir(), { callMs: 2000, longCallMs: 60_000 }))
    const stuck = db.query('select pg_sleep(600)')
    expect(await firstOf(stuck)).toBe('event loop')
    const error = await stuck.then(
      () => undefined,
      (failure: unknown) => failure,
    )
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toMatch(/took longer than 2 s, so its thread was stopped/)
    expect(isDatabaseUnavailable(error)).toBe(true)
    await expect(db.ping()).rejects.toThrow(/unavailable/)
  })

  it('reopens an on-disk database after a stopped call, with its data', async () => {
    const db = track(
      await openPglite(await tempDir(), { limits: { callMs: 2000, longCallMs: 60_000 } }),
    )
    await db.exec('create table kept (n int)')
    await db.query('insert into kept values (42)')
    await expect(db.query('select pg_sleep(600)')).rejects.toThrow(/unavailable/)
    // Back once the recovery loop has opened the files on a fresh thread.
    for (;;) {
      const rows = await db.query<{ n: number }>('select n from kept').catch(() => undefined)
      if (rows) {
        expect(rows).toEqual([{ n: 42 }])
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })

  it('counts only the running time of a call against its limit, never its wait behind a crowd', async () => {
    // Each call runs 0.3 s, far within its 2 s limit; twelve queued at once take 3.6 s in all, so
    // a clock started when a call is sent, not when it runs, would stop the thread mid-queue. The
    // queue's own wait limit is out of the way: on a busy machine the last of them waits past 5 s,
    // and shedding it is another test's subject.
    const db = track(
      await openPgliteThread(await tempDir(), {
        callMs: 2000,
        longCallMs: 60_000,
        queue: { maxQueued: 128, maxWaitMs: 600_000 },
      }),
    )
    await db.exec('create table kept (n int)')
    const crowd = Array.from({ length: 12 }, (_, n) =>
      db.query('select pg_sleep(0.3), $1::int as n', [n]),
    )
    const written = db.transaction(async (tx) => {
      await tx.query('insert into kept values (7)')
    })
    const answers = await Promise.allSettled([...crowd, written])
    expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([])
    expect(await db.query('select n from kept')).toEqual([{ n: 7 }])
    await expect(db.ping()).resolves.toBeUndefined()
  })

  it('sheds calls past its queue at once with "busy", and keeps its thread and the health probe', async () => {
    const db = track(
      await openPgliteThread(await tempDir(), {
        callMs: 30_000,
        longCallMs: 60_000,
        queue: { maxQueued: 3, maxWaitMs: 60_000 },
      }),
    )
    const crowd = Array.from({ length: 8 }, () => db.query('select pg_sleep(0.4)'))
    // One runs, three wait, four are shed.
    const settled = await Promise.allSettled(crowd.slice(4))
    for (const answer of settled) {
      expect(answer.status).toBe('rejected')
      const overload = overloadOf((answer as PromiseRejectedResult).reason)
      expect(overload?.message).toMatch(/busy \(the database: 3 requests already waiting\)/)
      expect(overload?.retryAfterS).toBeGreaterThan(0)
      expect(isDatabaseUnavailable((answer as PromiseRejectedResult).reason)).toBe(false)
    }
    // The probe goes before the three waiting: it is answered while they still wait.
    const probe = db.ping().then(() => db.admission!().queued)
    expect(await probe).toBeGreaterThan(0)
    await expect(Promise.all(crowd.slice(0, 4))).resolves.toHaveLength(4)
    expect(db.admission!()).toMatchObject({ running: 0, queued: 0, shed: 4 })
  })

  it.each([
    [
      'takes a recent answer for its own, not waiting for the call running',
      60_000,
      0,
      ['probe', 'call'],
    ],
    [
      'takes a thread on a call sent lately for busy, not waiting for that call',
      0,
      60_000,
      ['probe', 'call'],
    ],
    ['asks a thread that has not answered lately, after the call running', 0, 0, ['call', 'probe']],
  ])('a health probe %s', async (_, recentAnswerMs, busyCallMs, expected) => {
    const db = track(await openPgliteThread(await tempDir(), limitsFor(recentAnswerMs, busyCallMs)))
    await db.query('select 1')
    const order: string[] = []
    const running = db.query('select pg_sleep(0.5)').then(() => order.push('call'))
    await db.ping()
    order.push('probe')
    await running
    expect(order).toEqual(expected)
  })

  it('sheds a call that waited past its deadline, without stopping the call running', async () => {
    const db = track(
      await openPgliteThread(await tempDir(), {
        callMs: 30_000,
        longCallMs: 60_000,
        queue: { maxQueued: 10, maxWaitMs: 300 },
      }),
    )
    const running = db.query<{ done: number }>('select 1 as done from pg_sleep(1.2)')
    const late = db.query('select 2')
    await expect(late).rejects.toThrow(/busy \(the database: no turn within 0.3 s\)/)
    await expect(running).resolves.toEqual([{ done: 1 }])
    await expect(db.query('select 3 as n')).resolves.toEqual([{ n: 3 }])
  })
})
