import type { Meta, StoryObj } from '@storybook/react-vite'
import Button from '@mui/material/Button'
import { expect, fn, waitFor } from 'storybook/test'
import { KEPT_PAGES_CACHE } from '@/shared/offlinePages'
import { OfflineState } from './OfflineState'
import { EmptyState, ErrorState, LoadingState, NotFoundState } from './StateViews'

const meta = {
  title: 'Components/StateViews',
  parameters: { layout: 'padded' },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = {
  render: () => <LoadingState label="Loading API" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading API' })).toBeVisible()
    await expect(canvas.getByText('Loading API…')).toBeVisible()
  },
}

const retry = fn()

export const Error: Story = {
  beforeEach: () => {
    retry.mockClear()
  },
  render: () => (
    <ErrorState message="Failed to load API information. Please try again later." onRetry={retry} />
  ),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Failed to load API information. Please try again later.',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }))
    await expect(retry).toHaveBeenCalledOnce()
  },
}

export const NotFound: Story = {
  render: () => (
    <NotFoundState
      title="API Not Found"
      message="We could not find that API."
      action={<Button variant="outlined">Go Back</Button>}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'API Not Found' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Go Back' })).toBeVisible()
  },
}

export const Empty: Story = {
  render: () => <EmptyState title="No APIs found" message="Try clearing a filter." />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('No APIs found')
  },
}

const keptPage = (title: string) =>
  new Response(`<!doctype html><title>${title}</title><main></main>`, {
    headers: { 'content-type': 'text/html' },
  })

/**
 * Offline, on a page never read on this device: said plainly, with the pages this browser kept
 * (read from the service worker's cache), and it tries again by itself when back online.
 */
export const Offline: Story = {
  beforeEach: async () => {
    retry.mockClear()
    const cache = await caches.open(KEPT_PAGES_CACHE)
    await cache.put('/apis/stripe-com', keptPage('Stripe API | API Atlas'))
    await cache.put('/blog', keptPage('Blog &amp; guides | API Atlas'))
    return () => caches.delete(KEPT_PAGES_CACHE).then(() => undefined)
  },
  render: () => <OfflineState onRetry={retry} />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible()
    await expect(canvas.getByText(/was not kept for offline reading/)).toBeVisible()
    const kept = await canvas.findByRole('link', { name: 'Stripe API' })
    await expect(kept).toHaveAttribute('href', '/apis/stripe-com')
    await expect(canvas.getByRole('link', { name: 'Blog & guides' })).toHaveAttribute(
      'href',
      '/blog',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expect(retry).toHaveBeenCalledOnce()
    // Back online: once the server answers, it loads the page by itself.
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(retry).toHaveBeenCalledTimes(2))
  },
}

/** Offline with nothing kept yet (a first visit): no list, only what to do. */
export const OfflineNothingKept: Story = {
  render: () => <OfflineState onRetry={retry} pages={[]} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'You are offline' })).toBeVisible()
    await expect(canvas.queryByText('Pages you can read offline')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

export const OfflineDark: Story = {
  ...Offline,
  globals: { theme: 'dark' },
}
