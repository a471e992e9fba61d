import { createHash } from 'node:crypto'
import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify'
import {
  apiDetailResponseSchema,
  apiIdParamsSchema,
  apiListQuerySchema,
  apiListResponseSchema,
  categoryApisQuerySchema,
  categoryApisResponseSchema,
  categoryParamsSchema,
  type ApiDetailResponse,
  type ApiListQuery,
  type ApiListResponse,
  type CategoryApisResponse,
} from '../../src/contract/apis'
import { categoriesResponseSchema, type CategoriesResponse } from '../../src/contract/categories'
import {
  catalogAt,
  type Catalog,
  type CatalogOptions,
  type EarlySnapshot,
  type KeptEntries,
  type MeasuredOf,
} from '../catalog/catalog'
import { loadCatalog, storedSeed } from '../catalog/load'
import { indexUnsearched, settleSearch } from '../catalog/searchDb'
import { indexOperationWords } from '../catalog/operationSearch'
import { SEED_FILE } from '../catalog/seed'
import { movedApi } from '../catalog/aliases'
import { createAnswerCache } from './answerCache'
import { createGate, type Gate, type GateLimits } from '../admission'
import { HttpError } from '../errors'
import { isInProcess } from '../inProcess'
import { rateLimitStore } from '../redis'
import type { ZodTypeProvider } from '../zodTypes'

export type CatalogRouteOptions = {
  /** The seed to load; the committed one by default. */
  seedFile?: string
  /** false: use whatever the tables hold and do not check the seed (a test that loads its own). */
  load?: boolean
  /**
   * How often, at most, an answer reads which catalogue the database holds (the seed hash in
   * app_settings), so that a catalogue another instance loaded shows here too: 5 s by default, 0
   * on every answer. Answers wait for the read only when the last one is two periods old.
   */
  versionCheckMs?: number
  /** The clock version reads are timed by, in milliseconds (tests give their own). */
  now?: () => number
  /** Searches one address may send a minute (SEARCHES_PER_MINUTE by default). */
  searchesPerMinute?: number
  /** The gate in front of searches (one with searchLimits by default). */
  searchGate?: Gate
  /**
   * false: a start that loads the seed leaves the catalogue closed, for a process that hands over
   * to a fresh one once the seeds are in without serving (npm start's, server/index.ts). Its
   * lists at 100,000 APIs would otherwise stay resident through the operations load after.
   */
  openAfterLoad?: boolean
  /**
   * Where the catalogue keeps its entries for the next start (PGlite in a data directory,
   * server/index.ts), with the kept copy read while the database opened.
   */
  entrySnapshot?: EarlySnapshot
}

/**
 * Searches from one address a minute. A person typing sends a few per query, and an office or a
 * school shares one address; a crowd of unique searches from one address is told to slow down
 * before it reaches the database, where the search gate holds the rest.
 */
export const SEARCHES_PER_MINUTE = 300

/**
 * Searches the database answers at once, and how many may wait how long. Every new set of words is
 * work for the database that no cache can absorb, and the embedded database runs one query at a
 * time: one search runs there, so other reads and the health probe wait behind one search at most,
 * not behind a crowd of them; a few wait, briefly (half a second, so that a search shed after
 * waiting is still answered within a second); the rest are answered 503 busy at once. A Postgres
 * server runs queries side by side, so there a few run together.
 */
export const searchLimits = (kind: 'pglite' | 'postgres'): GateLimits =>
  kind === 'pglite'
    ? { concurrency: 1, maxQueued: 4, maxWaitMs: 500 }
    : { concurrency: 4, maxQueued: 16, maxWaitMs: 500 }

const VERSION_CHECK_MS = 5000

// The data changes only when a new seed is deployed, and then every ETag changes with it.
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400'

const matches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === etag || tag.replace(/^W\//, '') === etag.replace(/^W\//, '')
  })

/**
 * Sets ETag and Cache-Control for an answer that depends only on the catalogue version and key;
 * true when the client's copy is current, so the caller answers 304 without doing the work.
 */
const notModified = (
  request: FastifyRequest,
  reply: FastifyReply,
  catalog: Catalog,
  key: string,
) => {
  const digest = createHash('sha1').update(`${catalog.version}\n${key}`).digest('base64url')
  const etag = `W/"${digest.slice(0, 27)}"`
  reply.header('etag', etag).header('cache-control', CACHE_CONTROL)
  if (!matches(request.headers['if-none-match'], etag)) return false
  reply.code(304).send()
  return true
}

