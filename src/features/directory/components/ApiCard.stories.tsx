import type { Meta, StoryObj } from '@storybook/react-vite'
import Box from '@mui/material/Box'
import { expect } from 'storybook/test'
import { apiSummaries, syntheticApiSummary } from '@mocks/data/apis'
import { ApiCard } from './ApiCard'

const summary = (id: string) => apiSummaries.find((api) => api.id === id)!

const meta = {
  title: 'Directory/ApiCard',
  component: ApiCard,
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <Box component="main" sx={{ maxWidth: 360 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof ApiCard>

export default meta
type Story = StoryObj<typeof meta>

/** Before our checker has reached it: the card says so, and shows no rating nobody gave. */
export const NotCheckedYet: Story = {
  args: { api: summary('squareup-com'), to: '/apis/squareup-com' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Square Connect API' })).toBeVisible()
    await expect(canvas.getByText('Not checked yet')).toBeVisible()
    await expect(canvas.queryByText('Working')).toBeNull()
    await expect(canvas.queryByText('4.5')).toBeNull()
  },
}

/** Answering at its last check, and callable from a page on another site: Working and CORS. */
export const Healthy: Story = {
  args: { api: summary('github-com-api-github-com'), to: '/apis/github-com-api-github-com' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Working')).toBeVisible()
    await expect(canvas.getByText('CORS')).toBeVisible()
    await expect(canvas.getByText('HTTPS')).toBeVisible()
    await expect(canvas.queryByText('Not checked yet')).toBeNull()
  },
}

/** Working, but its preflight refuses other sites: no CORS badge. */
export const CorsBlocked: Story = {
  args: { api: summary('stripe-com'), to: '/apis/stripe-com' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Working')).toBeVisible()
    await expect(canvas.queryByText('CORS')).toBeNull()
  },
}

/** Down at its last check. */
export const Down: Story = {
  args: { api: summary('twilio-com-api'), to: '/apis/twilio-com-api' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Down')).toBeVisible()
    await expect(canvas.queryByText('Working')).toBeNull()
  },
}

/** Our last try found no network on our side: nothing measured, so not marked down. */
export const NetworkUnavailable: Story = {
  args: { api: summary('openai-com'), to: '/apis/openai-com' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Not checked yet')).toBeVisible()
    await expect(canvas.queryByText('Down')).toBeNull()
  },
}

/** A scale test's made-up record (ATLAS_SYNTHETIC_APIS): the card says it is not a real API. */
export const Synthetic: Story = {
  args: { api: syntheticApiSummary, to: `/apis/${syntheticApiSummary.id}` },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Pinegate Managed Database API' })).toBeVisible()
    await expect(canvas.getByText('Synthetic test data, not a real API')).toBeVisible()
    await expect(canvas.queryByText('4 endpoints')).toBeNull()
  },
}

/**
 * A search result (GET /api/apis?search=): the operations that matched, each one click from its
 * explanation and from the tester, prefilled, and the way to the rest of its provider's family.
 */
export const MatchedOperations: Story = {
  args: {
    api: {
      ...summary('twilio-com-api'),
      matchedOperations: [
        {
          operationKey: 'CreateMessage',
          method: 'POST',
          path: '/2010-04-01/Accounts/{AccountSid}/Messages.json',
          summary: 'Send a message',
        },
        {
          operationKey: 'ListMessage',
          method: 'GET',
          path: '/2010-04-01/Accounts/{AccountSid}/Messages.json',
          summary: '',
        },
      ],
      family: { slug: 'twilio-com', provider: 'twilio.com', size: 37 },
    },
    to: '/apis/twilio-com-api',
  },
  play: async ({ canvas }) => {
    const operations = await canvas.findByRole('list', {
      name: 'Operations of Twilio - Api that match',
    })
    await expect(operations).toBeVisible()
    await expect(canvas.getByText('Matching operations')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'POST Send a message' })).toHaveAttribute(
      'href',
      '/apis/twilio-com-api?op=CreateMessage#op-CreateMessage',
    )
    await expect(canvas.getByRole('link', { name: 'Try Send a message' })).toHaveAttribute(
      'href',
      '/tools/tester?api=twilio-com-api&op=CreateMessage',
    )
    // An operation without a summary is named by its path.
    await expect(
      canvas.getByRole('link', { name: 'GET /2010-04-01/Accounts/{AccountSid}/Messages.json' }),
    ).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'All 37 APIs from twilio.com' })).toHaveAttribute(
      'href',
      '/apis/provider/twilio-com',
    )
  },
}
