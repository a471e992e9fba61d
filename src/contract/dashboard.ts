import { z } from 'zod'

/** The staff dashboard's Recent Activity (spec.md §2, §3). */
export const ACTIVITY_TYPES = [
  'api_added',
  'user_signup',
  'project_created',
  'api_tested',
  'revenue',
  'post_published',
] as const
export const activityTypeSchema = z.enum(ACTIVITY_TYPES)
export type ActivityType = z.infer<typeof activityTypeSchema>

export const activitySchema = z.object({
  id: z.string(),
  type: activityTypeSchema,
  message: z.string(),
  timestamp: z.iso.datetime({ offset: true }),
  /** true for illustrative items of kinds the system does not record (projects, revenue). */
  sample: z.boolean(),
})
export type Activity = z.infer<typeof activitySchema>

export const activityResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(activitySchema),
})
export type ActivityResponse = z.infer<typeof activityResponseSchema>
