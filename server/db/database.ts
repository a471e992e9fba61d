import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Config } from '../config'

/** What both a transaction and the database itself can do. */
export type Queryable = {
  /** One statement with $1, $2, ... parameters; resolves to its rows. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
  /** Several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>
}

export type Db = Queryable & {
  kind: 'pglite' | 'postgres'
  /** Runs fn inside BEGIN/COMMIT; rolls back and rethrows when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** Rejects when the database cannot answer. */
  ping(): Promise<void>
  /** Safe to call more than once. */
  close(): Promise<void>
}

export type OpenOptions = {
  /** Errors of idle pooled connections (Postgres restarting); without a listener they crash Node. */
  onError?: (error: Error) => void
}

export const MEMORY_DATA_DIR = 'memory://'

/** For logs and errors: where the data lives, without credentials. */
export const describeDatabase = (config: Pick<Config, 'dataDir' | 'databaseUrl'>) => {
  if (!config.databaseUrl) return `PGlite in ${config.dataDir}`
  const url = new URL(config.databaseUrl)
  return `Postgres at ${url.host}${url.pathname}`
}

/** PGlite under config.dataDir by default, or the Postgres server at config.databaseUrl. */
export const openDatabase = (
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  options: OpenOptions = {},
): Promise<Db> =>
  config.databaseUrl
    ? openPostgres({ connectionString: config.databaseUrl }, options)
    : openPglite(config.dataDir)

/** `memory://` (the default) gives a throwaway database, handy in tests. */
export const openPglite = async (dataDir: string = MEMORY_DATA_DIR): Promise<Db> => {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true })
  return wrapPglite(await PGlite.create(dataDir))
}

/** The Db face of an open PGlite; closing the Db closes it. */
export const wrapPglite = (pglite: PGlite): Db => {
  let closing: Promise<void> | undefined

  return {
    kind: 'pglite',
    query: async (text, params) => (await pglite.query<never>(text, params)).rows,
    exec: async (sql) => {
      await pglite.exec(sql)
    },
    transaction: (fn) =>
      pglite.transaction((tx) =>
        fn({
          query: async (text, params) => (await tx.query<never>(text, params)).rows,
          exec: async (sql) => {
            await tx.exec(sql)
          },
        }),
      ),
    ping: async () => {
      await pglite.query('select 1')
    },
    close: () => (closing ??= pglite.close()),
  }
}

export const openPostgres = async (
  poolConfig: pg.PoolConfig,
  { onError }: OpenOptions = {},
): Promise<Db> => {
  const pool = new pg.Pool({ connectionTimeoutMillis: 5000, ...poolConfig })
  pool.on('error', (error) => onError?.(error))
  let closing: Promise<void> | undefined

  const queryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async (text, params) => (await client.query(text, params)).rows,
    exec: async (sql) => {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await client.query(sql)
    },
  })

  return {
    kind: 'postgres',
    ...queryable(pool),
    transaction: async (fn) => {
      const client = await pool.connect()
      let broken: Error | undefined
      try {
        await client.query('begin')
        const result = await fn(queryable(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          // The connection is unusable; drop it rather than return it to the pool.
          broken = rollbackError
        })
        throw error
      } finally {
        client.release(broken)
      }
    },
    ping: async () => {
      await pool.query('select 1')
    },
    close: () => (closing ??= pool.end()),
  }
}
