import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import {
  analyticsAcceptedSchema,
  analyticsBatchSchema,
  isTrackedPath,
  type AnalyticsAccepted,
  type AnalyticsBatch,
} from '../../src/contract/analytics'
import { insertEvents } from '../analytics/events'
import { HttpError, clip, formatIssues } from '../errors'
import { rateLimitStore } from '../redis'

export type AnalyticsRouteOptions = {
  /** Batches per IP per window; a page sends one every few seconds at most. */
  rateLimit?: { max: number; timeWindowMs: number }
}

const DEFAULT_RATE_LIMIT = { max: 120, timeWindowMs: 60_000 }

/** Do-Not-Track and Global Privacy Control: the visitor asked not to be counted. */
const optedOut = (request: FastifyRequest) =>
  request.headers.dnt === '1' || request.headers['sec-gpc'] === '1'

export const analyticsRoutes: FastifyPluginAsync<AnalyticsRouteOptions> = async (app, options) => {
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT
  await app.register(fastifyRateLimit, {
    global: false,
    // Shared by every instance when REDIS_URL is set.
    ...rateLimitStore(app.redis, 'analytics-'),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        context.statusCode,
        `Too many analytics batches: at most ${context.max} a minute. Try again in ${context.after}.`,
      ),
  })

  // navigator.sendBeacon sends a string as text/plain; its content is the same JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'not valid JSON'
      done(new HttpError(400, `Malformed JSON in request body: ${clip(reason)}`))
    }
  })

  app.post<{ Body: AnalyticsBatch }>(
    '/analytics/events',
    {
      config: { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs } },
      schema: { response: { 202: analyticsAcceptedSchema } },
    },
    async (request, reply) => {
      // Validated here rather than by the route schema, so a beacon's text/plain body is too.
      const parsed = analyticsBatchSchema.safeParse(request.body)
      if (!parsed.success) throw new HttpError(400, formatIssues('body', parsed.error.issues))
      const { events } = parsed.data
      const kept = optedOut(request) ? [] : events.filter((event) => isTrackedPath(event.path))
      await insertEvents(app.db, kept)
      reply.code(202).header('cache-control', 'no-store')
      return {
        success: true,
        data: { accepted: kept.length, ignored: events.length - kept.length },
      } satisfies AnalyticsAccepted
    },
  )
}
