// Databases and configs for server tests: PGlite always, a real Postgres when DATABASE_URL is set.
import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { describe, inject } from 'vitest'
import { loadConfig, type Config, type Env } from '../config'
import { openPostgres, PGLITE_OPTIONS, wrapPglite, type Db } from '../db/database'

/** The Postgres server of the Postgres-mode tests; unset means they are skipped. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL || undefined

export type TestDbKind = Db['kind']

export type TestDb = Db & {
  /** The schema this database lives in on Postgres (its search_path). */
  schema?: string
  /** Closes the database and, on Postgres, drops its schema. */
  dispose: () => Promise<void>
}

const withAdmin = async (url: string, fn: (client: pg.Client) => Promise<unknown>) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await fn(client)
  } finally {
    await client.end()
  }
}

/**
 * A fresh schema `t_<random>` on the Postgres server, reached through a pool whose search_path
 * is that schema alone, so unqualified tables (and schema_migrations) land in it.
 */
export const openPostgresTestDb = async (url = TEST_DATABASE_URL): Promise<TestDb> => {
  if (!url) throw new Error('Set DATABASE_URL to run the Postgres-mode tests')
  const schema = `t_${randomBytes(6).toString('hex')}`
  await withAdmin(url, (client) => client.query(`create schema ${schema}`))
  const db = await openPostgres({ connectionString: url, options: `-c search_path=${schema}` })
  let disposing: Promise<void> | undefined
  return {
    ...db,
    schema,
    dispose: () =>
      (disposing ??= (async () => {
        await db.close()
        await withAdmin(url, async (client) => {
          // The schema's foreign keys point into auth, which every test schema shares. Dropping
          // them locks those auth tables after the schema's own, while an account's delete locks
          // them in the other order (auth.users, then each schema's rows): Postgres saw a
          // deadlock. Taking auth's tables first keeps one order.
          await client.query('begin')
          try {
            const { rows } = await client.query<{ name: string }>(
              `select c.oid::regclass::text as name from pg_class c
               join pg_namespace n on n.oid = c.relnamespace
               where n.nspname = 'auth' and c.relkind in ('r', 'p') order by 1`,
            )
            if (rows.length > 0) {
              const tables = rows.map((row) => row.name).join(', ')
              await client.query(`lock table ${tables} in access exclusive mode`)
            }
            await client.query(`drop schema if exists ${schema} cascade`)
            await client.query('commit')
          } catch (error) {
            await client.query('rollback')
            throw error
          }
        })
      })()),
  }
}

// initdb takes seconds in WASM; loading a dump of an empty database takes a fraction of that.
let emptyPglite: Promise<Blob> | undefined

const dumpEmptyPglite = async () => {
  const seed = await PGlite.create('memory://', PGLITE_OPTIONS)
  const dump = await seed.dumpDataDir('none')
  await seed.close()
  return dump
}

/** The run's dump (pgliteTemplate.ts) when the server project made one, else this worker's own. */
const emptyPgliteDump = async () => {
  const file = inject('emptyPgliteDump')
  return file ? new Blob([await readFile(file)]) : dumpEmptyPglite()
}

/** A fresh, empty in-memory PGlite. */
export const openPgliteTestDb = async (): Promise<TestDb> => {
  emptyPglite ??= emptyPgliteDump()
  const db = wrapPglite(await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await emptyPglite }))
  return { ...db, dispose: db.close }
}

/**
 * Puts an empty PGlite database into `dir`, copied from the run's (pgliteTemplate.ts), as initdb
 * would leave it: a server or thread opening it skips initdb, which costs seconds of CPU. Resolves
 * to false, leaving `dir` as it is, where the run made none (a file run outside the server
 * project): the first open then makes the database.
 */
export const copyEmptyPglite = async (dir: string) => {
  const template = inject('emptyPgliteDataDir')
  if (!template) return false
  await cp(template, dir, { recursive: true })
  return true
}

/** A new temporary data directory holding an empty PGlite database (copyEmptyPglite). */
export const emptyPgliteDataDir = async (prefix = 'atlas-data-') => {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  await copyEmptyPglite(dir)
  return dir
}

/** A fresh, empty database of the given kind. Call dispose() when done. */
export const openTestDb = (kind: TestDbKind = 'pglite'): Promise<TestDb> =>
  kind === 'postgres' ? openPostgresTestDb() : openPgliteTestDb()

/** A second pool on the same schema, as a second server instance would have. */
export const openSecondConnection = async (testDb: TestDb): Promise<Db> => {
  if (testDb.kind !== 'postgres' || !TEST_DATABASE_URL || !testDb.schema) {
    throw new Error('A second connection needs a Postgres test database')
  }
  return openPostgres({
    connectionString: TEST_DATABASE_URL,
    options: `-c search_path=${testDb.schema}`,
  })
}

/**
 * Declares the suite once per database kind: PGlite always, Postgres only when DATABASE_URL is
 * set (otherwise reported as skipped).
 */
export const describeEachDb = (name: string, suite: (kind: TestDbKind) => void) => {
  describe(`${name} [pglite]`, () => suite('pglite'))
  describe.skipIf(!TEST_DATABASE_URL)(`${name} [postgres]`, () => suite('postgres'))
}

/**
 * A config as loadConfig builds it from env alone (not process.env), quiet and in memory, with
 * the health checker off unless the env turns it on (a test must not reach the internet), and
 * the operations seed unloaded unless the env asks for it (125,207 operations take minutes to
 * load into a fresh database on a busy machine).
 */
export const testConfig = (env: Env = {}, overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    HEALTH_CHECKS: 'off',
    OPERATIONS_SEED: 'off',
    ...env,
  }),
  ...overrides,
})
