import { constants as fsConstants, mkdirSync } from 'node:fs'
import { access } from 'node:fs/promises'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type pg from 'pg'
import type { Config } from '../config'
import { withDataDirLock, type LockRole } from './dataDirLock'
import { createGate, type GateLimits, type GateStats } from '../admission'
import { openPgliteThread, RECENT_ANSWER_MS, type PgliteThreadLimits } from './pgliteThread'
import { isDatabaseUnavailable } from './dbErrors'
import { loadDataDirOf, templateFor } from './pgliteTemplate'

/** What both a transaction and the database itself can do. */
export type Queryable = {
  /** One statement with $1, $2, ... parameters; resolves to its rows. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
  /** Several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>
  /**
   * PGlite's transactions only: `COPY … FROM '/dev/blob'` with `data` (COPY's text format) as
   * the file. A seed load uses it where it can: Postgres in WebAssembly reads COPY's lines for
   * about a third less CPU than the same rows as one JSON parameter.
   */
  copyFrom?(sql: string, data: string): Promise<void>
}

export type Db = Queryable & {
  kind: 'pglite' | 'postgres'
  /** Runs fn inside BEGIN/COMMIT; rolls back and rethrows when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** Rejects when the database cannot answer. */
  ping(): Promise<void>
  /** Safe to call more than once. */
  close(): Promise<void>
  /** Calls running and waiting for a turn, and how many were shed (admission.ts). */
  admission?(): GateStats
}

export type OpenOptions = {
  /** Errors of idle pooled connections (Postgres restarting); without a listener they crash Node. */
  onError?: (error: Error) => void
  /** Who holds the embedded database's files while open (dataDirLock.ts); 'server' by default. */
  lockAs?: LockRole
  /** An on-disk PGlite went down (with why) or came back after reopening, for the logs. */
  onAvailability?: (available: boolean, reason?: Error) => void
  /** Time limits on an on-disk PGlite's calls (tests shorten them). */
  limits?: PgliteThreadLimits
}

export const MEMORY_DATA_DIR = 'memory://'

/**
 * The extensions every PGlite opens with: pg_trgm for the search's typo candidates (migration
 * 014), as Postgres has it. The on-disk PGlite's thread opens with the same (pgliteWorker.ts).
 */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } }

/** A logger as pino's, for what a database reports while open. */
type DbLog = {
  error: (fields: object, message: string) => void
  info: (message: string) => void
  warn: (fields: object, message: string) => void
}

/** What the database reports while open, to the logger `log()` gives then (none yet: not logged). */
export const databaseEvents = (
  log: () => DbLog | undefined,
): Pick<OpenOptions, 'onError' | 'onAvailability'> => ({
  onError: (error) => log()?.error({ err: error }, 'Idle database connection failed'),
  onAvailability: (available, reason) =>
    available
      ? log()?.info('The embedded database is back: reopened')
      : log()?.warn({ err: reason }, 'The embedded database is unavailable; reopening'),
})

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
    : openPglite(config.dataDir, options)

/**
 * `memory://` (the default) gives a throwaway database, handy in tests. On disk, the Db survives
 * its files becoming unreadable: it answers "unavailable" meanwhile and reopens PGlite by itself
 * once they are back (see reopeningPglite).
 */
export const openPglite = async (
  dataDir: string = MEMORY_DATA_DIR,
  {
    lockAs = 'server',
    onAvailability,
    limits,
  }: Pick<OpenOptions, 'lockAs' | 'onAvailability' | 'limits'> = {},
): Promise<Db> => {
  if (dataDir.startsWith('memory://')) {
    // Loaded when asked for: an on-disk database runs PGlite on its own thread, never here.
    const { PGlite } = await import('@electric-sql/pglite')
    return wrapPglite(
      await PGlite.create(dataDir, { ...PGLITE_OPTIONS, ...loadDataDirOf(templateFor(dataDir)) }),
    )
  }
  // Synchronous, like taking the lock below, so the database's thread is started before this
  // call returns: an awaited step here would wait for server/index.ts to finish loading the
  // server's code (evaluating modules does not let I/O callbacks run), and the opening that was
  // meant to overlap that loading would only begin after it.
  mkdirSync(dataDir, { recursive: true })
  // One process at a time: the lock is held from before the first open until close.
  // The one place an on-disk PGlite is opened, at start and on every reopen. It runs on a thread
  // of its own with a time limit on each call, so no query can freeze the server.
  const open = () => openPgliteThread(dataDir, limits)
  return withDataDirLock(dataDir, lockAs, async () =>
    reopeningPglite(dataDir, await open(), open, onAvailability),
  )
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
          copyFrom: async (sql, data) => {
            await tx.query(sql, [], { blob: new Blob([data]) })
          },
        }),
      ),
    ping: async () => {
      await pglite.query('select 1')
    },
    close: () => (closing ??= pglite.close()),
  }
}

