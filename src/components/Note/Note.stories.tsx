import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { Note } from './Note'

const meta = {
  title: 'Components/Note',
  component: Note,
  parameters: { layout: 'padded' },
  args: {
    children: 'Loaded Stripe API from the directory: its base URL and an auth header to fill in.',
  },
} satisfies Meta<typeof Note>

export default meta
type Story = StoryObj<typeof meta>

export const Info: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('note')).toHaveTextContent(/Loaded Stripe API/)
  },
}

export const Warning: Story = {
  args: {
    severity: 'warning',
    children: 'That API could not be loaded from the directory; enter the request yourself.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('note')).toHaveTextContent(/could not be loaded/)
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: Info.play,
}
