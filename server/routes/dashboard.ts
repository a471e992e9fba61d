import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify'
import { NETWORK_NAMES, type Network } from '../../src/contract/contentMarketing'
import {
  activityInputText,
  activityResponseSchema,
  type Activity,
  type ActivityInput,
  type ActivityResponse,
} from '../../src/contract/dashboard'
import { storedSeed, type StoredSeed } from '../catalog/load'
import type { ZodTypeProvider } from '../zodTypes'

export type DashboardRouteOptions = {
  /** Answers 401 unless the request carries a valid staff access token. */
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
}

const LIMIT = 10
const iso = (value: Date | string) => new Date(value).toISOString()
const count = new Intl.NumberFormat('en-US')
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/**
 * An account holder's text as an item's input, never as part of its message: they could otherwise
 * write a line that reads as a system event (a name such as `Catalogue loaded: 0 APIs`).
 */
const inputOf = (from: ActivityInput['from'], text: string): ActivityInput | null => {
  const shown = activityInputText(text)
  return shown === undefined ? null : { from, text: shown }
}

// Values the system wrote, checked again here because they are spliced into its sentences.
const ROLES = new Set(['admin', 'user', 'viewer'])

const catalogueLoaded = (seed: StoredSeed): Activity => ({
  id: 'catalogue',
  type: 'api_added',
  // Records, each version apart: the Total APIs tile counts directory entries, versions grouped.
  message: `Catalogue loaded: ${count.format(seed.apis ?? 0)} API records, each version counted`,
  input: null,
  timestamp: iso(seed.loadedAt),
  sample: false,
})

/**
 * The API tester's runs of the last hour as one line, dated by the newest: how many, and nothing
 * a visitor chose (host, status, timing).
 */
const visitorTests = (runs: number, latest: Date | string): Activity => ({
  id: 'visitor-tests',
  type: 'api_tested',
  message: `${count.format(runs)} visitor ${runs === 1 ? 'test' : 'tests'} in the last hour`,
  input: null,
  timestamp: iso(latest),
  sample: false,
})

/** Kinds the system does not record; shown as illustrations, marked as samples. */
const samples = (now: number): Activity[] => [
  {
    id: 'sample-project',
    type: 'project_created',
    message: "Project 'Payments revamp' created",
    input: null,
    timestamp: new Date(now - 3 * 3_600_000).toISOString(),
    sample: true,
  },
  {
    id: 'sample-revenue',
    type: 'revenue',
    message: `${usd.format(1250)} from Pro plan upgrades`,
    input: null,
    timestamp: new Date(now - 26 * 3_600_000).toISOString(),
    sample: true,
  },
]

/** GET /dashboard/activity: what happened lately, from the system's own records. */
export const dashboardRoutes: FastifyPluginAsync<
  DashboardRouteOptions,
  RawServerDefault,
  ZodTypeProvider
> = async (app, options) => {
  app.addHook('onRequest', options.authenticate)

  app.get(
    '/dashboard/activity',
    { schema: { response: { 200: activityResponseSchema } } },
    async (_request, reply) => {
      const { db } = app
      const [[tests], accounts, posts, seed] = await Promise.all([
        // Counted, never listed: a visitor's runs would otherwise fill the list with text and
        // timings the visitor chose, and push staff and system events out of it.
        db.query<{ runs: number; latest: Date | null }>(
          `select count(*)::int as runs, max(created_at) as latest from tester_runs
           where created_at > now() - interval '1 hour'`,
        ),
        db.query<{ id: string; full_name: string; role: string; created_at: Date }>(
          'select id, full_name, role, created_at from profiles order by created_at desc limit $1',
          [LIMIT],
        ),
        db.query<{
          id: string
          platform: Network
          title: string
          delivery: string
          published_at: Date
        }>(
          `select id, platform, title, delivery, published_at from marketing_posts
           where status = 'published' order by published_at desc limit $1`,
          [LIMIT],
        ),
        storedSeed(db),
      ])

      const real: Activity[] = [
        ...(tests?.latest ? [visitorTests(Number(tests.runs), tests.latest)] : []),
        // The name is the account's own (npm run staff, or the person through /rest/v1).
        ...accounts.map((account) => ({
          id: `user-${account.id}`,
          type: 'user_signup' as const,
          message: `New staff account (${ROLES.has(account.role) ? account.role : 'other role'})`,
          input: inputOf('staff', account.full_name),
          timestamp: iso(account.created_at),
          sample: false,
        })),
        ...posts.map((post) => ({
          id: `post-${post.id}`,
          type: 'post_published' as const,
          message: `Posted to ${NETWORK_NAMES[post.platform]}${post.delivery === 'outbox' ? ' (outbox)' : ''}`,
          input: inputOf('staff', post.title),
          timestamp: iso(post.published_at),
          sample: false,
        })),
        ...(seed ? [catalogueLoaded(seed)] : []),
      ]
        .sort((a, b) => b.timestamp.localeCompare(a.timestamp))
        .slice(0, LIMIT)

      reply.header('cache-control', 'no-store')
      return { success: true, data: [...real, ...samples(Date.now())] } satisfies ActivityResponse
    },
  )
}
