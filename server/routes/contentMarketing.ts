import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify'
import {
  NETWORK_NAMES,
  POST_LIMITS,
  marketingStatsResponseSchema,
  postParamsSchema,
  postRequestSchema,
  postResponseSchema,
  recentPostsResponseSchema,
  scheduledPostsResponseSchema,
  type Network,
  type PostRequest,
  type PostResponse,
} from '../../src/contract/contentMarketing'
import { addressKey } from '../addressKey'
import { HttpError } from '../errors'
import { connectorModes, type Connectors } from '../marketing/connectors'
import {
  deliverPost,
  failInterruptedPosts,
  marketingStats,
  recentPosts,
  scheduledPosts,
  sendDuePosts,
  storePost,
  toFailedPost,
  toRecentPost,
  toScheduledPost,
} from '../marketing/posts'
import { rateLimitStore } from '../redis'
import type { ZodTypeProvider } from '../zodTypes'

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
type RateLimit = { max: number; timeWindowMs: number }

export type ContentMarketingRouteOptions = {
  /** Answers 401 unless the request carries a valid staff access token. */
  authenticate: Hook
  /**
   * Runs after `authenticate` on what acts on the company's social accounts (posting, scheduling):
   * answers 403 unless the caller may publish. Reading needs only `authenticate`.
   */
  authorizePublish: Hook
  /** Whether a scheduled post's author may still publish when it falls due. */
  authorMayPublish: (authorId: string) => Promise<boolean>
  /** Posts and scheduled posts per staff account per window. */
  postRateLimit?: RateLimit
  /** The signed-in staff member's id, recorded as a post's author. */
  staffId?: (request: FastifyRequest) => string | null
  connectors: Connectors
  /** How often scheduled posts are checked for being due; 0 turns the scheduler off (tests). */
  schedulerIntervalMs?: number
}

const SCHEDULER_INTERVAL_MS = 30_000

/**
 * A person posting by hand sends a few a day; a stolen token or a script would send dozens in a
 * row to the company's accounts. Counted per account, so a second address gains nothing.
 */
export const DEFAULT_POST_RATE_LIMIT: RateLimit = { max: 10, timeWindowMs: 60 * 60_000 }

const inWords = (seconds: number) =>
  seconds < 90 ? `${seconds} s` : `${Math.ceil(seconds / 60)} minutes`
const windowWords = (ms: number) =>
  ms === 3_600_000
    ? 'an hour'
    : ms === 60_000
      ? 'a minute'
      : `per ${inWords(Math.round(ms / 1000))}`

const outboxNote = (network: Network) =>
  `${NETWORK_NAMES[network]} is not connected, so nothing was sent to ${NETWORK_NAMES[network]}: outbox mode is on`

export const contentMarketingRoutes: FastifyPluginAsync<
  ContentMarketingRouteOptions,
  RawServerDefault,
  ZodTypeProvider
