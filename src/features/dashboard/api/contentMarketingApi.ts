import type { ApiListResponse } from '@/contract/apis'
import type {
  MarketingStatsResponse,
  Network,
  PostResponse,
  RecentPostsResponse,
  ScheduledPostsResponse,
} from '@/contract/contentMarketing'
import type { ActivityResponse } from '@/contract/dashboard'
import { baseApi } from '@/lib/store/baseApi'

/** The staff routes take the signed-in person's access token: baseApi adds it (docs/architecture.md). */
const staff = { staff: true }

export type PostArgs = {
  network: Network
  content: string
  /** ISO date-time; absent posts now. */
  scheduledFor?: string
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Marketing', 'Activity'] })

/** The dashboard's calls: marketing figures and posts, posting, recent activity, the API count. */
export const contentMarketingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMarketingStats: build.query<MarketingStatsResponse, void>({
      query: () => 'content-marketing/stats',
      extraOptions: staff,
      providesTags: ['Marketing'],
    }),
    getRecentPosts: build.query<RecentPostsResponse, void>({
      query: () => 'content-marketing/recent-posts',
      extraOptions: staff,
      providesTags: ['Marketing'],
    }),
    getScheduledPosts: build.query<ScheduledPostsResponse, void>({
      query: () => 'content-marketing/scheduled-posts',
      extraOptions: staff,
      providesTags: ['Marketing'],
    }),
    getActivity: build.query<ActivityResponse['data'], void>({
      query: () => 'dashboard/activity',
      extraOptions: staff,
      transformResponse: (response: ActivityResponse) => response.data,
      providesTags: ['Activity'],
    }),
    postToNetwork: build.mutation<PostResponse, PostArgs>({
      query: ({ network, content, scheduledFor }) => ({
        url: `content-marketing/post-${network}`,
        method: 'POST',
        body: scheduledFor ? { content, scheduledFor } : { content },
      }),
      extraOptions: staff,
      // After a post the figures and lists reload, whatever the outcome.
      invalidatesTags: ['Marketing', 'Activity'],
    }),
    getCatalogueTotal: build.query<number, void>({
      query: () => ({ url: 'apis', params: { limit: 1 } }),
      transformResponse: (response: ApiListResponse) => response.data.total,
    }),
  }),
})

export const {
  useGetMarketingStatsQuery,
  useGetRecentPostsQuery,
  useGetScheduledPostsQuery,
  useGetActivityQuery,
  usePostToNetworkMutation,
  useGetCatalogueTotalQuery,
} = contentMarketingApi
