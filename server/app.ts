import { randomUUID } from 'node:crypto'
import { constants as zlibConstants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import helmet from 'helmet'
import type { Redis } from 'ioredis'
import { overloadOf } from './admission'
import { registerStaffAccess, type StaffAccessOptions } from './auth/staffAccess'
import { requireGrant, staffGrantOf } from './auth/staffGrants'
import { createConnectors, type Connectors } from './marketing/connectors'
import type { Config } from './config'
import { databaseEvents, describeDatabase, openDatabase, type Db } from './db/database'
import { createAutovacuum, type Autovacuum } from './db/autovacuum'
import { migrate } from './db/migrate'
import {
  BODY_LIMIT,
  clientErrorHandler,
  clip,
  frameworkErrors,
  pathOf,
  registerErrorHandling,
  sendErrorFor,
} from './errors'
import { analyticsRoutes, type AnalyticsRouteOptions } from './routes/analytics'
import { OAUTH_CALLBACK_PATH, oauthCallbackRoutes } from './routes/oauthCallback'
import { analyticsReportRoutes } from './routes/analyticsReport'
import { blogRoutes, blogSitemapEntries } from './routes/blog'
import { readArticles, type Article } from './routes/blogArticles'
import { catalogRoutes, type CatalogRouteOptions } from './routes/catalog'
import { operationRoutes, type OperationRouteOptions } from './routes/operations'
import { compareRoutes, type CompareRouteOptions } from './routes/compare'
import { configRoutes } from './routes/config'
import {
  contentMarketingRoutes,
  type ContentMarketingRouteOptions,
} from './routes/contentMarketing'
import { crawlerRoutes } from './routes/crawlers'
import { dashboardRoutes } from './routes/dashboard'
import { healthRoutes } from './routes/health'
import { monitoringRoutes, type MonitoringRouteOptions } from './routes/monitoring'
import { createHealthBoard, type HealthBoard } from './health/board'
import { createHealthChecker, type HealthCheckerOptions } from './health/checker'
import { DEFAULT_PROBE_LIMITS } from './health/probe'
import { overlayReachable } from './catalog/overlay'
import { openedCatalog } from './catalog/catalog'
import { movedApi } from './catalog/aliases'
import { selfHostsOf } from './tester/selfHosts'
import { testerRoutes, type TesterRouteOptions } from './routes/tester'
import { pageServer, type PageOutcome } from './seo/pageServer'
import { pageRenderer } from './seo/ssr'
import { openRedis } from './redis'
import { mayPublishPosts, publishRefusal } from '../src/contract/staffRoles'
import { isReservedPath, registerSpa, wantsPage } from './spa'

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Open from onReady until close. */
    db: Db
    config: Config
    /** Shared rate-limit counters when REDIS_URL is set; undefined keeps them in memory. */
    redis: Redis | undefined
    /** Measured health as lists and pages read it (server/health/board.ts). */
    healthBoard: HealthBoard
    /** The scheduled checker; undefined when HEALTH_CHECKS=off. */
    healthChecker: ReturnType<typeof createHealthChecker> | undefined
    /** Autovacuum's work on a timer, for the embedded database only (server/db/autovacuum.ts). */
    autovacuum: Autovacuum
    /**
     * The seeds this start loaded into the database, once it is ready: a process that loaded one
     * keeps that work's memory, which server/index.ts hands back by starting afresh.
     */
    seedsLoaded: string[]
  }
}

