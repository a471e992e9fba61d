import type { SocialPost } from './types'

/** The four sample posts: two scheduled (Twitter, Instagram), two published. */
export const samplePosts: SocialPost[] = [
  {
    id: 1,
    platform: 'twitter',
    content:
      'Looking for a payments, maps or weather API? API Atlas lists 1000+ APIs across 18 categories, each one ready to try in the browser.',
    scheduledTime: '2026-02-03T09:30',
    status: 'scheduled',
    engagement: { likes: 0, retweets: 0, replies: 0, clicks: 0 },
    hashtags: ['#API', '#Developer', '#Tech'],
    media: null,
  },
  {
    id: 2,
    platform: 'instagram',
    content:
      'Behind the scenes: how we test every API in our directory before it reaches your project.',
    scheduledTime: '2026-02-04T17:00',
    status: 'scheduled',
    engagement: { likes: 0, shares: 0, comments: 0, clicks: 0 },
    hashtags: ['#APITesting', '#DevLife'],
    media: 'api-tester-preview.png',
  },
  {
    id: 3,
    platform: 'linkedin',
    content:
      'New on the blog: API security best practices for startups. Keys, scopes, rate limits and what to log.',
    scheduledTime: '2026-01-27T08:00',
    status: 'published',
    engagement: { likes: 142, shares: 38, comments: 17, clicks: 311 },
    hashtags: ['#APISecurity', '#Startups'],
    media: null,
  },
  {
    id: 4,
    platform: 'facebook',
    content:
      'Ten APIs every startup should know, from payments to messaging. Which one is missing?',
    scheduledTime: '2026-01-29T12:15',
    status: 'published',
    engagement: { likes: 86, shares: 24, comments: 31, clicks: 167 },
    hashtags: ['#API', '#Startups', '#Tech'],
    media: null,
  },
]