const listKey = (query: ApiListQuery) =>
  JSON.stringify([
    query.search ?? null,
    query.provider ?? null,
    query.category ?? null,
    query.auth ?? null,
    query.https ?? null,
    query.cors ?? null,
    query.free ?? null,
    query.verified ?? null,
    query.sort ?? null,
    query.page,
    query.limit,
  ])

/** GET /categories, /apis, /apis/:id and /apis/category/:category. Loads the seed on ready. */
export const catalogRoutes: FastifyPluginAsync<
  CatalogRouteOptions,
  RawServerDefault,
  ZodTypeProvider
> = async (app, options) => {
  let catalog: Catalog | undefined
  const versionCheckMs = options.versionCheckMs ?? VERSION_CHECK_MS
  const now = options.now ?? (() => performance.now())
  let checkedAt = 0
  let checking: Promise<void> | undefined
  const snapshots = options.entrySnapshot?.snapshots
  /** How the catalogue opens: from the copy read ahead as it starts, from the file after. */
  const catalogOptions = (kept?: Promise<KeptEntries | undefined>): CatalogOptions =>
    snapshots ? { snapshots, kept } : {}
  /** Opens the catalogue the database holds now, when it is not the one open. */
  const checkVersion = async () => {
    const stored = (await storedSeed(app.db))?.hash
    if (stored !== undefined && catalog && stored !== catalog.version) {
      catalog = await catalogAt(app.db, stored, catalogOptions())
    }
  }
  const current = async () => {
    if (!catalog) throw new HttpError(503, 'The catalogue is still loading; try again shortly')
    const sinceChecked = now() - checkedAt
    if (sinceChecked >= versionCheckMs) {
      // One read at a time. A database that cannot answer leaves the open catalogue as it is.
      checking ??= checkVersion()
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'Could not read which catalogue the database holds'),
        )
        .finally(() => {
          checkedAt = now()
          checking = undefined
        })
      // Answers go on from the open catalogue while the read waits its turn behind whatever the
      // database is doing (a crowd's searches); only once the catalogue is a second period past
      // its check do they wait for it, so none is older than that.
      if (sinceChecked >= 2 * versionCheckMs) await checking
    }
    return catalog
  }

  // Runs after the app's own onReady hook has opened and migrated the database.
  app.addHook('onReady', async () => {
    let version: string
    let loadedNow = false
    let kept = options.entrySnapshot?.take()
    if (options.load === false) {
      // Tables written by the test itself: index for search what it wrote.
      const indexed = (await indexUnsearched(app.db)) + (await indexOperationWords(app.db))
      if (indexed > 0) await settleSearch(app.db)
      version = (await storedSeed(app.db))?.hash ?? 'unseeded'
    } else {
      const synthetic = app.config.syntheticApis
      const result = await loadCatalog(app.db, options.seedFile ?? SEED_FILE, {
        synthetic,
        overlay: app.config.catalogueOverlay,
        // A first load of a large catalogue takes a while: say how far it is.
        onProgress: ({ written, total, ms }) => {
          // A new catalogue: the copy of the last one is of no use, and its memory is.
          kept = undefined
          app.log.info(
            { written, total, ms: Math.round(ms) },
            `Loading the API catalogue: ${Math.floor((written / total) * 100)}%`,
          )
        },
      })
      if (synthetic > 0) {
        app.log.warn(
          { synthetic },
          'ATLAS_SYNTHETIC_APIS: the catalogue holds synthetic APIs for scale tests, marked as such',
        )
      }
      loadedNow = result.loaded
      if (result.loaded) {
        app.log.info(
          { apis: result.apis, ms: Math.round(result.ms) },
          'Loaded the API catalogue seed',
        )
        app.seedsLoaded.push('the catalogue seed')
      }
      version = result.hash
      // Entries written beside the seed load (an import, a hand-made record) are searchable too:
      // one comparison of two indexes that finds none when the seed wrote every search row.
      let indexed = await indexUnsearched(app.db)
      // A new catalogue's entries take their operation words from the operations already loaded.
      indexed += await indexOperationWords(app.db)
      if (indexed > 0) await settleSearch(app.db)
    }
    if (options.openAfterLoad === false && loadedNow) return
    catalog = await catalogAt(app.db, version, catalogOptions(kept))
    kept = undefined
    checkedAt = now()
    await app.healthBoard.refresh()
  })

  // Measured health changes without a new seed: it is part of every answer's ETag.
  const health = app.healthBoard
  const measured: MeasuredOf = Object.assign((id: string) => health.measured(id), {
    version: () => health.version(),
  })
  const withHealth = (key: string) => {
    health.refreshIfStale()
    return `${key}\nhealth:${health.version()}`
  }
  // Answers as sent, by what their ETag is made of: a list at 100,000 APIs is built once.
  const answers = createAnswerCache()
  // Made at the first search: which database answers is known once it is open.
  let searching = options.searchGate
  const searchGate = () =>
    (searching ??= createGate({ name: 'searches', ...searchLimits(app.db.kind) }))
  const searchesPerMinute = options.searchesPerMinute ?? SEARCHES_PER_MINUTE

  await app.register(fastifyRateLimit, {
    global: false,
    ...rateLimitStore(app.redis, 'catalog-'),
  })
  /** A search: the list's `search` parameter with a word in it. */
  const searches = (request: FastifyRequest) => {
    const { search } = request.query as { search?: unknown }
    return typeof search === 'string' && search.trim() !== ''
  }

  app.get(
    '/categories',
    { schema: { response: { 200: categoriesResponseSchema } } },
    async (request, reply) => {
      const catalog = await current()
      if (notModified(request, reply, catalog, 'categories')) return reply
      return {
        success: true,
        data: { categories: catalog.categories },
      } satisfies CategoriesResponse
    },
  )

  app.get(
    '/apis',
    {
      config: {
        rateLimit: {
          max: searchesPerMinute,
          timeWindow: 60_000,
          // Lists without a search are answered from memory; a page's own first answers are no
          // visitor's.
          allowList: (request) => !searches(request) || isInProcess(request),
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              context.statusCode,
              `Too many searches from this address: at most ${searchesPerMinute} a minute. Try again in ${context.after}.`,
            ),
        },
      },
      schema: { querystring: apiListQuerySchema, response: { 200: apiListResponseSchema } },
    },
    async (request, reply) => {
      const catalog = await current()
      const { query } = request
      if (query.provider !== undefined && !catalog.family(query.provider)) {
        throw new HttpError(404, 'Provider not found')
      }
      const key = withHealth(`apis:${listKey(query)}`)
      if (notModified(request, reply, catalog, key)) return reply
      return answers.send(reply, `${catalog.version}\n${key}`, apiListResponseSchema, async () => {
        const list = () => catalog.list(query, measured)
        const { apis, total, namesOnly } = await (query.search === undefined
          ? list()
          : searchGate().run(list))
        const checks = {
          networkUnavailableSince: health.networkUnavailableSince(),
          verified: health.verifiedCount(),
        }
        const data = {
          success: true,
          data: { apis, total, page: query.page, limit: query.limit, checks },
        } satisfies ApiListResponse
        // A search answered without the database is not the answer to keep.
        return { data, keep: !namesOnly }
      })
    },
  )

  app.get(
    '/apis/category/:category',
    {
      schema: {
        params: categoryParamsSchema,
        querystring: categoryApisQuerySchema,
        response: { 200: categoryApisResponseSchema },
      },
    },
    async (request, reply) => {
      const catalog = await current()
      const { category: slug } = request.params
      const { page, limit } = request.query
      const category = catalog.category(slug)
      if (!category) throw new HttpError(404, 'Category not found')
      const key = withHealth(`category:${slug}:${page}:${limit}`)
      if (notModified(request, reply, catalog, key)) return reply
      return answers.send(
        reply,
        `${catalog.version}\n${key}`,
        categoryApisResponseSchema,
        async () => {
          const { apis, total } = await catalog.list(
            { category: category.slug, page, limit },
            measured,
          )
          const data = {
            success: true,
            data: { category, apis, total, page, limit },
          } satisfies CategoryApisResponse
          return { data, keep: true }
        },
      )
    },
  )

  app.get(
    '/apis/:id',
    { schema: { params: apiIdParamsSchema, response: { 200: apiDetailResponseSchema } } },
    async (request, reply) => {
      const catalog = await current()
      const { id } = request.params
      const record = await catalog.detail(id)
      if (!record) {
        // An id a rebuild merged into another entry moves there for good (aliases.ts).
        const moved = movedApi(id)
        if (moved) return reply.redirect(`/api/apis/${encodeURIComponent(moved)}`, 301)
        throw new HttpError(404, 'API not found')
      }
      if (notModified(request, reply, catalog, withHealth(`api:${id}`))) return reply
      // Health belongs to the entry, whichever of its versions is shown.
      const facts = health.measured(record.entry)
      const api = {
        ...record,
        https: facts?.https ?? record.https,
        cors: facts?.cors ?? record.cors,
        health: facts ? await health.detail(record.entry) : null,
      }
      return { success: true, data: { api } } satisfies ApiDetailResponse
    },
  )
}
