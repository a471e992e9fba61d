import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { apisHandlers } from '@mocks/handlers/apis'
import { CategoryScreen } from './CategoryScreen'

const meta = {
  title: 'Screens/Category',
  component: CategoryScreen,
  parameters: { route: '/apis/category/payments', path: '/apis/category/:category' },
} satisfies Meta<typeof CategoryScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()
    const crumbs = within(canvas.getByRole('navigation', { name: 'Breadcrumb' }))
    await expect(crumbs.getByRole('link', { name: 'API Directory' })).toHaveAttribute(
      'href',
      '/apis',
    )
    await expect(canvas.getByText('3 APIs')).toBeVisible()

    const cards = within(canvas.getByRole('list', { name: 'Payments APIs' }))
    await expect(cards.getAllByRole('listitem')).toHaveLength(3)
    const stripeCard = cards.getByRole('heading', { name: 'Stripe API' }).closest('li')!
    const stripe = within(stripeCard)
    // No source rates APIs, so no card shows a rating.
    await expect(stripe.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument()
    // Stripe's record says HTTPS; it says nothing of CORS or a free tier, so those are not shown.
    await expect(stripe.getByText('HTTPS')).toBeVisible()
    await expect(stripe.queryByText('CORS')).not.toBeInTheDocument()
    await expect(stripe.queryByText('Free')).not.toBeInTheDocument()
    const details = stripe.getByRole('link', { name: 'View Details of Stripe API' })
    await expect(details).toHaveAttribute('href', '/apis/category/payments/stripe-com')

    await userEvent.click(details)
    await expect(
      await canvas.findByText('Navigated to /apis/category/payments/stripe-com'),
    ).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.loading } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading category' })).toBeVisible()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.empty } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()
    await expect(canvas.getByRole('heading', { name: 'No APIs found' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Back to API Directory' })).toHaveAttribute(
      'href',
      '/apis',
    )
  },
}

/** An unknown category: the server's text, and the way back. */
export const Error: Story = {
  parameters: {
    route: '/apis/category/no-such-category',
    msw: { handlers: { apis: apisHandlers.notFound } },
  },
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert')
    await expect(within(alert).getByRole('heading', { name: 'Category not found' })).toBeVisible()
    await userEvent.click(within(alert).getByRole('link', { name: 'Back to API Directory' }))
    await expect(await canvas.findByText('Navigated to /apis')).toBeVisible()
  },
}

/** The server answers with a failure of its own: its text, a retry and the way back. */
export const ServerError: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.error } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert')
    await expect(within(alert).getByText('Service unavailable')).toBeVisible()
    await expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeVisible()
    await expect(within(alert).getByRole('link', { name: 'Back to API Directory' })).toBeVisible()
  },
}

export const NetworkError: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.networkError } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Failed to load category information. Please try again later.'),
    ).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Back to API Directory' })).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
  },
}
