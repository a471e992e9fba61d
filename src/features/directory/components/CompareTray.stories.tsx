import type { Meta, StoryObj } from '@storybook/react-vite'
import Box from '@mui/material/Box'
import { expect, waitFor, within } from 'storybook/test'
import { apiSummaries } from '@mocks/data/apis'
import { setPicked } from '../lib/compareSelection'
import { ApiGrid } from './ApiGrid'
import { CompareTray } from './CompareTray'

const stripe = { id: 'stripe-com', name: 'Stripe API' }
const square = { id: 'squareup-com', name: 'Square Connect API' }
const github = { id: 'github-com-api-github-com', name: 'GitHub v3 REST API' }
const twilio = { id: 'twilio-com-api', name: 'Twilio API' }

const meta = {
  title: 'Directory/CompareTray',
  component: CompareTray,
  parameters: { layout: 'fullscreen' },
  // The picks live in the browser's storage: each story starts with none.
  beforeEach: () => setPicked([]),
  decorators: [
    (Story) => (
      <Box component="main" sx={{ minHeight: 240 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof CompareTray>

export default meta
type Story = StoryObj<typeof meta>

/** One pick: nothing to compare yet, and the tray says how many more. */
export const OnePicked: Story = {
  args: { picked: [stripe] },
  play: async ({ canvas }) => {
    const tray = within(canvas.getByRole('region', { name: 'APIs to compare' }))
    await expect(tray.getByRole('button', { name: 'Remove Stripe API' })).toBeVisible()
    await expect(tray.getByText('Pick 1 more to compare (up to 4).')).toBeVisible()
    await expect(tray.getByRole('button', { name: 'Compare' })).toBeDisabled()
  },
}

/** Two picks: Compare opens their comparison. */
export const ReadyToCompare: Story = {
  args: { picked: [stripe, square] },
  play: async ({ canvas }) => {
    const tray = within(canvas.getByRole('region', { name: 'APIs to compare' }))
    await expect(tray.getByRole('link', { name: 'Compare 2 APIs' })).toHaveAttribute(
      'href',
      '/apis/compare?ids=stripe-com,squareup-com',
    )
    await expect(tray.getByText('2 of 4 picked.')).toBeVisible()
  },
}

/** Four picks, the most a comparison takes: the tray says so. */
export const Full: Story = {
  args: { picked: [stripe, square, github, twilio] },
  play: async ({ canvas }) => {
    const tray = within(canvas.getByRole('region', { name: 'APIs to compare' }))
    await expect(tray.getByText('4 of 4: the most one comparison takes.')).toBeVisible()
    await expect(tray.getByRole('link', { name: 'Compare 4 APIs' })).toHaveAttribute(
      'href',
      '/apis/compare?ids=stripe-com,squareup-com,github-com-api-github-com,twilio-com-api',
    )
  },
}

/**
 * From the cards: Compare on two of them brings up the tray (its code loads with the first pick),
 * a pressed toggle says which are in, and Remove takes one out again.
 */
export const PickFromCards: Story = {
  args: { picked: [] },
  render: () => (
    <ApiGrid
      apis={apiSummaries.filter((api) => ['stripe-com', 'squareup-com'].includes(api.id))}
      linkTo={(api) => `/apis/${api.id}`}
      label="APIs"
    />
  ),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('region', { name: 'APIs to compare' })).toBeNull()
    const stripeToggle = canvas.getByRole('button', { name: 'Compare Stripe API' })
    await expect(stripeToggle).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(stripeToggle)
    const tray = within(await canvas.findByRole('region', { name: 'APIs to compare' }))
    await expect(stripeToggle).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(canvas.getByRole('button', { name: 'Compare Square Connect API' }))
    await expect(await tray.findByRole('link', { name: 'Compare 2 APIs' })).toHaveAttribute(
      'href',
      '/apis/compare?ids=stripe-com,squareup-com',
    )
    await userEvent.click(tray.getByRole('button', { name: 'Remove Stripe API' }))
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Compare Stripe API' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    )
    await userEvent.click(tray.getByRole('button', { name: 'Clear' }))
    await waitFor(() =>
      expect(canvas.queryByRole('region', { name: 'APIs to compare' })).toBeNull(),
    )
  },
}
