import { describe, expect, it } from 'vitest'
import { makeStore } from '@/lib/store/store'
import {
  campaignCreated,
  campaignsReset,
  campaignsRestored,
  campaignStatusToggled,
  selectCampaignById,
  selectCampaigns,
  selectTotalBudget,
  selectTotalClicks,
  selectTotalConversions,
  selectTotalSpent,
  toggleLabel,
} from './campaignsSlice'
import { sampleCampaigns } from './sampleCampaigns'

describe('campaigns slice', () => {
  it('starts with the three sample campaigns: budgets 1000, 2000, 800, Active or Paused', () => {
    const store = makeStore()
    const campaigns = selectCampaigns(store.getState())
    expect(campaigns.map((c) => c.budget)).toEqual([1000, 2000, 800])
    expect(campaigns.map((c) => c.status)).toEqual(['Active', 'Active', 'Paused'])
    for (const campaign of campaigns) {
      expect(campaign.keywords.length).toBeGreaterThan(0)
      // The sample figures agree with each other: CTR, CPC and conversion rate follow from them.
      expect(campaign.ctr).toBeCloseTo((campaign.clicks / campaign.impressions) * 100, 6)
      expect(campaign.cpc).toBeCloseTo(campaign.spent / campaign.clicks, 6)
      expect(campaign.conversionRate).toBeCloseTo((campaign.conversions / campaign.clicks) * 100, 6)
    }
  })

  it('sums budget, spent, clicks and conversions over every campaign', () => {
    const store = makeStore()
    const state = store.getState()
    expect(selectTotalBudget(state)).toBe(3800)
    expect(selectTotalSpent(state)).toBeCloseTo(2472.9, 6)
    expect(selectTotalClicks(state)).toBe(4338)
    expect(selectTotalConversions(state)).toBe(195)
  })

  it('creates a Draft called New Campaign with budget 500, zeros and no keywords, id from the clock', () => {
    const store = makeStore()
    store.dispatch(campaignCreated({ id: 1_767_225_600_000 }))
    const campaigns = selectCampaigns(store.getState())
    expect(campaigns).toHaveLength(4)
    expect(campaigns[3]).toEqual({
      id: 1_767_225_600_000,
      name: 'New Campaign',
      status: 'Draft',
      budget: 500,
      spent: 0,
      impressions: 0,
      clicks: 0,
      ctr: 0,
      cpc: 0,
      conversions: 0,
      conversionRate: 0,
      keywords: [],
      adGroups: 0,
      ads: 0,
    })
    expect(selectTotalBudget(store.getState())).toBe(4300)
    expect(selectTotalClicks(store.getState())).toBe(4338)
  })

  it('toggles Active to Paused, and Paused or Draft to Active', () => {
    const store = makeStore()
    store.dispatch(campaignCreated({ id: 99 }))
    store.dispatch(campaignStatusToggled({ id: 1 }))
    store.dispatch(campaignStatusToggled({ id: 3 }))
    store.dispatch(campaignStatusToggled({ id: 99 }))
    const status = (id: number) => selectCampaignById(store.getState(), id)?.status
    expect(status(1)).toBe('Paused')
    expect(status(3)).toBe('Active')
    expect(status(99)).toBe('Active')
    store.dispatch(campaignStatusToggled({ id: 99 }))
    expect(status(99)).toBe('Paused')
    store.dispatch(campaignStatusToggled({ id: 12345 }))
    expect(selectCampaigns(store.getState())).toHaveLength(4)
  })

  it('labels the action Pause when Active and Resume otherwise', () => {
    expect(toggleLabel('Active')).toBe('Pause')
    expect(toggleLabel('Paused')).toBe('Resume')
    expect(toggleLabel('Draft')).toBe('Resume')
  })

  it('restores saved campaigns and resets to the samples', () => {
    const store = makeStore()
    store.dispatch(campaignsRestored({ campaigns: [] }))
    expect(selectCampaigns(store.getState())).toEqual([])
    expect(selectTotalBudget(store.getState())).toBe(0)
    store.dispatch(campaignsReset())
    expect(selectCampaigns(store.getState())).toEqual(sampleCampaigns)
  })

  it('keeps preloaded state given to makeStore', () => {
    const store = makeStore({ campaigns: { campaigns: [sampleCampaigns[2]!] } })
    expect(selectCampaigns(store.getState()).map((c) => c.name)).toEqual([
      'Startup APIs - Retargeting',
    ])
  })
})
