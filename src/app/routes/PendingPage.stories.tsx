import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { PendingPage } from './PendingPage'

const meta = {
  title: 'App/PendingPage',
  component: PendingPage,
  args: { title: 'API Directory', path: '/apis' },
  parameters: { route: '/apis', shell: true },
} satisfies Meta<typeof PendingPage>

export default meta
type Story = StoryObj<typeof meta>

/** A route whose screen has not landed yet says so, inside the real shell. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'API Directory' })).toBeVisible()
    await expect(canvas.getByText(/still being built/)).toBeVisible()
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'API Directory' })).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
  },
}
