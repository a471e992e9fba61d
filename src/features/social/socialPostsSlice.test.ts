import { describe, expect, it } from 'vitest'
import { makeStore } from '@/lib/store/store'
import {
  platformFilterChanged,
  postCreated,
  postPublished,
  postScheduled,
  selectAnalyticsSummary,
  selectFilteredPosts,
  selectPosts,
  socialPostsReset,
  socialPostsRestored,
  splitHashtags,
} from './socialPostsSlice'
import { samplePosts } from './samplePosts'
import type { SocialPost } from './types'

const post = (store: ReturnType<typeof makeStore>, id: number) =>
  selectPosts(store.getState()).find((item) => item.id === id)

describe('social posts slice', () => {
  it('starts with four samples: Twitter and Instagram scheduled, LinkedIn and Facebook published', () => {
    const store = makeStore()
    const posts = selectPosts(store.getState())
    expect(posts.map((p) => [p.platform, p.status])).toEqual([
      ['twitter', 'scheduled'],
      ['instagram', 'scheduled'],
      ['linkedin', 'published'],
      ['facebook', 'published'],
    ])
    expect(posts.filter((p) => p.status === 'published').every((p) => p.engagement.likes > 0)).toBe(
      true,
    )
  })

  it('splits hashtags on spaces and drops blank pieces', () => {
    expect(splitHashtags('#API  #Developer   #Tech ')).toEqual(['#API', '#Developer', '#Tech'])
    expect(splitHashtags('')).toEqual([])
    expect(splitHashtags('   ')).toEqual([])
    expect(splitHashtags('API,Tech #x')).toEqual(['API,Tech', '#x'])
  })

  it('creates a draft at the top without validation: empty content and time are accepted', () => {
    const store = makeStore()
    store.dispatch(
      postCreated({ id: 10, platform: 'twitter', content: '', scheduledTime: '', hashtags: ' ' }),
    )
    store.dispatch(
      postCreated({
        id: 11,
        platform: 'linkedin',
        content: 'Hello',
        scheduledTime: '2026-03-01T10:00',
        hashtags: '#API #Developer',
      }),
    )
    const posts = selectPosts(store.getState())
    expect(posts).toHaveLength(6)
    expect(posts[0]).toEqual<SocialPost>({
      id: 11,
      platform: 'linkedin',
      content: 'Hello',
      scheduledTime: '2026-03-01T10:00',
      status: 'draft',
      engagement: { likes: 0, shares: 0, comments: 0, clicks: 0 },
      hashtags: ['#API', '#Developer'],
      media: null,
    })
    expect(posts[1]).toMatchObject({
      id: 10,
      content: '',
      scheduledTime: '',
      status: 'draft',
      hashtags: [],
      engagement: { likes: 0, retweets: 0, replies: 0, clicks: 0 },
    })
  })

  it('schedules only drafts and publishes only scheduled posts', () => {
    const store = makeStore()
    store.dispatch(
      postCreated({ id: 10, platform: 'facebook', content: 'x', scheduledTime: '', hashtags: '' }),
    )
    store.dispatch(postPublished({ id: 10 }))
    expect(post(store, 10)?.status).toBe('draft')
    store.dispatch(postScheduled({ id: 10 }))
    expect(post(store, 10)?.status).toBe('scheduled')
    store.dispatch(postScheduled({ id: 10 }))
    expect(post(store, 10)?.status).toBe('scheduled')
    store.dispatch(postPublished({ id: 10 }))
    expect(post(store, 10)?.status).toBe('published')
    // Published has no further action.
    store.dispatch(postScheduled({ id: 10 }))
    store.dispatch(postPublished({ id: 10 }))
    expect(post(store, 10)?.status).toBe('published')
    store.dispatch(postPublished({ id: 404 }))
    expect(selectPosts(store.getState())).toHaveLength(5)
  })

  it('filters by platform and sums the analytics over the filtered posts', () => {
    const store = makeStore()
    expect(selectFilteredPosts(store.getState())).toHaveLength(4)
    expect(selectAnalyticsSummary(store.getState())).toEqual({
      likes: 228,
      shares: 62,
      comments: 48,
      clicks: 478,
    })

    store.dispatch(platformFilterChanged('linkedin'))
    expect(selectFilteredPosts(store.getState()).map((p) => p.id)).toEqual([3])
    expect(selectAnalyticsSummary(store.getState())).toEqual({
      likes: 142,
      shares: 38,
      comments: 17,
      clicks: 311,
    })

    store.dispatch(platformFilterChanged('twitter'))
    expect(selectAnalyticsSummary(store.getState())).toEqual({
      likes: 0,
      shares: 0,
      comments: 0,
      clicks: 0,
    })
  })

  it('counts Twitter retweets as shares and replies as comments', () => {
    const tweet: SocialPost = {
      ...samplePosts[0]!,
      status: 'published',
      engagement: { likes: 5, retweets: 3, replies: 2, clicks: 7 },
    }
    const store = makeStore({ socialPosts: { posts: [tweet], filter: 'twitter' } })
    expect(selectAnalyticsSummary(store.getState())).toEqual({
      likes: 5,
      shares: 3,
      comments: 2,
      clicks: 7,
    })
  })

  it('gives an empty list and zero totals for a platform with no posts', () => {
    const store = makeStore({
      socialPosts: { posts: samplePosts.filter((p) => p.platform !== 'facebook'), filter: 'all' },
    })
    store.dispatch(platformFilterChanged('facebook'))
    expect(selectFilteredPosts(store.getState())).toEqual([])
    expect(selectAnalyticsSummary(store.getState()).likes).toBe(0)
  })

  it('restores saved posts and resets to the samples', () => {
    const store = makeStore()
    store.dispatch(socialPostsRestored({ posts: [], filter: 'instagram' }))
    expect(selectPosts(store.getState())).toEqual([])
    store.dispatch(socialPostsReset())
    expect(selectPosts(store.getState())).toEqual(samplePosts)
    expect(selectFilteredPosts(store.getState())).toHaveLength(4)
  })
})
