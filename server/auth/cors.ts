import type { FastifyInstance } from 'fastify'

// What supabase-js sends and must be able to read. The tokens travel in headers, never in
// cookies, so any origin may call: a page elsewhere gains nothing it could not do with the tokens
// it would need anyway (docs/security.md).
const ALLOW_HEADERS =
  'authorization, apikey, content-type, x-client-info, x-supabase-api-version, prefer, accept, accept-profile, content-profile, range, x-retry-count'
const EXPOSE_HEADERS =
  'x-supabase-api-version, content-range, preference-applied, x-total-count, link'

/** CORS for one scope (/auth/v1 or /rest/v1), with preflights answered by the scope itself. */
export const registerCors = (scope: FastifyInstance, methods: string) => {
  scope.addHook('onRequest', async (request, reply) => {
    if (!request.headers.origin) return
    reply.header('access-control-allow-origin', '*')
    reply.header('access-control-expose-headers', EXPOSE_HEADERS)
    reply.header('vary', 'origin')
  })
  scope.options('/*', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*')
    reply.header('access-control-allow-methods', methods)
    reply.header('access-control-allow-headers', ALLOW_HEADERS)
    reply.header('access-control-max-age', '600')
    return reply.code(204).send()
  })
}
