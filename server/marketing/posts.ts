import {
  NETWORKS,
  postTitle,
  type FailedPost,
  type MarketingStats,
  type Network,
  type RecentPost,
  type ScheduledPost,
} from '../../src/contract/contentMarketing'
import type { Queryable } from '../db/database'
import { trafficFigures } from '../analytics/events'
import { ConnectorError, type Connector } from './connectors'

type PostRow = {
  id: string
  platform: Network
  title: string
  content: string
  status: 'pending' | 'scheduled' | 'published' | 'failed'
  delivery: 'network' | 'outbox' | null
  scheduled_for: Date | string | null
  published_at: Date | string | null
  created_at: Date | string
  error: string | null
  external_url: string | null
  engagement: number
  author_id: string | null
}

// PGlite gives Date objects; keep one conversion for both drivers.
const iso = (value: Date | string) => new Date(value).toISOString()

export const toRecentPost = (row: PostRow): RecentPost => ({
  id: row.id,
  platform: row.platform,
  title: row.title,
  status: 'published',
  engagement: row.engagement,
  timestamp: iso(row.published_at ?? row.created_at),
  delivery: row.delivery ?? 'outbox',
  url: row.external_url,
})

export const toScheduledPost = (row: PostRow): ScheduledPost => ({
  id: row.id,
  platform: row.platform,
  title: row.title,
  scheduledTime: iso(row.scheduled_for ?? row.created_at),
  status: 'scheduled',
})

export const toFailedPost = (row: PostRow): FailedPost => ({
  id: row.id,
  platform: row.platform,
  title: row.title,
  status: 'failed',
  error: row.error ?? 'Sending failed',
  timestamp: iso(row.created_at),
})

const COLUMNS = `id, platform, title, content, status, delivery, scheduled_for, published_at,
  created_at, error, external_url, engagement, author_id`

/** Stores the post first (pending, or scheduled for later), before any connector runs. */
export const storePost = async (
  db: Queryable,
  post: { platform: Network; content: string; scheduledFor?: string; authorId?: string | null },
) => {
  const [row] = await db.query<PostRow>(
    `insert into marketing_posts (platform, content, title, status, scheduled_for, author_id)
     values ($1, $2, $3, $4, $5, $6)
     returning ${COLUMNS}`,
    [
      post.platform,
      post.content,
      postTitle(post.content) || 'Untitled post',
      post.scheduledFor ? 'scheduled' : 'pending',
      post.scheduledFor ?? null,
      post.authorId ?? null,
    ],
  )
  return row!
}

/**
 * Sends a stored pending post through its connector and records the outcome on the row:
 * published (to the network or the outbox), or failed with the reason. Never throws for a
 * connector's failure; the returned row says what happened.
 */
export const deliverPost = async (db: Queryable, connector: Connector, row: PostRow) => {
  try {
    const sent = await connector.send({ title: row.title, content: row.content })
    const [updated] = await db.query<PostRow>(
      `update marketing_posts
         set status = 'published', delivery = $2, published_at = now(), external_id = $3,
             external_url = $4, error = null, attempts = attempts + 1, updated_at = now()
       where id = $1
       returning ${COLUMNS}`,
      [row.id, sent ? 'network' : 'outbox', sent?.externalId ?? null, sent?.url ?? null],
    )
    return updated!
  } catch (error) {
    const reason =
      error instanceof ConnectorError ? error.message : 'Sending failed for an unexpected reason'
    const [updated] = await db.query<PostRow>(
      `update marketing_posts
         set status = 'failed', error = $2, attempts = attempts + 1, updated_at = now()
       where id = $1
       returning ${COLUMNS}`,
      [row.id, reason],
    )
    return updated!
  }
}

/**
 * Claims scheduled posts that are due, so that of several servers only one sends each, and
 * returns them as pending rows to deliver.
 */
