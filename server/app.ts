import { randomUUID } from 'node:crypto'
import { constants as zlibConstants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import fastifyHelmet from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config'
import { describeDatabase, openDatabase, type Db } from './db/database'
import { migrate } from './db/migrate'
import {
  BODY_LIMIT,
  clip,
  frameworkErrors,
  pathOf,
  registerErrorHandling,
  sendError,
} from './errors'
import { catalogRoutes, type CatalogRouteOptions } from './routes/catalog'
import { configRoutes } from './routes/config'
import { healthRoutes } from './routes/health'
import { testerRoutes, type TesterRouteOptions } from './routes/tester'
import { registerSpa, wantsPage } from './spa'

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Open from onReady until close. */
    db: Db
    config: Config
  }
}

export type BuildAppOptions = {
  /** Use this database instead of opening one; the caller keeps it and closes it. */
  db?: Db
  /** false silences the log (tests); otherwise pino at config.logLevel. */
  logger?: boolean
  /** The catalogue seed: which file, or whether to load it at all (tests of the loader). */
  catalog?: CatalogRouteOptions
  /** Limits of the API tester (tests and benchmarks change them). */
  tester?: TesterRouteOptions
}

const REQUEST_ID = /^[\w.:-]{1,128}$/

/**
 * The whole server as a Fastify instance, not yet ready: add routes if needed, then `ready()` or
 * `listen()`. Add them inside `app.register(async (scoped) => ...)`, as the route modules are,
 * so they load after compression. The database opens and migrates on ready, and closes with the
 * app (unless it was passed in).
 */
export const buildApp = (config: Config, options: BuildAppOptions = {}): FastifyInstance => {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    // A first start creates the embedded database and loads the seed; on a busy 2-core machine
    // that takes longer than the default 10 s.
    pluginTimeout: 120_000,
    // Keep a proxy's request id so one request can be followed across services.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id']
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    },
    frameworkErrors,
  })

  let db: Db | undefined = options.db
  app.decorate('config', config)
  app.decorate('db', {
    getter: () => {
      if (!db) throw new Error('The database is not open yet; await app.ready() first')
      return db
    },
  })

  app.addHook('onReady', async () => {
    try {
      db ??= await openDatabase(config, {
        onError: (error) => app.log.error({ err: error }, 'Idle database connection failed'),
      })
      const { applied } = await migrate(db, config.migrationsDir)
      if (applied.length > 0) app.log.info({ applied }, 'Applied database migrations')
    } catch (error) {
      if (!options.db) await db?.close()
      const reason = error instanceof Error ? error.message : String(error)
      throw new Error(`Database not ready (${describeDatabase(config)}): ${reason}`, {
        cause: error,
      })
    }
  })
  app.addHook('onClose', async () => {
    if (!options.db) await db?.close()
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  registerErrorHandling(app)

  app.register(fastifyCompress, {
    threshold: 1024,
    // On-the-fly brotli at its default quality 11 costs more CPU than it saves in bytes.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  })
  app.register(fastifyHelmet, {
    // JSON and files need no powers; HTML pages get their own policy with a nonce (spa.ts).
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    hsts: config.publicSiteUrl.startsWith('https:') ? { maxAge: 15552000 } : false,
  })

  app.register(healthRoutes, { prefix: '/api' })
  app.register(configRoutes, { prefix: '/api' })
  app.register(catalogRoutes, { prefix: '/api', ...options.catalog })
  app.register(testerRoutes, { prefix: '/api', ...options.tester })

  const spa = registerSpa(app, config)
  app.setNotFoundHandler((request, reply) => {
    const pathname = pathOf(request)
    if (wantsPage(request, pathname)) return spa.sendPage(reply)
    return sendError(reply, 404, `No route ${request.method} ${clip(pathname)}`)
  })

  return app
}
