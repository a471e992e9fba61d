import { createHash } from 'node:crypto'
import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify'
import { apiIdParamsSchema } from '../../src/contract/apis'
import {
  operationDetailResponseSchema,
  operationListQuerySchema,
  operationListResponseSchema,
  operationParamsSchema,
  type OperationDetailResponse,
  type OperationListResponse,
} from '../../src/contract/operations'
import {
  loadOperations,
  loadOverlayOperations,
  loadSyntheticOperations,
} from '../catalog/operationsLoad'
import { indexOperationWords, searchOperations } from '../catalog/operationSearch'
import { settleSearch } from '../catalog/searchDb'
import { OPERATIONS_SEED_DIR } from '../catalog/operationsSeed'
import {
  apiExists,
  listOperations,
  operationDetail,
  operationSet,
} from '../catalog/operationsStore'
import { createSourceStore, SOURCES_SEED_DIR } from '../catalog/sourcesSeed'
import { HttpError } from '../errors'
import { rateLimitStore } from '../redis'
import { perAddressLimit } from './perAddress'
import type { ZodTypeProvider } from '../zodTypes'
import { createAnswerCache } from './answerCache'

export type OperationRouteOptions = {
  /** The folder of the operations seed's shards; the committed one by default. */
  seedDir?: string
  /** false: use whatever the tables hold (a test that loads its own). */
  load?: boolean
  /** The folder of the source documents' seed; the committed one by default. */
  sourcesDir?: string
  /** Requests per address per minute to each route (tests lower them). */
  perMinute?: Partial<typeof PER_MINUTE>
}

/**
 * Per address and minute: far above what a person reading the pages asks for, far below a
 * crowd's. A list comes in pages of 300 operations and the app asks for every page of an API it
 * explains (the largest API has 39), so lists get as many as single operations. An answer kept in
 * memory costs little, but the first of each is a database read and a serialisation.
 */
const PER_MINUTE = { list: 600, operation: 600, document: 60 }

const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400'

/** ETag and Cache-Control for an answer that depends only on the seed and the key; true: 304 sent. */
const notModified = (
  request: FastifyRequest,
  reply: FastifyReply,
  version: string,
  key: string,
) => {
  const digest = createHash('sha1').update(`${version}\n${key}`).digest('base64url')
  const etag = `W/"${digest.slice(0, 27)}"`
  reply.header('etag', etag).header('cache-control', CACHE_CONTROL)
  const header = request.headers['if-none-match']
  if (
    header === undefined ||
    !header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''))
  ) {
    return false
  }
  reply.code(304).send()
  return true
}

/**
 * GET /apis/:id/operations, /apis/:id/operations/:operationKey and /apis/:id/openapi.json.
 * Loads the operations seed on ready, when its hash changed.
 */
export const operationRoutes: FastifyPluginAsync<
  OperationRouteOptions,
  RawServerDefault,
  ZodTypeProvider
