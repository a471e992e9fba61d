import { createHash } from 'node:crypto'
import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify'
import { apiIdParamsSchema } from '../../src/contract/apis'
import {
  compareQuerySchema,
  compareResponseSchema,
  SIMILAR_MAX,
  similarResponseSchema,
  type CompareResponse,
  type SimilarResponse,
} from '../../src/contract/compare'
import { openedCatalog } from '../catalog/catalog'
import {
  buildComparison,
  readCatalogueSources,
  readConformanceFacts,
  readOperationFacts,
  type ComparedFacts,
} from '../catalog/compare'
import { buildVocabulary, similarEntries, vocabularyState } from '../catalog/similar'
import { HttpError } from '../errors'
import { rateLimitStore } from '../redis'
import { perAddressLimit } from './perAddress'
import type { ZodTypeProvider } from '../zodTypes'
import { createAnswerCache } from './answerCache'

export type CompareRouteOptions = {
  /** Requests per address per minute to each route (tests lower them). */
  perMinute?: Partial<typeof PER_MINUTE>
  /** Builds the similar-APIs vocabulary once the server is ready (on unless a test turns it off). */
  buildOnStart?: boolean
}

/**
 * Per address and minute, as the operation routes: far above what a person choosing between APIs
 * asks for, far below a crowd's. A comparison not kept reads up to four APIs' operations.
 */
const PER_MINUTE = { compare: 60, similar: 120 }

/** A failed build is tried again after this long, at the earliest. */
const RETRY_BUILD_AFTER_MS = 60_000
/** What a client is told to wait while the first build runs. */
const BUILDING_RETRY_AFTER_S = 30

const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400'

const sendNotModified = (reply: FastifyReply) => reply.code(304).send()

/**
 * GET /compare?ids=a,b,c and /apis/:id/similar. Builds the similar-APIs vocabulary once the seeds
 * are loaded (the catalogue and operation routes' onReady, registered before this).
 */
export const compareRoutes: FastifyPluginAsync<
  CompareRouteOptions,
  RawServerDefault,
  ZodTypeProvider
