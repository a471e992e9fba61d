import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
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
    // Tools not built yet say so in a message, not a browser alert.
    await userEvent.click(canvas.getByRole('button', { name: 'Browse documentation' }))
    await waitFor(() => expect(screen.getByText('API Documentation is coming soon.')).toBeVisible())
  },
}

/** Opened for one API: the tester is passed the api parameter. */
export const WithApi: Story = {
  parameters: { route: '/apis/tools?api=stripe-com' },
  play: async ({ canvas, userEvent }) => {
    const note = await canvas.findByRole('status')
    const link = await within(note).findByRole('link', { name: 'Stripe API' }, { timeout: 30_000 })
    await expect(link).toHaveAttribute('href', '/apis/stripe-com')
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