export const claimDuePosts = (db: Queryable, limit = 10) =>
  db.query<PostRow>(
    `update marketing_posts set status = 'pending', updated_at = now()
     where id in (
       select id from marketing_posts
       where status = 'scheduled' and scheduled_for <= now()
       order by scheduled_for
       limit $1
       for update skip locked
     )
     returning ${COLUMNS}`,
    [limit],
  )

/** Marks a claimed post failed, with a reason staff can act on, without sending it. */
const failPost = async (db: Queryable, id: string, reason: string) => {
  const [updated] = await db.query<PostRow>(
    `update marketing_posts set status = 'failed', error = $2, updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [id, reason],
  )
  return updated!
}

export const AUTHOR_MAY_NOT_PUBLISH =
  'Not sent: its author may no longer publish (their role or permission changed after scheduling)'

/**
 * Sends the scheduled posts that are due, each only if its author may still publish when it goes
 * out: a role taken away after scheduling stops the post too. Returns the rows as they ended.
 */
export const sendDuePosts = async (
  db: Queryable,
  connectorOf: (network: Network) => Connector,
  authorMayPublish: (authorId: string) => Promise<boolean>,
) => {
  const sent: PostRow[] = []
  for (const due of await claimDuePosts(db)) {
    // A post from before authors were recorded has none to ask about.
    const allowed = due.author_id === null || (await authorMayPublish(due.author_id))
    sent.push(
      allowed
        ? await deliverPost(db, connectorOf(due.platform), due)
        : await failPost(db, due.id, AUTHOR_MAY_NOT_PUBLISH),
    )
  }
  return sent
}

/**
 * A post left pending for long was being sent when a server stopped: whether the network got it
 * is unknown, so it is marked failed (never sent twice) with a reason staff can act on.
 */
export const failInterruptedPosts = (db: Queryable, olderThanSeconds = 120) =>
  db.query<{ id: string }>(
    `update marketing_posts
       set status = 'failed', updated_at = now(),
           error = 'Sending was interrupted by a server restart; check the network before posting again'
     where status = 'pending' and updated_at < now() - make_interval(secs => $1)
     returning id`,
    [olderThanSeconds],
  )

export const recentPosts = async (db: Queryable, limit = 10) =>
  (
    await db.query<PostRow>(
      `select ${COLUMNS} from marketing_posts where status = 'published'
       order by published_at desc, id limit $1`,
      [limit],
    )
  ).map(toRecentPost)

export const scheduledPosts = async (db: Queryable, limit = 20) =>
  (
    await db.query<PostRow>(
      `select ${COLUMNS} from marketing_posts where status = 'scheduled'
       order by scheduled_for, id limit $1`,
      [limit],
    )
  ).map(toScheduledPost)

/** The panel's figures, from stored analytics events and published posts. */
export const marketingStats = async (db: Queryable): Promise<MarketingStats> => {
  const rows = await db.query<{
    platform: Network
    posts: string
    engagement: string
    reach: string
  }>(
    `select platform, count(*) as posts, coalesce(sum(engagement), 0) as engagement,
            coalesce(sum(reach), 0) as reach
     from marketing_posts where status = 'published' group by platform`,
  )
  const socialStats = Object.fromEntries(
    NETWORKS.map((network) => {
      const row = rows.find((candidate) => candidate.platform === network)
      return [
        network,
        {
          posts: Number(row?.posts ?? 0),
          engagement: Number(row?.engagement ?? 0),
          reach: Number(row?.reach ?? 0),
        },
      ]
    }),
  ) as MarketingStats['socialStats']
  const traffic = await trafficFigures(db)
  const totals = Object.values(socialStats)
  return {
    contentStats: {
      blogViews: traffic.blogViews,
      socialEngagement: totals.reduce((sum, stats) => sum + stats.engagement, 0),
      conversions: traffic.conversions,
      reach: totals.reduce((sum, stats) => sum + stats.reach, 0),
    },
    socialStats,
  }
}
