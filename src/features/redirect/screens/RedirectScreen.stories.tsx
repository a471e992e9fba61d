import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { configHandlers } from '@mocks/handlers/config'
import { RedirectScreen } from './RedirectScreen'

const meta = {
  title: 'Screens/Redirect',
  component: RedirectScreen,
  parameters: { route: '/redirect' },
} satisfies Meta<typeof RedirectScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Redirecting...' })).toBeVisible()
    await expect(canvas.getByText('Taking you to the main API Directory')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'click here' })).toHaveAttribute('href', '/apis')
    const mail = await canvas.findByRole('link', { name: 'hello@api-atlas.example' })
    await expect(mail).toHaveAttribute('href', 'mailto:hello@api-atlas.example')
  },
}

/**
 * How long a story waits for the forward: the page's timer (REDIRECT_DELAY_MS) runs late on a busy
 * machine, so the wait is for the navigation itself, bounded far beyond the delay, not just past it.
 */
const FORWARD_WAIT = { timeout: 30_000 }

/** After three seconds the page forwards to the directory by itself. */
export const Forwards: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Redirecting...' })).toBeVisible()
    await waitFor(() => expect(canvas.getByText('Navigated to /apis')).toBeVisible(), FORWARD_WAIT)
  },
}

export const ClickHere: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'click here' }))
    // The router navigates asynchronously, so wait for the new page rather than reading at once.
    await expect(await canvas.findByText('Navigated to /apis')).toBeVisible()
  },
}

/** A deployment whose directory lives on another host: the link leaves the site. */
export const ExternalDirectory: Story = {
  parameters: { msw: { handlers: { config: configHandlers.externalDirectory } } },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('link', { name: 'click here' })).toHaveAttribute(
        'href',
        'https://directory.api-atlas.example/apis',
      ),
    )
    await expect(canvas.getByRole('link', { name: 'team@api-atlas.example' })).toBeVisible()
  },
}

/** The settings could not be loaded: the page still goes to this site's directory. */
export const ConfigUnavailable: Story = {
  parameters: { msw: { handlers: { config: configHandlers.error } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Redirecting...' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'click here' })).toHaveAttribute('href', '/apis')
    await waitFor(() => expect(canvas.getByText('Navigated to /apis')).toBeVisible(), FORWARD_WAIT)
    await expect(canvas.queryByRole('link', { name: /@/ })).not.toBeInTheDocument()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Redirecting...' })).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
  },
}
