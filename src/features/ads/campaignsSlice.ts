import type { PayloadAction, WithSlice } from '@reduxjs/toolkit'
import { createAppSlice } from '@/lib/store/createAppSlice'
import { rootReducer } from '@/lib/store/store'
import { sampleCampaigns } from './sampleCampaigns'
import type { Campaign, CampaignsState } from './types'

export const initialCampaignsState: CampaignsState = { campaigns: sampleCampaigns }

/** A new campaign's defaults; only the id (a timestamp) comes from outside. */
export function newCampaign(id: number): Campaign {
  return {
    id,
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
  }
}

const sum = (campaigns: Campaign[], field: 'budget' | 'spent' | 'clicks' | 'conversions') =>
  campaigns.reduce((total, campaign) => total + campaign[field], 0)

export const campaignsSlice = createAppSlice({
  name: 'campaigns',
  initialState: initialCampaignsState,
  reducers: (create) => ({
    /** Payload: the creation time in ms, which is also the new campaign's id. */
    campaignCreated: create.reducer((state, { payload }: PayloadAction<{ id: number }>) => {
      state.campaigns.push(newCampaign(payload.id))
    }),
    /** Active goes to Paused; Paused and Draft go to Active. */
    campaignStatusToggled: create.reducer((state, { payload }: PayloadAction<{ id: number }>) => {
      const campaign = state.campaigns.find((item) => item.id === payload.id)
      if (campaign) campaign.status = campaign.status === 'Active' ? 'Paused' : 'Active'
    }),
    campaignsRestored: create.reducer(
      (_state, { payload }: PayloadAction<CampaignsState>) => payload,
    ),
    campaignsReset: create.reducer(() => initialCampaignsState),
  }),
  selectors: {
    selectCampaignsState: (state) => state,
    selectCampaigns: (state) => state.campaigns,
    selectCampaignById: (state, id: number | null) =>
      state.campaigns.find((campaign) => campaign.id === id),
    selectTotalBudget: (state) => sum(state.campaigns, 'budget'),
    selectTotalSpent: (state) => sum(state.campaigns, 'spent'),
    selectTotalClicks: (state) => sum(state.campaigns, 'clicks'),
    selectTotalConversions: (state) => sum(state.campaigns, 'conversions'),
  },
})

declare module '@/lib/store/store' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof campaignsSlice> {}
}

const injected = campaignsSlice.injectInto(rootReducer)

export const { campaignCreated, campaignStatusToggled, campaignsRestored, campaignsReset } =
  campaignsSlice.actions

export const {
  selectCampaignsState,
  selectCampaigns,
  selectCampaignById,
  selectTotalBudget,
  selectTotalSpent,
  selectTotalClicks,
  selectTotalConversions,
} = injected.selectors

/** The label of the row action: Pause when Active, otherwise Resume. */
export function toggleLabel(status: Campaign['status']) {
  return status === 'Active' ? 'Pause' : 'Resume'
}
