import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync, RawServerDefault } from 'fastify'
import { apiErrorSchema } from '../../src/contract/common'
import { testRequestSchema, testResponseSchema } from '../../src/contract/tester'
import { createGate, type GateLimits } from '../admission'
import { HttpError } from '../errors'
import {
  DEFAULT_TESTER_CLIENT_OPTIONS,
  sendTestRequest,
  VIA_MARKER,
  type TesterClientOptions,
} from '../tester/client'
import { SELF_REFUSAL_MESSAGE, TesterRefusal } from '../tester/guard'
import { maskUrl } from '../../src/shared/testerMask'
import { addressKey } from '../addressKey'
import { rateLimitStore } from '../redis'
import { recordRun } from '../tester/runs'
import { selfHostsOf } from '../tester/selfHosts'
import { OAUTH_RATE_LIMIT, testerOAuthRoutes } from './testerOAuth'
import type { ZodTypeProvider } from '../zodTypes'

export type TesterRouteOptions = Partial<
  Omit<TesterClientOptions, 'allowedHosts' | 'allowedPorts'>
> & {
  /** Requests per IP per window (docs/security.md: 20 a minute). */
  rateLimit?: { max: number; timeWindowMs: number }
  /** OAuth token and device requests per IP per window (30 a minute). */
  oauthRateLimit?: { max: number; timeWindowMs: number }
  /** Test requests one IP may have in flight at once. */
  maxInFlightPerIp?: number
  /** Test requests the whole process runs and queues (TESTER_LIMITS). */
  inFlight?: GateLimits
}

const DEFAULT_RATE_LIMIT = { max: 20, timeWindowMs: 60_000 }

/**
 * Test requests the process runs at once, and waiting: 64 upstreams at up to 2 MB each is 128 MB
 * of answers at worst; past 32 waiting, or 5 s of waiting, a request is answered 503 busy.
 */
export const TESTER_LIMITS: GateLimits = { concurrency: 64, maxQueued: 32, maxWaitMs: 5_000 }

export const testerRoutes: FastifyPluginAsync<
  TesterRouteOptions,
  RawServerDefault,
  ZodTypeProvider
> = async (app, options) => {
  const { config } = app
  const {
    rateLimit = DEFAULT_RATE_LIMIT,
    oauthRateLimit = OAUTH_RATE_LIMIT,
    maxInFlightPerIp = 4,
    inFlight: inFlightLimits = TESTER_LIMITS,
    ...clientOverrides
  } = options
  // However many addresses ask: each request holds a socket and up to 2 MB of answer for up to
  // 15 s, so the process as a whole runs a bounded number.
  const sending = createGate({ name: 'test requests', ...inFlightLimits })
  const clientOptions: TesterClientOptions = {
    ...DEFAULT_TESTER_CLIENT_OPTIONS,
    allowedHosts: config.testerAllowedHosts,
    allowedPorts: config.testerAllowedPorts,
    selfHosts: selfHostsOf(config.publicSiteUrl, config.port),
    ...clientOverrides,
  }

  await app.register(fastifyRateLimit, {
    global: false,
    // Shared by every instance when REDIS_URL is set.
    ...rateLimitStore(app.redis, 'tester-'),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        context.statusCode,
        `Too many test requests: at most ${context.max} a minute. Try again in ${context.after}.`,
      ),
  })

  // Under the same guard, client options and process-wide gate as every test request.
  await app.register(testerOAuthRoutes, {
    client: clientOptions,
    sending,
    rateLimit: oauthRateLimit,
  })

  const inFlight = new Map<string, number>()

  app.post(
    '/apis/test',
    {
      config: { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs } },
      schema: {
        body: testRequestSchema,
        response: { 200: testResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Validated (and defaulted) by testRequestSchema before the handler runs.
      const body = request.body
      const via = request.headers.via
      if ((Array.isArray(via) ? via.join(',') : (via ?? '')).includes(VIA_MARKER)) {
        throw new HttpError(400, SELF_REFUSAL_MESSAGE, 'blocked_self')
      }
      // Bytes come as base64 (a multipart upload): anything else would be sent garbled.
      if (
        body.bodyEncoding === 'base64' &&
        (typeof body.body !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(body.body))
      ) {
        throw new HttpError(
          400,
          "Body field 'body' must be base64 text when bodyEncoding is base64",
        )
      }
      // Keyed as the rate limit's default key is: an IPv6 client as its /64, which it usually
      // holds whole.
      const key = addressKey(request.ip)
      const running = inFlight.get(key) ?? 0
      if (running >= maxInFlightPerIp) {
        reply.header('retry-after', '1')
        throw new HttpError(
          429,
          `At most ${maxInFlightPerIp} test requests at once; wait for one to finish`,
        )
      }
      inFlight.set(key, running + 1)
      try {
        const data = await sending.run(() => sendTestRequest(body, clientOptions))
        // For the staff dashboard's Recent Activity; the answer does not wait for it.
        recordRun(app.db, {
          method: body.method,
          url: body.url,
          status: data.status,
          responseTime: data.responseTime,
        }).catch((error: unknown) => request.log.warn({ err: error }, 'Tester run not recorded'))
        reply.header('cache-control', 'no-store')
        return { success: true as const, data }
      } catch (error) {
        if (error instanceof TesterRefusal) {
          request.log.warn(
            { url: maskUrl(body.url), reason: error.message },
            'Tester refused a destination',
          )
          throw new HttpError(400, error.message, error.reason)
        }
        throw error
      } finally {
        const left = (inFlight.get(key) ?? 1) - 1
        if (left <= 0) inFlight.delete(key)
        else inFlight.set(key, left)
      }
    },
  )
}
