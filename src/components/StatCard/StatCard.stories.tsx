import type { Meta, StoryObj } from '@storybook/react-vite'
import Visibility from '@mui/icons-material/VisibilityOutlined'
import { expect, within } from 'storybook/test'
import { StatCard } from './StatCard'

const meta = {
  title: 'Components/StatCard',
  component: StatCard,
  parameters: { layout: 'padded' },
  args: { label: 'Total Views', value: '12,345' },
} satisfies Meta<typeof StatCard>

export default meta
type Story = StoryObj<typeof meta>

/** A figure and its label, read out as one section. */
export const Figure: Story = {
  play: async ({ canvas }) => {
    const card = within(canvas.getByRole('region', { name: 'Total Views' }))
    await expect(card.getByText('12,345')).toBeVisible()
  },
}

/** With an icon and a caption that says the figure is sample data. */
export const SampleWithIcon: Story = {
  args: { icon: <Visibility />, caption: 'Sample' },
  play: async ({ canvas }) => {
    const card = within(canvas.getByRole('region', { name: 'Total Views' }))
    await expect(card.getByText('12,345')).toBeVisible()
    await expect(card.getByText('Sample')).toBeVisible()
  },
}

export const SampleWithIconDark: Story = {
  ...SampleWithIcon,
  globals: { theme: 'dark' },
}
