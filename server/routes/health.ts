import type { FastifyPluginAsync, RawServerDefault } from 'fastify'
import { healthSchema, type Health } from '../../src/contract/health'
import type { ZodTypeProvider } from '../zodTypes'

// A load balancer's probe must get an answer quickly even when the database hangs.
export const PING_TIMEOUT_MS = 2000

const withTimeout = async <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

export const healthRoutes: FastifyPluginAsync<
  Record<never, never>,
  RawServerDefault,
  ZodTypeProvider
> = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      try {
        await withTimeout(app.db.ping(), PING_TIMEOUT_MS)
        return { status: 'ok', db: 'ok' } satisfies Health
      } catch (error) {
        request.log.warn({ err: error }, 'Database ping failed')
        return reply.code(503).send({ status: 'degraded', db: 'down' } satisfies Health)
      }
    },
  )
}
