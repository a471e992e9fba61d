import { z } from 'zod'

/** Content marketing on the staff dashboard (docs/analytics.md): figures, posts, posting. */

export const NETWORKS = ['linkedin', 'twitter', 'reddit'] as const
export const networkSchema = z.enum(NETWORKS, {
  message: `must be one of ${NETWORKS.join(', ')}`,
})
export type Network = z.infer<typeof networkSchema>

export const NETWORK_NAMES: Record<Network, string> = {
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  reddit: 'Reddit',
}

/** The most characters each network takes in one post (Reddit: a self post's text). */
export const POST_LIMITS: Record<Network, number> = {
  linkedin: 3000,
  twitter: 280,
  reddit: 40000,
}

/**
 * How a network is reached: `connected` sends through its API with configured credentials;
 * `outbox` stores the post here only, because no credentials are configured (docs/analytics.md).
 */
export const connectorModeSchema = z.enum(['connected', 'outbox'])
export type ConnectorMode = z.infer<typeof connectorModeSchema>
export const connectorsSchema = z.object({
  linkedin: connectorModeSchema,
  twitter: connectorModeSchema,
  reddit: connectorModeSchema,
})
export type Connectors = z.infer<typeof connectorsSchema>

const networkStatsSchema = z.object({
  posts: z.number().int().nonnegative(),
  engagement: z.number().int().nonnegative(),
  reach: z.number().int().nonnegative(),
})
export type NetworkStats = z.infer<typeof networkStatsSchema>

export const marketingStatsSchema = z.object({
  contentStats: z.object({
    /** Page views of /blog and /blog/{slug}. */
    blogViews: z.number().int().nonnegative(),
    /** Engagement summed over every network's posts. */
    socialEngagement: z.number().int().nonnegative(),
    /** Visits that came from a post's network and reached the tester or an API page. */
    conversions: z.number().int().nonnegative(),
    /** Reach summed over every network's posts. */
    reach: z.number().int().nonnegative(),
  }),
  socialStats: z.object({
    linkedin: networkStatsSchema,
    twitter: networkStatsSchema,
    reddit: networkStatsSchema,
  }),
})
export type MarketingStats = z.infer<typeof marketingStatsSchema>

/** Where a post went: the network itself, or the local outbox. */
export const deliverySchema = z.enum(['network', 'outbox'])

export const recentPostSchema = z.object({
  id: z.string(),
  platform: networkSchema,
  title: z.string(),
  status: z.literal('published'),
  engagement: z.number().int().nonnegative(),
  /** ISO date-time of publication. */
  timestamp: z.iso.datetime({ offset: true }),
  delivery: deliverySchema,
  /** The post on the network, when it was sent there. */
  url: z.url().nullable(),
})
export type RecentPost = z.infer<typeof recentPostSchema>

export const scheduledPostSchema = z.object({
  id: z.string(),
  platform: networkSchema,
  title: z.string(),
  scheduledTime: z.iso.datetime({ offset: true }),
  status: z.literal('scheduled'),
})
export type ScheduledPost = z.infer<typeof scheduledPostSchema>

/** A post whose sending failed: kept, with the reason, so nothing is lost. */
export const failedPostSchema = z.object({
  id: z.string(),
  platform: networkSchema,
  title: z.string(),
  status: z.literal('failed'),
  error: z.string(),
  timestamp: z.iso.datetime({ offset: true }),
})
export type FailedPost = z.infer<typeof failedPostSchema>

const withConnectors = { connectors: connectorsSchema }

export const marketingStatsResponseSchema = z.object({
  success: z.literal(true),
  data: marketingStatsSchema,
  ...withConnectors,
})
export type MarketingStatsResponse = z.infer<typeof marketingStatsResponseSchema>

export const recentPostsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(recentPostSchema),
  ...withConnectors,
})
export type RecentPostsResponse = z.infer<typeof recentPostsResponseSchema>

export const scheduledPostsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(scheduledPostSchema),
  ...withConnectors,
})
export type ScheduledPostsResponse = z.infer<typeof scheduledPostsResponseSchema>

export const postParamsSchema = z.object({ network: networkSchema })

export const postRequestSchema = z.object({
  content: z
    .string({ message: 'must be text' })
    .refine((text) => text.trim().length > 0, 'must not be empty'),
  /** Publish later instead of now: an ISO date-time in the future. */
  scheduledFor: z.iso
    .datetime({ offset: true, message: 'must be an ISO date-time such as 2026-12-01T09:00:00Z' })
    .optional(),
})
export type PostRequest = z.infer<typeof postRequestSchema>

export const postResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  /** What was stored, whatever happened when sending. */
  data: z.object({ post: z.union([recentPostSchema, scheduledPostSchema, failedPostSchema]) }),
  /** A sentence for people: where the post went, and whether outbox mode is on. */
  message: z.string(),
  ...withConnectors,
})
export type PostResponse = z.infer<typeof postResponseSchema>

/** The title a list shows for a post: its first line, shortened. */
export const postTitle = (content: string, max = 80) => {
  const firstLine = content.trim().split('\n')[0]?.replace(/\s+/g, ' ').trim() ?? ''
  return firstLine.length > max ? `${firstLine.slice(0, max - 1).trimEnd()}…` : firstLine
}