> = async (app, options) => {
  let version = 'unloaded'
  const sources = createSourceStore(options.sourcesDir ?? SOURCES_SEED_DIR)
  const perMinute = { ...PER_MINUTE, ...options.perMinute }
  // A page of the list as sent, per seed version: the largest API's 11,422 operations were 3.8 MB
  // built afresh on every request; now a page is at most 300 operations, under 256 KB, and built once.
  const answers = createAnswerCache(16 * 1024 * 1024)

  await app.register(fastifyRateLimit, {
    global: false,
    ...rateLimitStore(app.redis, 'operations-'),
  })

  const overlay = new Map(app.config.catalogueOverlay?.apis.map((api) => [api.record.id, api]))
  app.addHook('onReady', async () => {
    if (options.load !== false) {
      const result = await loadOperations(app.db, options.seedDir ?? OPERATIONS_SEED_DIR)
      if (result.loaded) {
        app.log.info(
          { apis: result.apis, operations: result.operations, ms: Math.round(result.ms) },
          'Loaded the operations seed',
        )
        app.seedsLoaded.push('the operations seed')
      }
      version = result.hash
    }
    // A scale test's synthetic APIs (ATLAS_SYNTHETIC_APIS) have operations as the real ones do,
    // written again whenever the seed's are.
    const { syntheticApis } = app.config
    const synthetic = await loadSyntheticOperations(app.db, syntheticApis, version)
    if (synthetic.loaded) {
      app.log.info(
        { apis: synthetic.apis, operations: synthetic.operations, ms: Math.round(synthetic.ms) },
        'Wrote the synthetic APIs’ operations',
      )
      app.seedsLoaded.push('the synthetic operations')
    }
    if (syntheticApis > 0) version = `${version}:synthetic-${syntheticApis}`
    // After the seed's, which a new seed replaces whole (and also when the seed is not loaded: an
    // overlay's entries always have their operations). A changed document changes every ETag.
    const { catalogueOverlay } = app.config
    if (catalogueOverlay || options.load !== false) {
      await loadOverlayOperations(
        app.db,
        [...overlay.values()].map((api) => api.operations),
      )
    }
    if (catalogueOverlay) version = `${version}:${catalogueOverlay.hash}`
    // Entries whose operation words are not indexed yet (all of them after a load, an overlay's).
    if ((await indexOperationWords(app.db)) > 0) await settleSearch(app.db)
  })

  /** The API's operation set; 404 when the API is unknown. Undefined for an API without a document. */
  const setOf = async (id: string) => {
    const set = await operationSet(app.db, id)
    if (set) return set
    if (!(await apiExists(app.db, id))) throw new HttpError(404, 'API not found')
    return undefined
  }

  app.get(
    '/apis/:id/operations',
    {
      config: perAddressLimit(perMinute.list, 'operation lists'),
      schema: {
        params: apiIdParamsSchema,
        querystring: operationListQuerySchema,
        response: { 200: operationListResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const { page, limit } = request.query
      const search = request.query.search || undefined
      const key = `operations:${id}:${page}:${limit}${search === undefined ? '' : `:${search}`}`
      // Kept answers are known to exist; the ETag depends on the seed and the key alone.
      if (notModified(request, reply, version, key)) return reply
      return answers.send(reply, `${version}\n${key}`, operationListResponseSchema, async () => {
        const set = await setOf(id)
        // A search of no words (punctuation only) matches nothing rather than everything.
        const found =
          set && search !== undefined
            ? ((await searchOperations(app.db, id, search, { page, limit })) ?? {
                operations: [],
                total: 0,
              })
            : undefined
        const data = {
          success: true,
          data: {
            apiId: id,
            servers: set?.servers ?? [],
            operations:
              found?.operations ?? (set ? await listOperations(app.db, id, { page, limit }) : []),
            total: found?.total ?? set?.operationCount ?? 0,
            page,
            limit,
          },
        } satisfies OperationListResponse
        return { data, keep: true }
      })
    },
  )

  app.get(
    '/apis/:id/operations/:operationKey',
    {
      config: perAddressLimit(perMinute.operation, 'operations'),
      schema: { params: operationParamsSchema, response: { 200: operationDetailResponseSchema } },
    },
    async (request, reply) => {
      const { id, operationKey } = request.params
      const set = await setOf(id)
      const operation = set && (await operationDetail(app.db, id, operationKey, set.servers))
      if (!operation) {
        throw new HttpError(
          404,
          `Operation not found: ${JSON.stringify(operationKey.slice(0, 200))}`,
        )
      }
      if (notModified(request, reply, version, `operation:${id}:${operationKey}`)) return reply
      return { success: true, data: { operation } } satisfies OperationDetailResponse
    },
  )

  // The document as published: its exact bytes from the seed where the budget kept them, else the
  // package's own copy of the same bytes on the npm CDN; failing an index, the provider's address.
  app.get(
    '/apis/:id/openapi.json',
    {
      config: perAddressLimit(perMinute.document, 'source documents'),
      schema: { params: apiIdParamsSchema },
    },
    async (request, reply) => {
      const { id } = request.params
      const local = overlay.get(id)
      if (local) {
        reply.header('cache-control', CACHE_CONTROL).header('x-openapi-format', local.format)
        return reply
          .type(
            local.format === 'yaml'
              ? 'application/yaml; charset=utf-8'
              : 'application/json; charset=utf-8',
          )
          .header('content-disposition', `inline; filename="${id}.openapi.${local.format}"`)
          .send(local.text)
      }
      const set = await setOf(id)
      if (!set) throw new HttpError(404, 'This API has no OpenAPI document in the catalogue')
      const document = await sources.find(id)
      if (!document) {
        if (!set.sourceUrl)
          throw new HttpError(404, 'The source of this API’s document is not known')
        reply.header('cache-control', CACHE_CONTROL).header('x-openapi-format', set.sourceFormat)
        return reply.redirect(set.sourceUrl, 302)
      }
      reply.header('cache-control', CACHE_CONTROL).header('x-openapi-format', document.format)
      if (!document.shard) return reply.redirect(await sources.elsewhere(document), 302)
      // Strong: the same bytes, whatever the seed around them.
      const etag = `"${document.sha256.slice(0, 32)}"`
      reply.header('etag', etag)
      const asked = request.headers['if-none-match']
      if (asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.code(304).send()
      }
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `inline; filename="${id}.openapi.json"`)
        .send(await sources.read(document))
    },
  )
}
