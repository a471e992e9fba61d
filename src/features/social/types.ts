import { z } from 'zod'

export const platforms = ['twitter', 'linkedin', 'facebook', 'instagram'] as const
export const postStatuses = ['draft', 'scheduled', 'published'] as const

export const platformSchema = z.enum(platforms)
export type Platform = z.infer<typeof platformSchema>
export type PlatformFilter = Platform | 'all'

/** Likes and clicks, plus retweets and replies on Twitter, shares and comments elsewhere. */
export const engagementSchema = z.object({
  likes: z.number(),
  clicks: z.number(),
  retweets: z.number().optional(),
  replies: z.number().optional(),
  shares: z.number().optional(),
  comments: z.number().optional(),
})
export type Engagement = z.infer<typeof engagementSchema>

export const socialPostSchema = z.object({
  id: z.number(),
  platform: platformSchema,
  content: z.string(),
  /** ISO date-time as the form's date-and-time input gives it (local time); may be empty. */
  scheduledTime: z.string(),
  status: z.enum(postStatuses),
  engagement: engagementSchema,
  hashtags: z.array(z.string()),
  media: z.string().nullable(),
})
export type SocialPost = z.infer<typeof socialPostSchema>
export type PostStatus = SocialPost['status']

export const socialPostsStateSchema = z.object({
  posts: z.array(socialPostSchema),
  filter: z.union([platformSchema, z.literal('all')]),
})
export type SocialPostsState = z.infer<typeof socialPostsStateSchema>

/** What the Create New Post form sends: hashtags as typed, one space-separated text. */
export type PostDraft = {
  id: number
  platform: Platform
  content: string
  scheduledTime: string
  hashtags: string
}
