import type { FastifyBaseLogger } from 'fastify'
import { ConfigError, loadConfig, type Config } from './config'
import { MEMORY_DATA_DIR, databaseEvents, describeDatabase, openDatabase } from './db/database'
import { startWatchdog } from './watchdog'
import { readAheadIn } from './catalog/catalog'

/**
 * How long a stop may take before the process exits anyway: requests in flight, then the database's
 * close. Under the 30 s a container platform commonly allows: on a loaded 2-core machine closing the
 * embedded database after the last request can take longer than 10 s, and a stop that did nothing
 * wrong exited 1.
 */
const SHUTDOWN_GRACE_MS = 25_000

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`${error.message}\nSee docs/configuration.md for every setting.`)
  process.exit(1)
}

// The embedded database takes seconds to open, on a thread of its own: it starts now, while this
// thread loads the rest of the server, rather than after. The app takes it over when it gets ready,
// and says there why it failed, if it did.
const logger: { current?: FastifyBaseLogger } = {}
const openingDb = openDatabase(
  config,
  databaseEvents(() => logger.current),
)
openingDb.catch(() => {})
// The embedded database's catalogue entries as the last start kept them, read meanwhile too.
const entrySnapshot = readAheadIn(config, (error) =>
  logger.current?.warn({ err: error }, 'Could not keep the catalogue for the next start'),
)
const { buildApp } = await import('./app')
// Once the code is in, so that everything the server does after is watched and a start that hangs
// is cut short. Not before: evaluating the server's modules holds this thread in one piece, seconds
// long on a busy machine, and the watchdog took that for a stuck instance (a 2 s limit, under load).
const watchdog = startWatchdog(config.watchdogTimeoutMs)
// A person at a terminal reads lines, a log collector reads JSON: the pretty printer only when
// standard output is a terminal (npm start's supervisor passes its own through).
const logStream = process.stdout.isTTY
  ? (await import('pino-pretty')).default({
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
    })
  : undefined
/**
 * Under npm start's supervisor a start that loads a seed hands over to a fresh process without
 * serving (below), so it need not open the catalogue it loaded.
 */
const supervised = typeof process.send === 'function' && !process.env.ATLAS_STARTED_AFRESH
// An in-memory database would start empty again.
const keepsData = Boolean(config.databaseUrl) || !config.dataDir.startsWith(MEMORY_DATA_DIR)
const app = buildApp(config, {
  openingDb,
  loadRenderEarly: true,
  logStream,
  catalog: { openAfterLoad: !(supervised && keepsData), entrySnapshot },
})
logger.current = app.log

/** A second signal this soon is the same request (Ctrl+C reaches npm start's server twice). */
const SAME_SIGNAL_MS = 1000
let stoppingSince: number | undefined
const stop = (signal: NodeJS.Signals | 'Supervisor gone') => {
  if (stoppingSince !== undefined) {
    if (Date.now() - stoppingSince < SAME_SIGNAL_MS) return
    app.log.warn(`${signal} again: exiting now`)
    process.exit(1)
  }
  stoppingSince = Date.now()
  app.log.info(`${signal}: finishing open requests, then stopping`)
  // A stuck request or database must not keep the process alive forever.
  setTimeout(() => {
    app.log.error(`Still not closed after ${SHUTDOWN_GRACE_MS / 1000} s: exiting`)
    process.exit(1)
  }, SHUTDOWN_GRACE_MS).unref()
  // A keep-alive connection whose last request ends after the signal would hold close() open
  // until its timeout: close each one as soon as it falls idle.
  setInterval(() => app.server.closeIdleConnections(), 100).unref()
  app.close().then(
    async () => {
      await watchdog.stop()
      process.exit(0)
    },
    (error: unknown) => {
      app.log.error({ err: error }, 'Error while closing')
      process.exit(1)
    },
  )
}
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
// Under npm start's supervisor: if it is gone (killed outright), so is this server.
process.on('disconnect', () => stop('Supervisor gone'))

/**
 * The exit code that asks npm start's supervisor for a fresh process at once (START_AFRESH in
 * scripts/start.mjs, which sets ATLAS_STARTED_AFRESH on that one so that it never asks again).
 * A start that loaded a seed (a new database, a new catalogue) built and wrote hundreds of
 * megabytes on the way, and this process keeps them resident: the embedded database's memory
 * never shrinks, nor do the pages V8 and the allocator took. The seeds are in the database by
 * then, so a fresh process opens it as any restart does and serves with about half the memory.
 */
const START_AFRESH_EXIT_CODE = 75

try {
  await app.ready()
  if (supervised && keepsData && app.seedsLoaded.length > 0) {
    app.log.info(
      { seeds: app.seedsLoaded },
      'Loaded the seeds: serving from a fresh process, which leaves their loading’s memory behind',
    )
    await app.close()
    await watchdog.stop()
    process.exit(START_AFRESH_EXIT_CODE)
  }
  const address = await app.listen({ host: config.host, port: config.port })
  app.log.info(
    { address, database: describeDatabase(config), auth: config.authMode },
    `API Atlas is running at ${address}`,
  )
  watchdog.ready()
} catch (error) {
  app.log.fatal({ err: error }, error instanceof Error ? error.message : 'Could not start')
  await app.close().catch(() => {})
  process.exit(1)
}
