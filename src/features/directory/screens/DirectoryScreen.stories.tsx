import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { apisHandlers } from '@mocks/handlers/apis'
import { apiSummaries } from '@mocks/data/apis'
import { DirectoryScreen } from './DirectoryScreen'

const meta = {
  title: 'Screens/Directory',
  component: DirectoryScreen,
  parameters: { route: '/apis' },
} satisfies Meta<typeof DirectoryScreen>

export default meta
type Story = StoryObj<typeof meta>

/** The whole catalogue, first page, with search, filters, sort and the categories to browse. */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'API Directory' })).toBeVisible()
    await expect(await canvas.findByText(`${apiSummaries.length} APIs`)).toBeVisible()
    const results = canvas.getByRole('list', { name: 'APIs' })
    await expect(within(results).getAllByRole('listitem')).toHaveLength(apiSummaries.length)
    await expect(within(results).getByRole('link', { name: 'Stripe API' })).toHaveAttribute(
      'href',
      '/apis/stripe-com',
    )
    // A card of an API only the public-apis list knows says so instead of counting endpoints.
    const dogs = within(within(results).getByRole('heading', { name: 'Dogs' }).closest('li')!)
    await expect(dogs.getByText('From the public-apis list')).toBeVisible()
    // One card per API: GitHub's Enterprise Server versions are not listed on their own.
    await expect(
      within(results).getAllByRole('heading', { name: 'GitHub v3 REST API' }),
    ).toHaveLength(1)
    // The search box and filters arrive in a chunk of their own, just after the screen.
    await expect(await canvas.findByRole('combobox', { name: 'Category' })).toBeVisible()
    await expect(canvas.getByRole('combobox', { name: 'Authentication' })).toBeVisible()
    await expect(canvas.getByRole('checkbox', { name: 'HTTPS' })).not.toBeChecked()
    await expect(canvas.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Popular')
    const browse = canvas.getByRole('region', { name: 'Browse by category' })
    await expect(within(browse).getByRole('link', { name: /Payments \(/ })).toHaveAttribute(
      'href',
      '/apis/category/payments',
    )

    // '/' anywhere on the page puts the cursor in the search box.
    await userEvent.keyboard('/')
    await expect(canvas.getByRole('searchbox', { name: 'Search APIs' })).toHaveFocus()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.loading } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading APIs' })).toBeVisible()
    await expect(canvas.getByText('Loading APIs…')).toBeVisible()
  },
}

/** Nothing matches: the page says so and offers to clear the search and filters. */
export const Empty: Story = {
  parameters: {
    route: '/apis?search=nothing-like-this&https=true',
    msw: { handlers: { apis: apisHandlers.empty } },
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { name: 'No APIs found' })).toBeVisible()
    await expect(canvas.getByText(/clear the filters/)).toBeVisible()
    await expect(await canvas.findByRole('searchbox', { name: 'Search APIs' })).toHaveValue(
      'nothing-like-this',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() =>
      expect(canvas.getByRole('searchbox', { name: 'Search APIs' })).toHaveValue(''),
    )
    await expect(canvas.getByRole('checkbox', { name: 'HTTPS' })).not.toBeChecked()
    await expect(await canvas.findByText('The directory has no APIs yet.')).toBeVisible()
  },
}

export const Error: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.error } } },
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert')
    await expect(within(alert).getByRole('heading', { name: 'Failed to load APIs' })).toBeVisible()
    await expect(within(alert).getByText('Service unavailable')).toBeVisible()
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }))
    // The retry replaces the alert: look again until the new one is there, not the old one leaving.
    await waitFor(() =>
      expect(
        within(canvas.getByRole('alert')).getByRole('heading', { name: 'Failed to load APIs' }),
      ).toBeVisible(),
    )
  },
}

/** The server cannot be reached at all. */
export const NetworkError: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.networkError } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Failed to load API information. Please try again later.'),
    ).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeVisible()
  },
}

/** Results for a query from the address; typing a new one updates them without a reload. */
export const Searching: Story = {
  parameters: { route: '/apis?search=stripe' },
  play: async ({ canvas, userEvent }) => {
    const search = await canvas.findByRole('searchbox', { name: 'Search APIs' })
    await expect(search).toHaveValue('stripe')
    await expect(await canvas.findByText(/^\d+ APIs? for “stripe”$/)).toBeVisible()
    const results = canvas.getByRole('list', { name: 'APIs' })
    await expect(within(results).getAllByRole('link')[0]).toHaveAccessibleName('Stripe API')
    await expect(canvas.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Relevance')

    await userEvent.clear(search)
    await userEvent.type(search, 'youtube')
    await expect(
      await canvas.findByText('1 API for “youtube”', {}, { timeout: 30_000 }),
    ).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'YouTube Data API v3' })).toHaveAttribute(
      'href',
      '/apis/googleapis-com-youtube',
    )
  },
}

/** A category chosen in the filters, from the address. */
export const Filtered: Story = {
  parameters: { route: '/apis?category=payments' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^3 APIs in Payments$/)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'About Payments' })).toHaveAttribute(
      'href',
      '/apis/category/payments',
    )
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue(/^Payments/),
    )
  },
}

/** "Verified working" ticked: only the APIs our checker last found answering. */
export const VerifiedWorking: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(`${apiSummaries.length} APIs`)).toBeVisible()
    const box = canvas.getByRole('checkbox', { name: 'Verified working' })
    await expect(box).not.toBeChecked()
    await userEvent.click(box)
    await expect(await canvas.findByText('3 APIs')).toBeVisible()
    await expect(box).toBeChecked()
    const results = within(canvas.getByRole('list', { name: 'APIs' }))
    await expect(results.getAllByText('Working')).toHaveLength(3)
    await expect(results.queryByText('Not checked yet')).toBeNull()
    await expect(results.getByRole('link', { name: 'Stripe API' })).toBeVisible()
  },
}

/** "Verified working" with none verified yet: the empty list says what verified needs. */
export const NoneVerified: Story = {
  parameters: {
    route: '/apis?verified=true',
    msw: { handlers: { apis: apisHandlers.noneVerified } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(/No API is verified working yet: that needs a check in the last 48/),
    ).toBeVisible()
  },
}

/** A server without network: the empty "Verified working" says the checks could not run. */
export const NoNetwork: Story = {
  parameters: {
    route: '/apis?verified=true',
    msw: { handlers: { apis: apisHandlers.noNetwork } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        'Checks could not reach the internet from this server since 2026-01-05, so no API could be verified working.',
      ),
    ).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(`${apiSummaries.length} APIs`)).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
  },
}
