import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { similarHandlers } from '@mocks/handlers/compare'
import { SimilarApisSlot } from './SimilarApisSlot'

const meta = {
  title: 'Directory/SimilarApis',
  component: SimilarApisSlot,
  parameters: { layout: 'padded' },
  args: { api: { id: 'stripe-com', name: 'Stripe API' } },
} satisfies Meta<typeof SimilarApisSlot>

export default meta
type Story = StoryObj<typeof meta>

/** Up to five of its category, each with the words it shares and a one-click comparison. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const panel = within(canvas.getByRole('region', { name: 'Similar APIs' }))
    const list = within(await panel.findByRole('list', { name: 'APIs similar to Stripe API' }))
    await expect(list.getAllByRole('listitem')).toHaveLength(3)
    await expect(list.getByRole('link', { name: 'Square Connect API' })).toHaveAttribute(
      'href',
      '/apis/squareup-com',
    )
    await expect(list.getByText(/shares refunds, payouts, disputes/)).toBeVisible()
    await expect(
      list.getByRole('link', { name: 'Compare with Stripe API and Square Connect API' }),
    ).toHaveAttribute('href', '/apis/compare?ids=stripe-com,squareup-com')
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: { similar: similarHandlers.empty } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No API of its category shares enough/)).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: { similar: similarHandlers.loading } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Finding similar APIs…')).toBeVisible()
  },
}

export const Error: Story = {
  parameters: { msw: { handlers: { similar: similarHandlers.error } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Service unavailable')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

/** Right after the directory was updated, until the server has worked the similar APIs out. */
export const StillBeingWorkedOut: Story = {
  parameters: { msw: { handlers: { similar: similarHandlers.building } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        'Similar APIs are still being worked out from the directory. Try again in a minute.',
      ),
    ).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}