> = async (app, options) => {
  const { connectors, authenticate, authorizePublish } = options
  const modes = connectorModes(connectors)
  const schedulerIntervalMs = options.schedulerIntervalMs ?? SCHEDULER_INTERVAL_MS
  const postRateLimit = options.postRateLimit ?? DEFAULT_POST_RATE_LIMIT

  await app.register(fastifyRateLimit, {
    global: false,
    // Shared by every instance when REDIS_URL is set, as the other limits are.
    ...rateLimitStore(app.redis, 'marketing-posts-'),
  })
  const postsByAccount = app.createRateLimit({
    max: postRateLimit.max,
    timeWindow: postRateLimit.timeWindowMs,
    // Only signed-in publishers get this far; the address is a fallback that never applies.
    keyGenerator: (request) =>
      `account:${options.staffId?.(request) ?? `ip:${addressKey(request.ip)}`}`,
  })
  /** Counts one post for the caller's account; past the limit answers 429 with Retry-After. */
  const countPost = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await postsByAccount(request)
    if (result.isAllowed || !result.isExceeded) return
    const retryAfter = Math.max(1, Math.ceil(result.ttlInSeconds))
    request.log.warn({ key: result.key }, 'Post rate limit reached')
    reply.header('retry-after', String(retryAfter))
    throw new HttpError(
      429,
      `Too many posts from this account: at most ${postRateLimit.max} ${windowWords(postRateLimit.timeWindowMs)}, scheduled ones included. Try again in ${inWords(retryAfter)}.`,
    )
  }

  // Before the body is even parsed: a stranger learns nothing about what a valid post looks like.
  app.addHook('onRequest', authenticate)
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  app.get(
    '/content-marketing/stats',
    { schema: { response: { 200: marketingStatsResponseSchema } } },
    async () => ({ success: true as const, data: await marketingStats(app.db), connectors: modes }),
  )

  app.get(
    '/content-marketing/recent-posts',
    { schema: { response: { 200: recentPostsResponseSchema } } },
    async () => ({ success: true as const, data: await recentPosts(app.db), connectors: modes }),
  )

  app.get(
    '/content-marketing/scheduled-posts',
    { schema: { response: { 200: scheduledPostsResponseSchema } } },
    async () => ({ success: true as const, data: await scheduledPosts(app.db), connectors: modes }),
  )

  app.post<{ Params: { network: Network }; Body: PostRequest }>(
    '/content-marketing/post-:network',
    {
      // After authenticate, before the body is parsed: a reader learns nothing from trying.
      onRequest: authorizePublish,
      schema: {
        params: postParamsSchema,
        body: postRequestSchema,
        response: { 200: postResponseSchema, 202: postResponseSchema, 502: postResponseSchema },
      },
    },
    async (request, reply) => {
      const { network } = request.params
      const { content, scheduledFor } = request.body
      const name = NETWORK_NAMES[network]
      const limit = POST_LIMITS[network]
      if (content.length > limit) {
        throw new HttpError(
          400,
          `Body field 'content': ${name} takes at most ${limit} characters; this post has ${content.length}`,
        )
      }
      if (scheduledFor && Date.parse(scheduledFor) <= Date.now()) {
        throw new HttpError(400, "Body field 'scheduledFor': must be in the future")
      }
      // Counted once the post is valid, so a mistake does not use up the account's allowance.
      await countPost(request, reply)

      const stored = await storePost(app.db, {
        platform: network,
        content,
        scheduledFor,
        authorId: options.staffId?.(request) ?? null,
      })
      const connector = connectors[network]

      if (stored.status === 'scheduled') {
        const when = toScheduledPost(stored).scheduledTime
        return reply.code(202).send({
          success: true,
          error: null,
          data: { post: toScheduledPost(stored) },
          message:
            connector.mode === 'outbox'
              ? `Scheduled for ${when}. ${outboxNote(network)}.`
              : `Scheduled for ${name} at ${when}.`,
          connectors: modes,
        } satisfies PostResponse)
      }

      const delivered = await deliverPost(app.db, connector, stored)
      if (delivered.status === 'failed') {
        request.log.warn({ postId: delivered.id, network, reason: delivered.error }, 'Post failed')
        return reply.code(502).send({
          success: false,
          error: delivered.error ?? 'Sending failed',
          data: { post: toFailedPost(delivered) },
          message: `The post is saved but was not published: ${delivered.error ?? 'sending failed'}`,
          connectors: modes,
        } satisfies PostResponse)
      }
      return {
        success: true,
        error: null,
        data: { post: toRecentPost(delivered) },
        message:
          delivered.delivery === 'outbox'
            ? `Saved to the outbox. ${outboxNote(network)}.`
            : `Published on ${name}.`,
        connectors: modes,
      } satisfies PostResponse
    },
  )

  if (schedulerIntervalMs > 0) {
    let running = false
    const tick = async () => {
      if (running) return
      running = true
      try {
        await failInterruptedPosts(app.db)
        const due = await sendDuePosts(
          app.db,
          (network) => connectors[network],
          options.authorMayPublish,
        )
        for (const post of due) {
          app.log.info({ postId: post.id, status: post.status }, 'Scheduled post handled')
        }
      } catch (error) {
        app.log.warn({ err: error }, 'Scheduled posts could not be checked')
      } finally {
        running = false
      }
    }
    let timer: NodeJS.Timeout | undefined
    app.addHook('onReady', async () => {
      timer = setInterval(() => void tick(), schedulerIntervalMs)
      timer.unref()
    })
    app.addHook('onClose', async () => clearInterval(timer))
  }
}
