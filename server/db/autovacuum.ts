// PGlite runs Postgres as a single process, so no autovacuum worker ever runs on it. The rows that
// change while the site runs (a health result per check, sessions, refresh tokens, analytics
// visits, posts) would keep every dead version, and the planner the statistics of the day the
// tables were loaded, for as long as the server lives. This does what autovacuum would, with its
// default thresholds, on a timer of its own; Postgres has the real one, so only PGlite uses it.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from './database'

/** Postgres's defaults (autovacuum_*_threshold and *_scale_factor): rows, and a share of the live. */
const THRESHOLDS = {
  vacuum: { rows: 50, share: 0.2 },
  /** Rows only ever inserted: a vacuum sets their visibility bits for index-only scans. */
  insert: { rows: 1000, share: 0.2 },
  analyze: { rows: 50, share: 0.1 },
} as const

/** How often the tables' counts are looked at: a read of the statistics views, nothing more. */
const LOOK_EVERY_MS = 5 * 60_000

export type TableCounts = {
  /** Schema-qualified and quoted, ready for a statement. */
  table: string
  live: number
  dead: number
  modifiedSinceAnalyze: number
  insertedSinceVacuum: number
}

export type Upkeep = { table: string; vacuum: boolean; deadRows: number }

const over = ({ rows, share }: { rows: number; share: number }, count: number, live: number) =>
  count > rows + share * live

/** The tables autovacuum would vacuum (and analyse) or only analyse now, by their counts. */
export const upkeepDue = (tables: TableCounts[]): Upkeep[] =>
  tables.flatMap((counts) => {
    const vacuum =
      over(THRESHOLDS.vacuum, counts.dead, counts.live) ||
      over(THRESHOLDS.insert, counts.insertedSinceVacuum, counts.live)
    const analyze = over(THRESHOLDS.analyze, counts.modifiedSinceAnalyze, counts.live)
    return vacuum || analyze ? [{ table: counts.table, vacuum, deadRows: counts.dead }] : []
  })

export type Autovacuum = {
  start(): void
  /** Stops the timer; resolves once a turn in progress has ended. */
  stop(): Promise<void>
  /** One turn now: the tables that were due, each vacuumed and analysed, or analysed. */
  runOnce(): Promise<Upkeep[]>
}

export type AutovacuumOptions = {
  /** Read at each use, so a getter may stand for a database not open yet. */
  db: Db
  everyMs?: number
  log?: FastifyBaseLogger
}

export function createAutovacuum(options: AutovacuumOptions): Autovacuum {
  const { everyMs = LOOK_EVERY_MS, log } = options
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  let stopped = false

  const runOnce = async () => {
    const { db } = options
    // A single process reports its counts lazily; this has them written before they are read.
    await db.query('select pg_stat_force_next_flush()')
    const counts = await db.query<TableCounts>(
      `select quote_ident(schemaname) || '.' || quote_ident(relname) as "table",
              n_live_tup::float8 as live, n_dead_tup::float8 as dead,
              n_mod_since_analyze::float8 as "modifiedSinceAnalyze",
              n_ins_since_vacuum::float8 as "insertedSinceVacuum"
         from pg_stat_user_tables
        order by n_dead_tup desc`,
    )
    const due = upkeepDue(counts)
    for (const { table, vacuum, deadRows } of due) {
      if (stopped) break
      // One table at a time: every query waits while the embedded database vacuums. As one
      // statement through exec(), whose time limit is a seed's, not a request's (pgliteThread.ts).
      await db.exec(vacuum ? `vacuum (analyze) ${table}` : `analyze ${table}`)
      log?.info({ table, deadRows }, vacuum ? 'Vacuumed and analysed' : 'Analysed')
    }
    return due
  }

  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      const run = runOnce().catch((error: unknown) => {
        if (!stopped) log?.warn({ err: error }, 'Vacuuming the embedded database failed')
      })
      running = run
      void run.finally(() => {
        running = undefined
        schedule()
      })
    }, everyMs)
    timer.unref()
  }

  return {
    start: schedule,
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
    },
    runOnce,
  }
}