export type BuildAppOptions = {
  /** Use this database instead of opening one; the caller keeps it and closes it. */
  db?: Db
  /**
   * A database the caller began opening before it built the app (server/index.ts, so that opening
   * overlaps loading the server's code); the app takes it over as if it had opened it.
   */
  openingDb?: Promise<Db>
  /**
   * Load the pages' server render as the app is built, while the database still opens, rather
   * than once it listens (server/index.ts: a restart's first page is ready with its health).
   */
  loadRenderEarly?: boolean
  /** false silences the log (tests); otherwise pino at config.logLevel. */
  logger?: boolean
  /** Where the log's lines go instead of standard output (server/index.ts: readable on a terminal). */
  logStream?: { write(line: string): void }
  /** The catalogue seed: which file, or whether to load it at all (tests of the loader). */
  catalog?: CatalogRouteOptions
  /** The operations seed: which file, or none (a test that loads its own). */
  operations?: OperationRouteOptions
  /** Rate limits of the comparison and similar APIs (tests lower them). */
  compare?: CompareRouteOptions
  /** Limits of the API tester (tests and benchmarks change them). */
  tester?: TesterRouteOptions
  /** Limits of the monitoring routes (tests lower them). */
  monitoring?: Pick<MonitoringRouteOptions, 'perMinute' | 'checkLimits' | 'changesSeedFile'>
  /** Limits of the analytics collector. */
  analytics?: AnalyticsRouteOptions
  /** Staff auth: sign-in rate limits (tests change them). */
  auth?: StaffAccessOptions
  /** Content marketing: the networks' connectors (from config by default), the scheduler, limits. */
  marketing?: {
    connectors?: Connectors
    schedulerIntervalMs?: number
    postRateLimit?: ContentMarketingRouteOptions['postRateLimit']
  }
  /** With REDIS_URL: the key prefix (tests give each their own). */
  redis?: { keyPrefix?: string }
  /** How long a client may take to send a request (tests make them short). */
  timeouts?: Partial<ServerTimeouts>
  /** The health checker's timings and name resolution (tests); config.healthChecks turns it on. */
  health?: Partial<Omit<HealthCheckerOptions, 'db' | 'probe' | 'log' | 'conformance' | 'local'>> & {
    probe?: Partial<HealthCheckerOptions['probe']>
    /** The pause between two requests of a conformance check to one API (1 s by default). */
    conformanceSpacingMs?: number
  }
  /** How often the embedded database's tables are looked at for vacuuming (tests shorten it). */
  autovacuumEveryMs?: number
}

/** Limits on slow clients; Node answers 408 and closes when one passes. */
export type ServerTimeouts = {
  /** The request line and headers must be in within this (Node's headersTimeout). */
  headersMs: number
  /**
   * The whole request, body included (Node's requestTimeout): a body sent a byte at a time is cut.
   * Only receiving counts: an answer may take longer to prepare (the API tester waits up to 15 s
   * for an upstream, server/tester/client.ts).
   */
  requestMs: number
  /**
   * A connection with no bytes either way for this long is closed, a client that stops reading
   * its answer included. Above the longest wait of any route (the tester's 15 s).
   */
  idleMs: number
  /** An idle keep-alive connection between requests; above a load balancer's usual 60 s. */
  keepAliveMs: number
  /** How often Node checks the first two; its default of 30 s would let them overrun by as much. */
  checkEveryMs: number
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  idleMs: 60_000,
  keepAliveMs: 72_000,
  checkEveryMs: 1_000,
}

const REQUEST_ID = /^[\w.:-]{1,128}$/

/**
 * The whole server as a Fastify instance, not yet ready: add routes if needed, then `ready()` or
 * `listen()`. Add them inside `app.register(async (scoped) => ...)`, as the route modules are,
 * so they load after compression. The database opens and migrates on ready, and closes with the
 * app (unless it was passed in).
 */
/**
 * A request as the log shows it: Fastify's usual fields, but the OAuth callback's query (an
 * authorization code and its state) is left out.
 */
export const loggedRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.startsWith(`${OAUTH_CALLBACK_PATH}?`)
    ? `${OAUTH_CALLBACK_PATH}?(query not logged)`
    : request.url,
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
})