/** First and longest pause between attempts to reopen PGlite while its files are unreadable. */
const REOPEN_FIRST_DELAY_MS = 200
const REOPEN_MAX_DELAY_MS = 5000
/** How long a reopen waits for the queries still running on the old instance. */
const IN_FLIGHT_GRACE_MS = 5000

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Rejects unless PGlite's files are there and this process may read and write them. Every health
 * probe runs it: each file call is a trip through the thread pool that the event loop takes up on
 * its next turn, and under a crowd a turn takes a good part of a second, so the two checks are
 * one call each, side by side, rather than a chain (a file read alone is four).
 */
const checkPgliteFiles = async (dataDir: string) => {
  await Promise.all([
    access(dataDir, fsConstants.R_OK | fsConstants.W_OK | fsConstants.X_OK),
    // Without PG_VERSION the folder is no database: opening it would create a new, empty one.
    access(path.join(dataDir, 'PG_VERSION'), fsConstants.R_OK),
  ])
}

/** Waits for the promises to settle, or for ms, whichever comes first. */
const settle = async (promises: Iterable<Promise<unknown>>, ms: number) => {
  let timer: NodeJS.Timeout | undefined
  await Promise.race([
    Promise.allSettled(promises),
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ])
  clearTimeout(timer)
}

/**
 * An on-disk PGlite that goes down instead of failing for good when its files become unreadable
 * (moved away, permissions removed) or the instance is closed under it. A query failing that way
 * triggers a check (files readable, `select 1`); when it fails, queries and pings fail at once
 * with "The database is unavailable" (503 at the routes) while one recovery loop, with backoff,
 * waits for the files, lets the queries still running end, closes the old instance and opens a
 * new one through openFiles: never two at once, and whatever guards that open guards this. A call
 * past its time limit stops the instance's thread and is handled the same way.
 */
const reopeningPglite = (
  dataDir: string,
  first: Db,
  openFiles: () => Promise<Db>,
  onAvailability: OpenOptions['onAvailability'] = () => {},
): Db => {
  let current: Db | undefined = first
  /** Why the database is down; undefined while it is up. */
  let outage: Error | undefined
  let recovering: Promise<void> | undefined
  let checking: Promise<void> | undefined
  let stopped = false
  let closing: Promise<void> | undefined
  let wake = () => {}
  const inFlight = new Set<Promise<unknown>>()

  const unavailable = (reason: unknown) =>
    new Error(`The database is unavailable (PGlite in ${dataDir}): ${reasonOf(reason)}`, {
      cause: reason,
    })

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms).unref()
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })

  const recover = async () => {
    let delay = REOPEN_FIRST_DELAY_MS
    while (!stopped) {
      await pause(delay)
      if (stopped) return
      try {
        await checkPgliteFiles(dataDir)
        // Start afresh, as after a restart, rather than trust what the old instance holds.
        const old = current
        current = undefined
        await settle(inFlight, IN_FLIGHT_GRACE_MS)
        // It may have died already; it is dropped either way.
        await old?.close().catch(() => {})
        current = await openFiles()
        outage = undefined
        onAvailability(true)
        return
      } catch (error) {
        outage = unavailable(error)
        delay = Math.min(delay * 2, REOPEN_MAX_DELAY_MS)
      }
    }
  }

  const goDown = (reason: unknown) => {
    if (stopped) return
    if (!outage) {
      outage = unavailable(reason)
      onAvailability(false, outage)
    }
    recovering ??= recover().finally(() => (recovering = undefined))
  }

  /** Goes down unless the files are readable and the instance answers. */
  const check = () =>
    (checking ??= (async () => {
      try {
        await checkPgliteFiles(dataDir)
        if (!current) throw new Error('PGlite is being reopened')
        await current.ping()
      } catch (error) {
        goDown(error)
        throw outage ?? unavailable(error)
      } finally {
        checking = undefined
      }
    })())

  const run = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
    if (stopped) throw new Error('PGlite is closed')
    if (outage || !current) throw outage ?? unavailable('PGlite is being reopened')
    const task = fn(current)
    inFlight.add(task)
    try {
      return await task
    } catch (error) {
      if (isDatabaseUnavailable(error) || error instanceof WebAssembly.RuntimeError) {
        check().catch(() => {})
      }
      throw error
    } finally {
      inFlight.delete(task)
    }
  }

  return {
    kind: 'pglite',
    query: <T>(text: string, params?: unknown[]) => run((db) => db.query<T>(text, params)),
    exec: (sql) => run((db) => db.exec(sql)),
    transaction: (fn) => run((db) => db.transaction(fn)),
    ping: async () => {
      if (stopped) throw new Error('PGlite is closed')
      if (outage) throw outage
      await check()
    },
    admission: () => current?.admission?.() ?? { running: 0, queued: 0, shed: 0 },
    close: () =>
      (closing ??= (async () => {
        stopped = true
        wake()
        await recovering
        await current?.close()
      })()),
  }
}

