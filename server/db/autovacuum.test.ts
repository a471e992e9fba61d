// Autovacuum's work for the embedded database: which tables its default thresholds pick, and a
// turn on a real PGlite whose table has churned.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp } from '../testing/testApp'
import { openTestDb, type TestDb } from '../testing/testDb'
import { createAutovacuum, upkeepDue, type TableCounts } from './autovacuum'

const counts = (over: Partial<TableCounts>): TableCounts => ({
  table: 'public.t',
  live: 1000,
  dead: 0,
  modifiedSinceAnalyze: 0,
  insertedSinceVacuum: 0,
  ...over,
})

describe('upkeepDue', () => {
  it('leaves a table alone within every threshold', () => {
    expect(
      upkeepDue([counts({ dead: 250, modifiedSinceAnalyze: 150, insertedSinceVacuum: 1200 })]),
    ).toEqual([])
  })

  it('vacuums past 50 dead rows and a fifth of the live ones', () => {
    expect(upkeepDue([counts({ dead: 251, modifiedSinceAnalyze: 251 })])).toEqual([
      { table: 'public.t', vacuum: true, deadRows: 251 },
    ])
  })

  it('vacuums a table only inserted into, past 1,000 rows and a fifth of the live ones', () => {
    expect(upkeepDue([counts({ insertedSinceVacuum: 1201 })])).toEqual([
      { table: 'public.t', vacuum: true, deadRows: 0 },
    ])
  })

  it('only analyses past 50 changed rows and a tenth of the live ones', () => {
    expect(upkeepDue([counts({ modifiedSinceAnalyze: 151 })])).toEqual([
      { table: 'public.t', vacuum: false, deadRows: 0 },
    ])
  })
})

describe('createAutovacuum on PGlite', () => {
  let db: TestDb
  beforeEach(async () => {
    db = await openTestDb('pglite')
    await db.exec(`
      create table churn (id int primary key, hits int not null);
      insert into churn select n, 0 from generate_series(1, 1000) n;
      create table quiet (id int primary key);
      insert into quiet select n from generate_series(1, 10) n;
    `)
    // As a seed load leaves its tables (settleAfterLoad); then a day of changes.
    await db.query('vacuum (analyze) churn, quiet')
    await db.query('update churn set hits = hits + 1')
    await db.query('update churn set hits = hits + 1')
  })
  afterEach(() => db.dispose())

  const stats = async (table: string) =>
    (
      await db.query<{ dead: number; vacuumed: boolean }>(
        `select n_dead_tup::float8 as dead, last_vacuum is not null as vacuumed
           from pg_stat_user_tables where relname = $1`,
        [table],
      )
    )[0]

  it('vacuums the table whose rows churned, and only it', async () => {
    const autovacuum = createAutovacuum({ db })
    const due = await autovacuum.runOnce()
    expect(due).toEqual([{ table: 'public.churn', vacuum: true, deadRows: 2000 }])
    expect(await stats('churn')).toEqual({ dead: 0, vacuumed: true })
    // Nothing churned since: the next turn has nothing to do.
    expect(await autovacuum.runOnce()).toEqual([])
  })
})

describe('the server on PGlite', () => {
  it('vacuums a churned table on its own timer once it listens', async () => {
    const db = await openTestDb('pglite')
    const app = buildTestApp({ db, options: { autovacuumEveryMs: 50 } })
    try {
      await app.ready()
      await db.exec(`
        create schema "Odd Name";
        create table "Odd Name".churn (id int primary key, hits int not null);
        insert into "Odd Name".churn select n, 0 from generate_series(1, 100) n;
      `)
      await db.query('update "Odd Name".churn set hits = hits + 1')
      await app.listen({ port: 0, host: '127.0.0.1' })
      await expect
        .poll(
          async () =>
            (
              await db.query<{ vacuumed: boolean }>(
                `select last_vacuum is not null as vacuumed from pg_stat_user_tables
                  where schemaname = 'Odd Name' and relname = 'churn'`,
              )
            )[0]?.vacuumed,
          { timeout: 60_000 },
        )
        .toBe(true)
    } finally {
      await app.close()
      await db.dispose()
    }
  })
})
