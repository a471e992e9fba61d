import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/testing/renderWithProviders'
import type { DemoStorage } from '@/lib/store/useDemoPersistence'
import { selectCampaigns } from '../campaignsSlice'
import { sampleCampaigns } from '../sampleCampaigns'
import { AdsScreen, CAMPAIGNS_STORAGE_KEY } from './AdsScreen'

function memoryStorage(initial: Record<string, string> = {}) {
  const data: Record<string, string> = { ...initial }
  const storage: DemoStorage = {
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value
    },
  }
  return { storage, data }
}

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Campaigns' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.querySelector('p')?.textContent)

describe('AdsScreen demo state (local storage)', () => {
  it('saves a created campaign with its id from the clock, and restores it on the next visit', async () => {
    const { storage, data } = memoryStorage()
    const first = renderWithProviders(<AdsScreen now={() => 1234} storage={storage} />, {
      route: '/ads',
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Create Campaign' }))
    expect(JSON.parse(data[CAMPAIGNS_STORAGE_KEY]!).campaigns.at(-1)).toMatchObject({
      id: 1234,
      name: 'New Campaign',
      status: 'Draft',
      budget: 500,
    })
    first.unmount()

    const second = renderWithProviders(<AdsScreen storage={storage} />, { route: '/ads' })
    expect(await screen.findByRole('rowheader', { name: /^New Campaign/ })).toBeInTheDocument()
    expect(selectCampaigns(second.store.getState())).toHaveLength(4)

    await userEvent.click(screen.getByRole('button', { name: 'Reset demo data' }))
    expect(rowNames()).toEqual(sampleCampaigns.map((campaign) => campaign.name))
    expect(JSON.parse(data[CAMPAIGNS_STORAGE_KEY]!).campaigns).toEqual(sampleCampaigns)
  })

  it('starts from the samples when the saved data is unreadable or of another shape', async () => {
    for (const saved of ['{oops', '{"campaigns":[{"id":"x"}]}', 'null']) {
      const { storage } = memoryStorage({ [CAMPAIGNS_STORAGE_KEY]: saved })
      const { unmount } = renderWithProviders(<AdsScreen storage={storage} />, { route: '/ads' })
      await screen.findByRole('table', { name: 'Campaigns' })
      expect(rowNames()).toEqual(sampleCampaigns.map((campaign) => campaign.name))
      unmount()
    }
  })

  it('keeps working when the storage refuses to write', async () => {
    const storage: DemoStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    renderWithProviders(<AdsScreen storage={storage} />, { route: '/ads' })
    await userEvent.click(
      await screen.findByRole('button', { name: 'Pause API Directory - Brand' }),
    )
    expect(screen.getByRole('button', { name: 'Resume API Directory - Brand' })).toBeInTheDocument()
  })
})
