import type {
  Connectors,
  MarketingStats,
  PostResponse,
  RecentPost,
  ScheduledPost,
} from '@/contract/contentMarketing'
import type { Activity } from '@/contract/dashboard'

/** The moment the dashboard fixtures are written against; stories pass it as the clock. */
export const DASHBOARD_NOW = Date.parse('2026-11-20T12:00:00Z')

export const connectedNetworks: Connectors = {
  linkedin: 'connected',
  twitter: 'connected',
  reddit: 'connected',
}

/** A fresh install: no network credentials, so every post goes to the outbox. */
export const outboxNetworks: Connectors = {
  linkedin: 'outbox',
  twitter: 'outbox',
  reddit: 'outbox',
}

export const marketingStats: MarketingStats = {
  contentStats: { blogViews: 3184, socialEngagement: 912, conversions: 47, reach: 20450 },
  socialStats: {
    linkedin: { posts: 6, engagement: 540, reach: 11200 },
    twitter: { posts: 9, engagement: 301, reach: 7650 },
    reddit: { posts: 2, engagement: 71, reach: 1600 },
  },
}

export const recentPosts: RecentPost[] = [
  {
    id: '5b0f1f7e-6a57-4c2e-9a43-0e8f3f1c2d01',
    platform: 'linkedin',
    title: 'API security best practices: the checklist we use in reviews',
    status: 'published',
    engagement: 212,
    timestamp: '2026-11-20T09:30:00.000Z',
    delivery: 'network',
    url: 'https://www.linkedin.com/feed/update/urn%3Ali%3Ashare%3A7001/',
  },
  {
    id: '5b0f1f7e-6a57-4c2e-9a43-0e8f3f1c2d02',
    platform: 'twitter',
    title: 'Retries without duplicates: idempotency keys in 3 steps',
    status: 'published',
    engagement: 64,
    timestamp: '2026-11-19T16:05:00.000Z',
    delivery: 'network',
    url: 'https://x.com/i/web/status/1990000000000000001',
  },
]

export const outboxRecentPosts: RecentPost[] = [
  {
    id: '5b0f1f7e-6a57-4c2e-9a43-0e8f3f1c2d03',
    platform: 'linkedin',
    title: 'New on the blog: how to test APIs effectively',
    status: 'published',
    engagement: 0,
    timestamp: '2026-11-20T11:40:00.000Z',
    delivery: 'outbox',
    url: null,
  },
]

export const scheduledPosts: ScheduledPost[] = [
  {
    id: '5b0f1f7e-6a57-4c2e-9a43-0e8f3f1c2d04',
    platform: 'reddit',
    title: 'We catalogued 2,600 public APIs: what surprised us',
    scheduledTime: '2026-11-21T15:00:00.000Z',
    status: 'scheduled',
  },
]

export const outboxPostResponse: PostResponse = {
  success: true,
  error: null,
  data: { post: outboxRecentPosts[0]! },
  message:
    'Saved to the outbox. LinkedIn is not connected, so nothing was sent to LinkedIn: outbox mode is on.',
  connectors: outboxNetworks,
}

export const failedPostResponse: PostResponse = {
  success: false,
  error: 'LinkedIn refused the post (HTTP 401: The token used in the request has expired)',
  data: {
    post: {
      id: '5b0f1f7e-6a57-4c2e-9a43-0e8f3f1c2d05',
      platform: 'linkedin',
      title: 'New on the blog: how to test APIs effectively',
      status: 'failed',
      error: 'LinkedIn refused the post (HTTP 401: The token used in the request has expired)',
      timestamp: '2026-11-20T11:41:00.000Z',
    },
  },
  message:
    'The post is saved but was not published: LinkedIn refused the post (HTTP 401: The token used in the request has expired)',
  connectors: connectedNetworks,
}

export const activity: Activity[] = [
  {
    // Visitors' tester runs are counted in one line, never listed with what they typed;
    // the line is dated by the newest.
    id: 'visitor-tests',
    type: 'api_tested',
    message: '14 visitor tests in the last hour',
    input: null,
    timestamp: '2026-11-20T11:52:00.000Z',
    sample: false,
  },
  {
    id: 'post-5b0f1f7e',
    type: 'post_published',
    message: 'Posted to LinkedIn',
    input: { from: 'staff', text: 'API security best practices: the checklist we use in reviews' },
    timestamp: '2026-11-20T09:30:00.000Z',
    sample: false,
  },
  {
    id: 'user-2',
    type: 'user_signup',
    message: 'New staff account (user)',
    input: { from: 'staff', text: 'Grace Hopper' },
    timestamp: '2026-11-19T14:00:00.000Z',
    sample: false,
  },
  {
    id: 'catalogue',
    type: 'api_added',
    message: 'Catalogue loaded: 2,639 API records, each version counted',
    input: null,
    timestamp: '2026-11-18T07:00:00.000Z',
    sample: false,
  },
  {
    id: 'sample-project',
    type: 'project_created',
    message: "Project 'Payments revamp' created",
    input: null,
    timestamp: '2026-11-20T09:00:00.000Z',
    sample: true,
  },
  {
    id: 'sample-revenue',
    type: 'revenue',
    message: '$1,250.00 from Pro plan upgrades',
    input: null,
    timestamp: '2026-11-19T10:00:00.000Z',
    sample: true,
  },
]
