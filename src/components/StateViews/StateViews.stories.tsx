import type { Meta, StoryObj } from '@storybook/react-vite'
import Button from '@mui/material/Button'
import { expect, fn } from 'storybook/test'
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