export const buildApp = (config: Config, options: BuildAppOptions = {}): FastifyInstance => {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: loggedRequest },
            ...(options.logStream && { stream: options.logStream }),
          },
    bodyLimit: BODY_LIMIT,
    // Behind a load balancer: which peers may name the client (request.ip, the rate limits' key).
    trustProxy: config.trustProxy,
    // A first start creates the embedded database and loads the seeds before it listens: the
    // operations seed alone takes one to two minutes on a 2-core machine, and five or more times
    // that while the machine does other heavy work (a test run's other layers beside it went past
    // 10 minutes). Each seed statement has its own limit on the database's thread; this one only
    // stops a start that hangs, and stopping a slow one would leave the site down instead of late.
    pluginTimeout: 30 * 60_000,
    // An operation without an operationId is keyed `METHOD path`; some paths are long. The route
    // itself answers 400 beyond 1000 characters.
    routerOptions: { maxParamLength: 2000 },
    // Keep a proxy's request id so one request can be followed across services.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id']
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    },
    frameworkErrors,
    clientErrorHandler,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      // Node would answer a missing Host with an empty 400; the hook below says what is wrong.
      requireHostHeader: false,
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
  })

  let db: Db | undefined = options.db
  app.decorate('config', config)
  app.decorate('seedsLoaded', [])
  app.decorate('db', {
    getter: () => {
      if (!db) throw new Error('The database is not open yet; await app.ready() first')
      return db
    },
  })

  app.addHook('onReady', async () => {
    try {
      db ??= await (options.openingDb ??
        openDatabase(
          config,
          databaseEvents(() => app.log),
        ))
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

  const redis = config.redisUrl
    ? openRedis(config.redisUrl, {
        keyPrefix: options.redis?.keyPrefix,
        onError: (error) => app.log.warn({ err: error }, 'Redis unavailable: rate limits are off'),
      })
    : undefined
  app.decorate('redis', redis)
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => redis.disconnect())
  })
  // Reads the database when asked, which is once it is open (the catalogue routes' onReady).
  const healthBoard: HealthBoard = createHealthBoard({
    query: (text, params) => app.db.query(text, params),
    exec: (sql) => app.db.exec(sql),
  })
  app.decorate('healthBoard', healthBoard)
  // Measures every entry on a schedule (server/health/); started once the server listens, so
  // tests that only inject requests never reach out, and stopped before the database closes.
  // The overlay's entries are checked first, against their documents too, and only where
  // TESTER_ALLOWED_HOSTS lets the checker reach their hosts.
  const overlay = new Map(config.catalogueOverlay?.apis.map((api) => [api.record.id, api]))
  const healthChecker = config.healthChecks.enabled
    ? createHealthChecker({
        get db() {
          return app.db
        },
        periodMs: config.healthChecks.periodMs,
        maxPerMinute: config.healthChecks.maxPerMinute,
        log: app.log,
        onRecorded: () => void healthBoard.refresh().catch(() => undefined),
        ...options.health,
        conformance: {
          spacingMs: options.health?.conformanceSpacingMs,
          targetOf: (apiId) => {
            const api = overlay.get(apiId)
            if (!api) return undefined
            const keys = new Map(
              api.operations.operations.map((op) => [`${op.method} ${op.path}`, op.operationKey]),
            )
            return {
              document: api.document,
              baseUrl: api.record.baseUrl!,
              keyOf: (method, route) => keys.get(`${method} ${route}`),
            }
          },
        },
        local: {
          ids: [...overlay.keys()],
          reachable: (apiId) => {
            const api = overlay.get(apiId)
            return api !== undefined && overlayReachable(api, config.testerAllowedHosts)
          },
        },
        probe: {
          ...DEFAULT_PROBE_LIMITS,
          allowedHosts: config.testerAllowedHosts,
          allowedPorts: config.testerAllowedPorts,
          selfHosts: selfHostsOf(config.publicSiteUrl, config.port),
          origin: new URL(config.publicSiteUrl).origin,
          ...options.health?.probe,
        },
      })
    : undefined
  app.decorate('healthChecker', healthChecker)
  // PGlite has no autovacuum of its own; Postgres does, so the timer runs only on PGlite.
  const autovacuum = createAutovacuum({
    get db() {
      return app.db
    },
    everyMs: options.autovacuumEveryMs,
    log: app.log,
  })
  app.decorate('autovacuum', autovacuum)
  app.addHook('onListen', async () => {
    healthChecker?.start()
    if (app.db.kind === 'pglite') autovacuum.start()
  })
  // Before the server and the database close: a run in progress is cut short.
  app.addHook('preClose', async () => {
    await Promise.all([healthChecker?.stop(), autovacuum.stop()])
  })
  app.addHook('onSend', async (request, reply) => {
    // Not on built files: nobody follows an immutable script through the logs. Nor on anything a
    // shared cache may keep (`public`: pages, sitemaps, feeds, catalogue answers): it would hand
    // one visitor's id, chosen by that visitor, to the next, and a 304 would rewrite the kept
    // copy's; the id is still in the server's log line.
    if (request.url.startsWith('/assets/')) return
    if (/(?:^|[\s,])public(?:$|[\s,])/.test(String(reply.getHeader('cache-control') ?? ''))) return
    reply.header('x-request-id', request.id)
  })
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      return sendErrorFor(request, reply, 400, 'An HTTP/1.1 request needs a Host header')
    }
  })

  registerErrorHandling(app)

  app.register(fastifyCompress, {
    threshold: 1024,
    // On-the-fly brotli at its default quality 11 costs more CPU than it saves in bytes. Quality 1
    // against 4, measured on an API page carrying its first answers (66 KB): 464 pages/s rather
    // than 211 on 2 cores, for 14.7 KB on the wire rather than 12.7. Built files are precompressed
    // at full quality and never pass through here.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
  })
  // Helmet's headers from a middleware built once: the Fastify plugin builds one afresh for every
  // request and parses the policy each time, work that every answer of a crowd paid for.
  const securityHeaders = helmet({
    // JSON and files need no powers; HTML pages get their own policy (spa.ts): hashes on public
    // pages, a fresh nonce on staff ones.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    strictTransportSecurity: config.publicSiteUrl.startsWith('https:')
      ? { maxAge: 15552000 }
      : false,
  })
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) =>
      done(error === undefined || error instanceof Error ? error : new Error(String(error))),
    )
  })

  // Before the routes: it decorates app.requireStaff, which staff-only routes use.
  registerStaffAccess(app, { announce: options.logger !== false, ...options.auth })
  app.register(healthRoutes, { prefix: '/api' })
  app.register(configRoutes, { prefix: '/api' })
  app.register(catalogRoutes, { prefix: '/api', ...options.catalog })
  app.register(operationRoutes, {
    prefix: '/api',
    load: config.loadOperations,
    ...options.operations,
  })
  app.register(monitoringRoutes, {
    prefix: '/api',
    authenticate: app.requireStaff,
    // With the catalogue's seed, the directory's changes between its last two snapshots.
    changesSeedFile: options.catalog?.load === false ? false : undefined,
    ...options.monitoring,
  })
  // After the catalogue and operation routes: its onReady reads what theirs loaded.
  app.register(compareRoutes, { prefix: '/api', ...options.compare })
  app.register(testerRoutes, { prefix: '/api', ...options.tester })
  app.register(oauthCallbackRoutes)
  app.register(analyticsRoutes, {
    prefix: '/api',
    visitRateLimit: { max: config.analyticsVisitsPerHour, timeWindowMs: 3_600_000 },
    ...options.analytics,
  })
  app.register(analyticsReportRoutes, { prefix: '/api', authenticate: app.requireStaff })
  app.register(contentMarketingRoutes, {
    prefix: '/api',
    authenticate: app.requireStaff,
    authorizePublish: requireGrant(app, mayPublishPosts, publishRefusal),
    authorMayPublish: async (authorId) => mayPublishPosts(await staffGrantOf(app.db, authorId)),
    staffId: (request) => request.staff?.id ?? null,
    connectors: options.marketing?.connectors ?? createConnectors(config.connectors),
    schedulerIntervalMs: options.marketing?.schedulerIntervalMs,
    postRateLimit: options.marketing?.postRateLimit,
  })
  app.register(dashboardRoutes, { prefix: '/api', authenticate: app.requireStaff })
  app.register(crawlerRoutes, { blogEntries: () => blogSitemapEntries(readArticles()) })
  app.register(blogRoutes)

  const spa = registerSpa(app, config)
  const pages = pageRenderer(config.staticDir, app.log)
  // In the background: the server answers at once, pages keep their text until it is loaded.
  if (options.loadRenderEarly) void pages.warm()
  else {
    app.addHook('onListen', async () => {
      void pages.load()
    })
  }
  let articles: Article[] | undefined
  const servePage = pageServer(app, {
    siteUrl: config.publicSiteUrl,
    render: pages.render,
    site: {
      // Read from their Markdown once (the build compiled the same files).
      articles: () => (articles ??= readArticles()),
      apiByName: (text) => openedCatalog(app.db).findByName(text),
      movedApi,
    },
  })
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathOf(request)
    if (!wantsPage(request, pathname)) {
      // Outside /api, a 404 here stands where a page or a file is (a JSON client or a POST at a
      // page's address, a file not there yet): a CDN must never keep it in their place, which
      // some do for a 404 without Cache-Control (Vary: Accept would split every page's cache).
      if (!isReservedPath(pathname)) reply.header('cache-control', 'no-store')
      return sendErrorFor(request, reply, 404, `No route ${request.method} ${clip(pathname)}`)
    }
    let outcome: PageOutcome
    try {
      outcome = await servePage(request, pathname, new URLSearchParams(request.url.split('?')[1]))
    } catch (error) {
      const overload = overloadOf(error)
      if (!overload) throw error
      // Shed: the app's shell, which fetches its own data, marked busy and never kept.
      return spa.sendBusy(reply, overload)
    }
    if (outcome.kind === 'moved') return reply.redirect(outcome.location, 301)
    if (outcome.kind === 'shell') return spa.sendPage(reply, undefined, outcome.private)
    return spa.sendPage(reply, outcome.page)
  })

  return app
}
