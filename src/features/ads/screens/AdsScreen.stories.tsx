import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { newCampaign } from '../campaignsSlice'
import { sampleCampaigns } from '../sampleCampaigns'
import { AdsScreen } from './AdsScreen'

/** 2026-01-01T00:00:00Z: the id every campaign created in these stories gets. */
const NOW = 1_767_225_600_000

const meta = {
  title: 'Screens/Ads',
  component: AdsScreen,
  // A fixed clock, and no local storage: each story starts from the samples or its own store.
  args: { now: () => NOW, storage: null },
  parameters: { route: '/ads' },
} satisfies Meta<typeof AdsScreen>

export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

const summary = (canvas: Canvas, label: string) => canvas.getByRole('region', { name: label })
const rows = (canvas: Canvas) =>
  within(canvas.getByRole('table', { name: 'Campaigns' }))
    .getAllByRole('row')
    .slice(1)
const row = (canvas: Canvas, name: string) =>
  canvas.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Ads manager' })).toBeVisible()
    await expect(within(summary(canvas, 'Total Budget')).getByText('$3,800.00')).toBeVisible()
    await expect(within(summary(canvas, 'Total Spent')).getByText('$2,472.90')).toBeVisible()
    await expect(within(summary(canvas, 'Total Clicks')).getByText('4,338')).toBeVisible()
    await expect(within(summary(canvas, 'Total Conversions')).getByText('195')).toBeVisible()

    const table = canvas.getByRole('table', { name: 'Campaigns' })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    await expect(headers).toEqual([
      'Campaign',
      'Status',
      'Budget',
      'Spent',
      'Clicks',
      'CTR',
      'CPC',
      'Conversions',
      'Actions',
    ])
    await expect(rows(canvas)).toHaveLength(3)

    const brand = within(row(canvas, 'API Directory - Brand'))
    await expect(brand.getByText('3 ad groups • 9 ads')).toBeVisible()
    await expect(brand.getByText('Active')).toBeVisible()
    for (const text of ['$1,000.00', '$648.00', '1,350', '3.00%', '$0.48', '81']) {
      await expect(brand.getByText(text)).toBeVisible()
    }
    await expect(brand.getByRole('button', { name: 'View API Directory - Brand' })).toBeVisible()
    await expect(brand.getByRole('button', { name: 'Pause API Directory - Brand' })).toBeVisible()

    const generic = within(row(canvas, 'Developer Tools - Generic'))
    for (const text of ['$2,000.00', '$1,512.50', '2,420', '2.02%', '$0.63', '97']) {
      await expect(generic.getByText(text)).toBeVisible()
    }
    const retargeting = within(row(canvas, 'Startup APIs - Retargeting'))
    await expect(retargeting.getByText('Paused')).toBeVisible()
    await expect(retargeting.getByText('$800.00')).toBeVisible()
    await expect(
      retargeting.getByRole('button', { name: 'Resume Startup APIs - Retargeting' }),
    ).toBeVisible()
  },
}

/** View opens the campaign's figures and keywords; Edit Campaign does nothing. */
export const CampaignDialog: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'View API Directory - Brand' }))
    const dialog = await body.findByRole('dialog', { name: /API Directory - Brand/ })
    const figures = within(dialog)
    const figure = (label: string) =>
      figures.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
    await expect(figure('Impressions')).toBe('45,000')
    await expect(figure('Clicks')).toBe('1,350')
    await expect(figure('CTR')).toBe('3.00%')
    await expect(figure('CPC')).toBe('$0.48')
    await expect(figure('Conversions')).toBe('81')
    await expect(figure('Conversion Rate')).toBe('6.00%')
    const keywords = within(figures.getByRole('list', { name: 'Keywords' }))
    await expect(keywords.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'api directory',
      'api atlas',
      'find apis',
      'third-party apis',
    ])

    // Edit Campaign does nothing, by design: the dialog stays, with the same campaign.
    await userEvent.click(figures.getByRole('button', { name: 'Edit Campaign' }))
    // Waited for: the dialog fades in, and under load the fade can still be running here.
    await waitFor(() => expect(dialog).toBeVisible())
    await expect(figures.getByRole('heading', { name: /API Directory - Brand/ })).toBeVisible()
    await expect(figures.getByRole('button', { name: 'Close' })).toBeVisible()
  },
}

/** A campaign just created: Draft, grey, budget 500, zeros, and Resume to start it. */
export const WithDraft: Story = {
  parameters: { store: { campaigns: { campaigns: [...sampleCampaigns, newCampaign(NOW)] } } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(rows(canvas)).toHaveLength(4)
    const draft = within(row(canvas, 'New Campaign'))
    await expect(draft.getByText('Draft')).toBeVisible()
    await expect(draft.getByText('0 ad groups • 0 ads')).toBeVisible()
    await expect(draft.getByText('$500.00')).toBeVisible()
    await expect(draft.getByText('0.00%')).toBeVisible()
    await expect(within(summary(canvas, 'Total Budget')).getByText('$4,300.00')).toBeVisible()

    await userEvent.click(draft.getByRole('button', { name: 'View New Campaign' }))
    const body = within(canvasElement.ownerDocument.body)
    const dialog = within(await body.findByRole('dialog', { name: /New Campaign/ }))
    await waitFor(() => expect(dialog.getByText('No keywords yet.')).toBeVisible())
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument())
  },
}

export const AllPaused: Story = {
  parameters: {
    store: {
      campaigns: {
        campaigns: sampleCampaigns.map((campaign) => ({ ...campaign, status: 'Paused' })),
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(rows(canvas)).toHaveLength(3)
    await expect(canvas.getAllByText('Paused')).toHaveLength(3)
    await expect(canvas.queryByRole('button', { name: /^Pause / })).not.toBeInTheDocument()
    await expect(canvas.getAllByRole('button', { name: /^Resume / })).toHaveLength(3)
  },
}

/** Create Campaign adds a Draft; Resume starts it, Pause stops it; reset brings the samples back. */
export const CreateAndToggle: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create Campaign' }))
    await expect(rows(canvas)).toHaveLength(4)
    const created = within(row(canvas, 'New Campaign'))
    await expect(created.getByText('Draft')).toBeVisible()
    await expect(within(summary(canvas, 'Total Budget')).getByText('$4,300.00')).toBeVisible()

    await userEvent.click(created.getByRole('button', { name: 'Resume New Campaign' }))
    await expect(created.getByText('Active')).toBeVisible()
    await userEvent.click(created.getByRole('button', { name: 'Pause New Campaign' }))
    await expect(created.getByText('Paused')).toBeVisible()

    await userEvent.click(canvas.getByRole('button', { name: 'Pause API Directory - Brand' }))
    await expect(within(row(canvas, 'API Directory - Brand')).getByText('Paused')).toBeVisible()

    await userEvent.click(canvas.getByRole('button', { name: 'Reset demo data' }))
    await expect(rows(canvas)).toHaveLength(3)
    await expect(within(row(canvas, 'API Directory - Brand')).getByText('Active')).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Ads manager' })).toBeVisible()
    await expect(rows(canvas)).toHaveLength(3)
    await expect(await canvas.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
  },
}
