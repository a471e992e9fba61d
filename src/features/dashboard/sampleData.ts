import type { MarketingStats, RecentPost, ScheduledPost } from '@/contract/contentMarketing'

/**
 * What the content-marketing panel shows when its figures cannot be loaded (docs/analytics.md). The
 * panel says plainly that these are samples; they are never mixed with real figures.
 */
export const sampleMarketingStats: MarketingStats = {
  contentStats: { blogViews: 12450, socialEngagement: 3420, conversions: 156, reach: 45600 },
  socialStats: {
    linkedin: { posts: 24, engagement: 1850, reach: 18500 },
    twitter: { posts: 48, engagement: 1200, reach: 22100 },
    reddit: { posts: 12, engagement: 370, reach: 5000 },
  },
}

const hours = (now: number, offset: number) => new Date(now + offset * 3_600_000).toISOString()

export const sampleRecentPosts = (now: number): RecentPost[] => [
  {
    id: 'sample-1',
    platform: 'linkedin',
    title: 'How to integrate APIs in 2024: a step-by-step guide',
    status: 'published',
    engagement: 245,
    timestamp: hours(now, -2),
    delivery: 'network',
    url: null,
  },
  {
    id: 'sample-2',
    platform: 'twitter',
    title: 'Five API security mistakes we still see in code reviews',
    status: 'published',
    engagement: 89,
    timestamp: hours(now, -5),
    delivery: 'network',
    url: null,
  },
  {
    id: 'sample-3',
    platform: 'reddit',
    title: 'We catalogued 2,600 public APIs. Ask us anything',
    status: 'published',
    engagement: 156,
    timestamp: hours(now, -24),
    delivery: 'network',
    url: null,
  },
]

export const sampleScheduledPosts = (now: number): ScheduledPost[] => [
  {
    id: 'sample-4',
    platform: 'linkedin',
    title: 'Testing APIs effectively: contract tests in practice',
    scheduledTime: hours(now, 20),
    status: 'scheduled',
  },
  {
    id: 'sample-5',
    platform: 'twitter',
    title: 'Thread: rate limits, retries and idempotency keys',
    scheduledTime: hours(now, 44),
    status: 'scheduled',
  },
]

/** The three tiles besides Total APIs are samples in every mode, and say so (docs/analytics.md). */
export const sampleTiles = { activeProjects: 24, registeredUsers: 1284, revenue: 12450 }