/**
 * A Postgres server's connections: node-postgres's pool of 10 by default. Calls past them wait in
 * the gate, at most 256 and for at most 5 s, rather than in the pool's unbounded queue: a crowd
 * past that is told "busy" at once (503). A larger server and pool can take more: raise
 * `max` (connections) together with the gate's concurrency.
 */
export type PostgresLimits = GateLimits & {
  /** How recent an answer tells a health probe that the server answers (RECENT_ANSWER_MS). */
  recentAnswerMs?: number
}

export const DEFAULT_POSTGRES_LIMITS: PostgresLimits = {
  concurrency: 10,
  maxQueued: 256,
  maxWaitMs: 5_000,
}

export const openPostgres = async (
  poolConfig: pg.PoolConfig,
  { onError }: OpenOptions = {},
  limits: PostgresLimits = DEFAULT_POSTGRES_LIMITS,
): Promise<Db> => {
  // Loaded when asked for: a server on the embedded database, the default, never needs it.
  const { default: pg } = await import('pg')
  const pool = new pg.Pool({
    connectionTimeoutMillis: 5000,
    max: limits.concurrency,
    ...poolConfig,
  })
  /** When the server last answered a statement, an error included (performance.now()). */
  let answeredAt = -Infinity
  pool.on('error', (error) => {
    // An idle connection lost: the next probe asks rather than trusts an earlier answer.
    answeredAt = -Infinity
    onError?.(error)
  })
  let closing: Promise<void> | undefined
  const gate = createGate({ name: 'the database', ...limits })

  const answered = <T>(result: Promise<T>) =>
    result.then(
      (value) => ((answeredAt = performance.now()), value),
      (error: unknown) => {
        // An error the server sent is an answer too; any other (a connection lost or refused)
        // says the server may be gone, and the next probe asks.
        answeredAt = error instanceof pg.DatabaseError ? performance.now() : -Infinity
        throw error
      },
    )
  const queryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async (text, params) => (await answered(client.query(text, params))).rows,
    exec: async (sql) => {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await answered(client.query(sql))
    },
  })
  const pooled = queryable(pool)

  return {
    kind: 'postgres',
    query: (text, params) => gate.run(() => pooled.query(text, params)),
    exec: (sql) => gate.run(() => pooled.exec(sql)),
    transaction: (fn) =>
      gate.run(async () => {
        const client = await pool.connect()
        let broken: Error | undefined
        // A connection lost while the transaction's own code runs between statements: the pool
        // listens only to idle clients, and an error with no listener ends the process. The next
        // statement fails with it, and the client is dropped.
        const lost = (error: Error) => {
          broken = error
          answeredAt = -Infinity
        }
        client.on('error', lost)
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
          client.off('error', lost)
          client.release(broken)
        }
      }),
    // A health probe asks whether the server answers. Under a crowd it answers a statement every
    // few milliseconds, and that says so: asking again costs the probe a connection and the trips
    // through the event loop that a busy one makes long. A server silent for longer is asked,
    // before the crowd waiting for a connection.
    ping: () => {
      if (closing) return Promise.reject(new Error('The database is unavailable: it is closing'))
      if (performance.now() - answeredAt < (limits.recentAnswerMs ?? RECENT_ANSWER_MS)) {
        return Promise.resolve()
      }
      return gate.run(
        async () => {
          await answered(pool.query('select 1'))
        },
        { priority: true },
      )
    },
    admission: () => gate.stats(),
    close: () => (closing ??= pool.end()),
  }
}

/**
 * After a bulk load into `tables`: statistics for the planner, and the visibility map and hint
 * bits set once rather than by the first reads. Embedded Postgres has no autovacuum, so without
 * this its tables were never analysed or vacuumed: at 100,000 APIs the planner took `entry = id`
 * for a few hundred rows, and the restart's check for unsearched entries fetched all 101,129 rows
 * from the heap behind an index-only scan, 1.8 s of a restart. On Postgres,
 * autovacuum would come to it later; the docs advise ANALYZE after a bulk load anyway. Not in a
 * transaction: VACUUM cannot run in one.
 */
export const settleAfterLoad = async (db: Db, tables: readonly string[]) => {
  await db.query(`vacuum (analyze) ${tables.join(', ')}`)
}
