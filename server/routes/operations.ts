import { createHash } from 'node:crypto'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify'
import { apiIdParamsSchema } from '../../src/contract/apis'
import {
  operationDetailResponseSchema,
  operationListResponseSchema,
  operationParamsSchema,
  type OperationDetailResponse,
  type OperationListResponse,
} from '../../src/contract/operations'
import { loadOperations } from '../catalog/operationsLoad'
import { OPERATIONS_SEED_DIR } from '../catalog/operationsSeed'
import {
  apiExists,
  listOperations,
  operationDetail,
  operationSet,
} from '../catalog/operationsStore'
import { createSourceStore, SOURCES_SEED_DIR } from '../catalog/sourcesSeed'
import { HttpError } from '../errors'
import type { ZodTypeProvider } from '../zodTypes'

export type OperationRouteOptions = {
  /** The folder of the operations seed's shards; the committed one by default. */
  seedDir?: string
  /** false: use whatever the tables hold (a test that loads its own). */
  load?: boolean
  /** The folder of the source documents' seed; the committed one by default. */
  sourcesDir?: string
}

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

  app.addHook('onReady', async () => {
    if (options.load === false) return
    const result = await loadOperations(app.db, options.seedDir ?? OPERATIONS_SEED_DIR)
    if (result.loaded) {
      app.log.info(
        { apis: result.apis, operations: result.operations, ms: Math.round(result.ms) },
        'Loaded the operations seed',
      )
    }
    version = result.hash
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
    { schema: { params: apiIdParamsSchema, response: { 200: operationListResponseSchema } } },
    async (request, reply) => {
      const { id } = request.params
      const set = await setOf(id)
      if (notModified(request, reply, version, `operations:${id}`)) return reply
      return {
        success: true,
        data: {
          apiId: id,
          servers: set?.servers ?? [],
          operations: set ? await listOperations(app.db, id) : [],
        },
      } satisfies OperationListResponse
    },
  )

  app.get(
    '/apis/:id/operations/:operationKey',
    { schema: { params: operationParamsSchema, response: { 200: operationDetailResponseSchema } } },
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
    { schema: { params: apiIdParamsSchema } },
    async (request, reply) => {
      const { id } = request.params
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
