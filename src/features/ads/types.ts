import { z } from 'zod'

/** Draft, Active or Paused: the samples are Active or Paused, a new campaign is a Draft. */
export const campaignStatuses = ['Draft', 'Active', 'Paused'] as const

export const campaignSchema = z.object({
  /** A timestamp for new campaigns. */
  id: z.number(),
  name: z.string(),
  status: z.enum(campaignStatuses),
  budget: z.number(),
  spent: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  /** Click-through rate in percent. */
  ctr: z.number(),
  /** Cost per click in US dollars. */
  cpc: z.number(),
  conversions: z.number(),
  /** Conversions per click in percent. */
  conversionRate: z.number(),
  keywords: z.array(z.string()),
  adGroups: z.number(),
  ads: z.number(),
})

export type Campaign = z.infer<typeof campaignSchema>
export type CampaignStatus = Campaign['status']

export const campaignsStateSchema = z.object({ campaigns: z.array(campaignSchema) })
export type CampaignsState = z.infer<typeof campaignsStateSchema>
