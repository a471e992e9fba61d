import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync, FastifyRequest, RawServerDefault } from 'fastify'
import {
  analyticsAcceptedSchema,
  analyticsBatchSchema,
  analyticsVisitSchema,
  type AnalyticsAccepted,
  type AnalyticsVisit,
} from '../../src/contract/analytics'
import { isTrackedPath } from '../../src/shared/routes'
import {
  loadVisitSecret,
  newVisitId,
  signVisitToken,
  verifyVisitToken,
} from '../analytics/visitToken'
import { deleteExpiredVisits, recordVisitEvents, type IndexedEvent } from '../analytics/visits'
import { HttpError, formatIssues, jsonBodyParser } from '../errors'
import { rateLimitStore } from '../redis'
import type { ZodTypeProvider } from '../zodTypes'

type RateLimit = { max: number; timeWindowMs: number }

export type AnalyticsRouteOptions = {
  /** Batches per address per window; a page sends one every few seconds at most. */
  rateLimit?: RateLimit
  /**
   * New visits (tokens) per address per window: each costs a page one request per tab session,
   * and caps what one address can make the figures say.
   */
  visitRateLimit?: RateLimit
  /** How long a visit's token is good for. */
  visitTtlMs?: number
  /** The clock (tests move it). */
  now?: () => number
}

const DEFAULT_RATE_LIMIT: RateLimit = { max: 120, timeWindowMs: 60_000 }
const DEFAULT_VISIT_RATE_LIMIT: RateLimit = { max: 120, timeWindowMs: 60 * 60_000 }
const DEFAULT_VISIT_TTL_MS = 12 * 60 * 60_000

const perWindow = ({ timeWindowMs: ms }: RateLimit) =>
  ms === 60_000 ? 'a minute' : ms === 3_600_000 ? 'an hour' : `per ${Math.round(ms / 1000)} s`

/** Do-Not-Track and Global Privacy Control: the visitor asked not to be counted. */
const optedOut = (request: FastifyRequest) =>
  request.headers.dnt === '1' || request.headers['sec-gpc'] === '1'

export const analyticsRoutes: FastifyPluginAsync<
  AnalyticsRouteOptions,
  RawServerDefault,
  ZodTypeProvider
> = async (app, options) => {
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT
  const visitRateLimit = options.visitRateLimit ?? DEFAULT_VISIT_RATE_LIMIT
  const visitTtlMs = options.visitTtlMs ?? DEFAULT_VISIT_TTL_MS
  const now = options.now ?? Date.now
  await app.register(fastifyRateLimit, {
    global: false,
    // Shared by every instance when REDIS_URL is set; an IPv6 client counts as its /64.
    ...rateLimitStore(app.redis, 'analytics-'),
  })

  // Read once per instance; a failed read (database down) is tried again on the next request.
  let secret: Promise<Buffer> | undefined
  const visitSecret = () =>
    (secret ??= loadVisitSecret(app.db).catch((error: unknown) => {
      secret = undefined
      throw error
    }))

  // navigator.sendBeacon sends a string as text/plain; its content is the same JSON.
  // The same guards as application/json (depth, prototype keys), not a bare JSON.parse.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, jsonBodyParser('text/plain'))

  // A page asks once per visit; the token is what its batches must carry.
  app.post(
    '/analytics/visits',
    {
      config: {
        rateLimit: {
          max: visitRateLimit.max,
          timeWindow: visitRateLimit.timeWindowMs,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              context.statusCode,
              `Too many analytics visits from this address: at most ${context.max} ${perWindow(visitRateLimit)}. Try again in ${context.after}.`,
            ),
        },
      },
      schema: { response: { 201: analyticsVisitSchema } },
    },
    async (_request, reply) => {
      const key = await visitSecret()
      const issuedAt = now()
      const claims = { visitId: newVisitId(), issuedAt, expiresAt: issuedAt + visitTtlMs }
      reply.code(201).header('cache-control', 'no-store')
      return {
        success: true,
        data: { token: signVisitToken(key, claims), issuedAt, expiresAt: claims.expiresAt },
      } satisfies AnalyticsVisit
    },
  )

  app.post(
    '/analytics/events',
    {
      config: {
        rateLimit: {
          max: rateLimit.max,
          timeWindow: rateLimit.timeWindowMs,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              context.statusCode,
              `Too many analytics batches: at most ${context.max} ${perWindow(rateLimit)}. Try again in ${context.after}.`,
            ),
        },
      },
      schema: { response: { 202: analyticsAcceptedSchema } },
    },
    async (request, reply) => {
      // Validated here rather than by the route schema, so a beacon's text/plain body is too.
      const parsed = analyticsBatchSchema.safeParse(request.body)
      if (!parsed.success) throw new HttpError(400, formatIssues('body', parsed.error.issues))
      const { token, events } = parsed.data
      // The visitor asked not to be counted: nothing is checked or stored.
      const counted = !optedOut(request)
      const kept: IndexedEvent[] = counted
        ? events.flatMap((event, index) => (isTrackedPath(event.path) ? [{ index, event }] : []))
        : []
      const at = now()
      const claims = counted ? verifyVisitToken(await visitSecret(), token, at) : null
      if (claims && kept.length > 0) {
        const firstBatch = await recordVisitEvents(app.db, claims, kept, at)
        if (firstBatch) {
          // Once per visit, so the table's upkeep costs each visit about one row's delete.
          await deleteExpiredVisits(app.db, at).catch((error: unknown) =>
            request.log.warn({ err: error }, 'Could not delete expired analytics visits'),
          )
        }
      }
      reply.code(202).header('cache-control', 'no-store')
      return {
        success: true,
        data: { accepted: kept.length, ignored: events.length - kept.length },
      } satisfies AnalyticsAccepted
    },
  )
}