> = async (app, options) => {
  const perMinute = { ...PER_MINUTE, ...options.perMinute }
  const answers = createAnswerCache(8 * 1024 * 1024)

  await app.register(fastifyRateLimit, {
    global: false,
    ...rateLimitStore(app.redis, 'compare-'),
  })

  // Built in the background after start, and again when a similar list finds it missing or out
  // of date: a first build can be refused while the operations seed is still loading (the
  // database sheds calls that wait too long), and another instance may load newer seeds. A build
  // that failed is not tried again for a minute, so a crowd on the API pages cannot start one
  // build after another. A restart with the same seeds only reads two settings.
  let building: Promise<void> | undefined
  let currentFor: string | undefined
  let failedAt = -Infinity
  const ensureVocabulary = () => {
    if (performance.now() - failedAt < RETRY_BUILD_AFTER_MS) return
    building ??= (async () => {
      const started = performance.now()
      try {
        if (await buildVocabulary(app.db)) {
          app.log.info(
            { ms: Math.round(performance.now() - started) },
            'Built the similar-APIs vocabulary',
          )
        }
      } catch (error) {
        failedAt = performance.now()
        app.log.warn({ err: error }, 'Could not build the similar-APIs vocabulary')
      } finally {
        building = undefined
      }
    })()
  }
  app.addHook('onReady', async () => {
    if (options.buildOnStart !== false) ensureVocabulary()
  })
  app.addHook('preClose', async () => {
    await building
  })

  /** Sets the answer's ETag (from what the answer depends on); true when the client's is current. */
  const notModified = (request: FastifyRequest, key: string) => {
    const etag = `"${createHash('sha1').update(key).digest('base64url').slice(0, 27)}"`
    return {
      etag: `W/${etag}`,
      current: String(request.headers['if-none-match'] ?? '')
        .split(',')
        .some((tag) => tag.trim().replace(/^W\//, '') === etag),
    }
  }

  app.get(
    '/compare',
    {
      schema: { querystring: compareQuerySchema, response: { 200: compareResponseSchema } },
      config: perAddressLimit(perMinute.compare, 'comparisons'),
    },
    async (request, reply) => {
      const catalog = openedCatalog(app.db)
      const { ids } = request.query
      const records = await Promise.all(ids.map((id) => catalog.detail(id.toLowerCase())))
      const missing = ids.filter((_, index) => !records[index])
      if (missing.length > 0) {
        throw new HttpError(
          404,
          `ids: no API has the id ${missing.join(', ')}; use ids from the directory, e.g. stripe-com`,
        )
      }
      const entries = records.map((record) => record!.entry)
      const duplicate = entries.find((entry, index) => entries.indexOf(entry) !== index)
      if (duplicate) {
        throw new HttpError(
          400,
          `ids: two of them are versions of the same API (${duplicate}); give each API once`,
        )
      }
      app.healthBoard.refreshIfStale()
      const key = `${catalog.version}\n${app.healthBoard.version()}\ncompare:${ids.join(',')}`
      const { etag, current } = notModified(request, key)
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL)
      if (current) return sendNotModified(reply)
      return answers.send(reply, key, compareResponseSchema, async () => {
        const sources = await readCatalogueSources(app.db)
        const facts: ComparedFacts[] = []
        for (const record of records) {
          const api = record!
          facts.push({
            api,
            health: await app.healthBoard.detail(api.entry),
            operations: await readOperationFacts(app.db, api.id),
            conformance: await readConformanceFacts(app.db, api.entry),
          })
        }
        const data = {
          success: true,
          apis: facts.map(({ api }) => ({
            id: api.id,
            entry: api.entry,
            name: api.name,
            provider: api.provider,
            category: api.category,
          })),
          rows: buildComparison(sources, facts),
        } satisfies CompareResponse
        return { data, keep: true }
      })
    },
  )

  app.get(
    '/apis/:id/similar',
    {
      schema: { params: apiIdParamsSchema, response: { 200: similarResponseSchema } },
      config: perAddressLimit(perMinute.similar, 'similar APIs'),
    },
    async (request, reply) => {
      const catalog = openedCatalog(app.db)
      const record = await catalog.detail(request.params.id.toLowerCase())
      if (!record) throw new HttpError(404, 'API not found')
      const key = `${catalog.version}\nsimilar:${record.entry}`
      // Never waits for a build: an API page asks for this as it opens, and a first build takes
      // seconds of the database's time. Once current for this catalogue, it is not asked again.
      const vocabulary = currentFor === catalog.version ? 'current' : await vocabularyState(app.db)
      if (vocabulary === 'current') currentFor = catalog.version
      else ensureVocabulary()
      if (vocabulary === 'missing') {
        reply.header('retry-after', String(BUILDING_RETRY_AFTER_S))
        throw new HttpError(
          503,
          'Similar APIs are still being worked out from the directory. Try again in a minute.',
        )
      }
      reply.header('cache-control', vocabulary === 'current' ? CACHE_CONTROL : 'no-cache')
      return answers.send(reply, key, similarResponseSchema, async () => {
        const rows = await similarEntries(app.db, record.entry, SIMILAR_MAX)
        const similar = []
        for (const row of rows) {
          const api = await catalog.detail(row.id)
          if (!api) continue
          similar.push({
            id: api.id,
            name: api.name,
            provider: api.provider,
            summary: api.summary,
            category: api.category,
            sharedTerms: row.shared,
          })
        }
        const data = {
          success: true,
          data: { api: record.entry, similar },
        } satisfies SimilarResponse
        // Kept until the catalogue changes, unless it came from a vocabulary being rebuilt.
        return { data, keep: vocabulary === 'current' }
      })
    },
  )
}
