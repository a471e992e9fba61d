import { createSelector, type PayloadAction, type WithSlice } from '@reduxjs/toolkit'
import { createAppSlice } from '@/lib/store/createAppSlice'
import { rootReducer } from '@/lib/store/store'
import { samplePosts } from './samplePosts'
import type {
  Engagement,
  Platform,
  PlatformFilter,
  PostDraft,
  SocialPost,
  SocialPostsState,
} from './types'

export const initialSocialPostsState: SocialPostsState = { posts: samplePosts, filter: 'all' }

export const platformNames: Record<Platform, string> = {
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
}

/** The hashtag text is split on spaces and blank pieces are dropped. */
export function splitHashtags(text: string) {
  return text.split(' ').filter((piece) => piece.trim() !== '')
}

/** A new post's engagement: all zeros, with the counters its platform has. */
export function emptyEngagement(platform: Platform): Engagement {
  return platform === 'twitter'
    ? { likes: 0, retweets: 0, replies: 0, clicks: 0 }
    : { likes: 0, shares: 0, comments: 0, clicks: 0 }
}

function setStatus(
  state: SocialPostsState,
  id: number,
  from: SocialPost['status'],
  to: SocialPost['status'],
) {
  const post = state.posts.find((item) => item.id === id)
  if (post?.status === from) post.status = to
}

export type AnalyticsSummary = {
  likes: number
  shares: number
  comments: number
  clicks: number
}

export const socialPostsSlice = createAppSlice({
  name: 'socialPosts',
  initialState: initialSocialPostsState,
  reducers: (create) => ({
    /** A new post is a draft, with no validation; it goes to the top of the list. */
    postCreated: create.reducer((state, { payload }: PayloadAction<PostDraft>) => {
      state.posts.unshift({
        id: payload.id,
        platform: payload.platform,
        content: payload.content,
        scheduledTime: payload.scheduledTime,
        status: 'draft',
        engagement: emptyEngagement(payload.platform),
        hashtags: splitHashtags(payload.hashtags),
        media: null,
      })
    }),
    /** Schedule: draft → scheduled; any other status is left as it is. */
    postScheduled: create.reducer((state, { payload }: PayloadAction<{ id: number }>) => {
      setStatus(state, payload.id, 'draft', 'scheduled')
    }),
    /** Publish Now: scheduled → published; a published post has no further action. */
    postPublished: create.reducer((state, { payload }: PayloadAction<{ id: number }>) => {
      setStatus(state, payload.id, 'scheduled', 'published')
    }),
    platformFilterChanged: create.reducer((state, { payload }: PayloadAction<PlatformFilter>) => {
      state.filter = payload
    }),
    socialPostsRestored: create.reducer(
      (_state, { payload }: PayloadAction<SocialPostsState>) => payload,
    ),
    socialPostsReset: create.reducer(() => initialSocialPostsState),
  }),
  selectors: {
    selectSocialPostsState: (state) => state,
    selectPosts: (state) => state.posts,
    selectPlatformFilter: (state) => state.filter,
  },
})

declare module '@/lib/store/store' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof socialPostsSlice> {}
}

const injected = socialPostsSlice.injectInto(rootReducer)

export const {
  postCreated,
  postScheduled,
  postPublished,
  platformFilterChanged,
  socialPostsRestored,
  socialPostsReset,
} = socialPostsSlice.actions

export const { selectSocialPostsState, selectPosts, selectPlatformFilter } = injected.selectors

/** The posts of the chosen platform, or every post. */
export const selectFilteredPosts = createSelector(
  [selectPosts, selectPlatformFilter],
  (posts, filter) => (filter === 'all' ? posts : posts.filter((post) => post.platform === filter)),
)

/**
 * The Analytics Summary: Total Likes, Shares, Comments and Clicks over the filtered posts. Retweets
 * count as shares and replies as comments, so Twitter's engagement is not left out of the totals.
 */
export const selectAnalyticsSummary = createSelector([selectFilteredPosts], (posts) =>
  posts.reduce<AnalyticsSummary>(
    (total, { engagement: e }) => ({
      likes: total.likes + e.likes,
      shares: total.shares + (e.shares ?? 0) + (e.retweets ?? 0),
      comments: total.comments + (e.comments ?? 0) + (e.replies ?? 0),
      clicks: total.clicks + e.clicks,
    }),
    { likes: 0, shares: 0, comments: 0, clicks: 0 },
  ),
)
