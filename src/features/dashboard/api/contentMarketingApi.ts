import type { ApiListResponse } from '@/contract/apis'
import type {
  MarketingStatsResponse,
  Network,
  PostResponse,
  RecentPostsResponse,
  ScheduledPostsResponse,
} from '@/contract/contentMarketing'
import type { ActivityResponse } from '@/contract/dashboard'
import { baseApi } from '@/app/store/baseApi'

/** The staff routes take the signed-in person's access token (DESIGN.md §5). */
const asStaff = (url: string, accessToken: string) => ({
  url,
  headers: { authorization: `Bearer ${accessToken}` },
})

export type PostArgs = {
  accessToken: string
  network: Network
  content: string
  /** ISO date-time; absent posts now. */
  scheduledFor?: string
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Marketing', 'Activity'] })

/** The dashboard's calls: marketing figures and posts, posting, recent activity, the API count. */
export const contentMarketingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMarketingStats: build.query<MarketingStatsResponse, string>({
      query: (accessToken) => asStaff('content-marketing/stats', accessToken),
      providesTags: ['Marketing'],
    }),
    getRecentPosts: build.query<RecentPostsResponse, string>({
      query: (accessToken) => asStaff('content-marketing/recent-posts', accessToken),
      providesTags: ['Marketing'],
    }),
    getScheduledPosts: build.query<ScheduledPostsResponse, string>({
      query: (accessToken) => asStaff('content-marketing/scheduled-posts', accessToken),
      providesTags: ['Marketing'],
    }),
    getActivity: build.query<ActivityResponse['data'], string>({
      query: (accessToken) => asStaff('dashboard/activity', accessToken),
      transformResponse: (response: ActivityResponse) => response.data,
      providesTags: ['Activity'],
    }),
    postToNetwork: build.mutation<PostResponse, PostArgs>({
      query: ({ accessToken, network, content, scheduledFor }) => ({
        ...asStaff(`content-marketing/post-${network}`, accessToken),
        method: 'POST',
        body: scheduledFor ? { content, scheduledFor } : { content },
      }),
      // After a post the figures and lists reload (spec.md §7), whatever the outcome.
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
