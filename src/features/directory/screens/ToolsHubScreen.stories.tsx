import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import { apisHandlers } from '@mocks/handlers/apis'
import { ToolsHubScreen } from './ToolsHubScreen'

const meta = {
  title: 'Screens/ToolsHub',
  component: ToolsHubScreen,
  parameters: { route: '/apis/tools' },
} satisfies Meta<typeof ToolsHubScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'API Tools' })).toBeVisible()
    for (const name of ['API Tester', 'API Comparison', 'API Documentation', 'API Monitoring']) {
      await expect(canvas.getByRole('heading', { level: 2, name })).toBeVisible()
    }
    await expect(canvas.getByRole('link', { name: 'Open API Tester' })).toHaveAttribute(
      'href',
      '/tools/tester',
    )
    await expect(canvas.getByRole('region', { name: 'Quick start guide' })).toBeVisible()
    await expect(canvas.getByRole('region', { name: 'Navigation tips' })).toBeVisible()

    // The comparison is live: a link to its page.
    await expect(canvas.getByRole('link', { name: 'Compare APIs' })).toHaveAttribute(
      'href',
      '/apis/compare',
    )
    // So is monitoring: a link to its overview.
    await expect(canvas.getByRole('link', { name: 'See API monitoring' })).toHaveAttribute(
      'href',
      '/tools/monitoring',
    )
    // Documentation: a link to the directory before the app runs; a search of APIs once it does.
    const documentation = canvas.getByRole('link', { name: 'Browse documentation' })
    await expect(documentation).toHaveAttribute('href', '/apis')
    await userEvent.click(documentation)
    const dialog = await screen.findByRole('dialog', { name: 'Open an API’s documentation' })
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search APIs' }), 'stripe')
    const matches = await within(dialog).findByRole('list', { name: 'Matching APIs' })
    const stripe = within(matches).getByRole('link', { name: /^Stripe API/ })
    await expect(stripe).toHaveAttribute('href', '/apis/stripe-com')
    await userEvent.click(stripe)
    await expect(await canvas.findByText('Navigated to /apis/stripe-com')).toBeVisible()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  },
}

/** The documentation search finds nothing: it says so and asks for other words. */
export const DocumentationNoMatch: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.empty } } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Browse documentation' }))
    const dialog = await screen.findByRole('dialog', { name: 'Open an API’s documentation' })
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search APIs' }), 'zzz')
    await expect(
      await within(dialog).findByText('No API matches “zzz”. Try other words.'),
    ).toBeVisible()
  },
}

/** The documentation search fails: the server's reason, and a way to try again. */
export const DocumentationError: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.error } } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Browse documentation' }))
    const dialog = await screen.findByRole('dialog', { name: 'Open an API’s documentation' })
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search APIs' }), 'stripe')
    const alert = await within(dialog).findByRole('alert')
    await expect(alert).toHaveTextContent('The search failed: Service unavailable.')
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

/** While the search is on its way. */
export const DocumentationSearching: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.loading } } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Browse documentation' }))
    const dialog = await screen.findByRole('dialog', { name: 'Open an API’s documentation' })
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search APIs' }), 'stripe')
    await expect(await within(dialog).findByText('Searching…')).toBeVisible()
  },
}

/** Opened for one API: the tester is passed the api parameter. */
export const WithApi: Story = {
  parameters: { route: '/apis/tools?api=stripe-com' },
  play: async ({ canvas, userEvent }) => {
    const note = await canvas.findByRole('status')
    const link = await within(note).findByRole('link', { name: 'Stripe API' }, { timeout: 30_000 })
    await expect(link).toHaveAttribute('href', '/apis/stripe-com')
    // Its reference is one press away.
    await expect(canvas.getByRole('link', { name: 'Read Stripe API’s reference' })).toHaveAttribute(
      'href',
      '/apis/stripe-com',
    )
    const tester = canvas.getByRole('link', { name: 'Test Stripe API' })
    await expect(tester).toHaveAttribute('href', '/tools/tester?api=stripe-com')
    await userEvent.click(tester)
    await expect(await canvas.findByText('Navigated to /tools/tester?api=stripe-com')).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'API Tools' })).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
  },
}
