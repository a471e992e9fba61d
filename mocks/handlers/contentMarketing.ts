import { delay, http, HttpResponse } from 'msw'
import type { ApiError } from '@/contract/common'
import type {
  Connectors,
  MarketingStatsResponse,
  Network,
  PostResponse,
  RecentPost,
  RecentPostsResponse,
  ScheduledPost,
  ScheduledPostsResponse,
} from '@/contract/contentMarketing'
import type { ActivityResponse } from '@/contract/dashboard'
import { publishRefusal } from '@/contract/staffRoles'
import {
  activity,
  connectedNetworks,
  failedPostResponse,
  marketingStats,
  outboxNetworks,
  outboxPostResponse,
  outboxRecentPosts,
  recentPosts,
  scheduledPosts,
} from '../data/contentMarketing'

const base = '*/api/content-marketing'
const unavailable = () =>
  HttpResponse.json({ success: false, error: 'The database is unavailable' } satisfies ApiError, {
    status: 503,
  })

const reads = (connectors: Connectors, recent: RecentPost[], scheduled: ScheduledPost[]) => [
  http.get(`${base}/stats`, () =>
    HttpResponse.json({
      success: true,
      data: marketingStats,
      connectors,
    } satisfies MarketingStatsResponse),
  ),
  http.get(`${base}/recent-posts`, () =>
    HttpResponse.json({ success: true, data: recent, connectors } satisfies RecentPostsResponse),
  ),
  http.get(`${base}/scheduled-posts`, () =>
    HttpResponse.json({
      success: true,
      data: scheduled,
      connectors,
    } satisfies ScheduledPostsResponse),
  ),
]

/** Answers a post as the server would, naming the network it was sent to. */
const published = (connectors: Connectors) =>
  http.post<{ network: Network }>(`${base}/post-:network`, async ({ request, params }) => {
    const { content } = (await request.json()) as { content: string }
    const outbox = connectors[params.network] === 'outbox'
    return HttpResponse.json({
      ...outboxPostResponse,
      data: {
        post: {
          ...outboxPostResponse.data.post,
          platform: params.network,
          title: content.split('\n')[0] ?? content,
          delivery: outbox ? 'outbox' : 'network',
        } as RecentPost,
      },
      message: outbox ? outboxPostResponse.message : 'Published.',
      connectors,
    } satisfies PostResponse)
  })

/** The dashboard's content-marketing routes. */
export const contentMarketingHandlers = {
  default: [...reads(connectedNetworks, recentPosts, scheduledPosts), published(connectedNetworks)],
  /** A fresh install: no network credentials, posts go to the outbox. */
  outbox: [...reads(outboxNetworks, outboxRecentPosts, []), published(outboxNetworks)],
  empty: [...reads(outboxNetworks, [], []), published(outboxNetworks)],
  error: [http.get(`${base}/*`, unavailable), http.post(`${base}/*`, unavailable)],
  loading: [
    http.get(`${base}/*`, async () => {
      await delay('infinite')
      return unavailable()
    }),
  ],
  /** Reads work; a post never gets its answer. */
  posting: [
    ...reads(connectedNetworks, recentPosts, scheduledPosts),
    http.post(`${base}/post-:network`, async () => {
      await delay('infinite')
      return HttpResponse.json(outboxPostResponse)
    }),
  ],
  /** The network refused the post; the server kept it. */
  postFailed: [
    ...reads(connectedNetworks, recentPosts, scheduledPosts),
    http.post(`${base}/post-:network`, () =>
      HttpResponse.json(failedPostResponse, { status: 502 }),
    ),
  ],
  /** The server refuses the post: the account's role no longer lets it publish. */
  postForbidden: [
    ...reads(connectedNetworks, recentPosts, scheduledPosts),
    http.post(`${base}/post-:network`, () =>
      HttpResponse.json(
        {
          success: false,
          error: publishRefusal({ role: 'user', permissions: [] }),
        } satisfies ApiError,
        { status: 403 },
      ),
    ),
  ],
  /** The account has posted as often as the server allows for now. */
  postRateLimited: [
    ...reads(connectedNetworks, recentPosts, scheduledPosts),
    http.post(`${base}/post-:network`, () =>
      HttpResponse.json(
        {
          success: false,
          error:
            'Too many posts from this account: at most 10 an hour, scheduled ones included. Try again in 42 minutes.',
        } satisfies ApiError,
        { status: 429, headers: { 'retry-after': '2520' } },
      ),
    ),
  ],
  /** Our own server did not answer the post at all. */
  postNetworkError: [
    ...reads(connectedNetworks, recentPosts, scheduledPosts),
    http.post(`${base}/post-:network`, () => HttpResponse.error()),
  ],
}

const activityUrl = '*/api/dashboard/activity'

/** The dashboard's Recent Activity and its Total APIs tile. */
export const dashboardHandlers = {
  default: [
    http.get(activityUrl, () =>
      HttpResponse.json({ success: true, data: activity } satisfies ActivityResponse),
    ),
  ],
  error: [http.get(activityUrl, unavailable)],
  loading: [
    http.get(activityUrl, async () => {
      await delay('infinite')
      return unavailable()
    }),
  ],
}
