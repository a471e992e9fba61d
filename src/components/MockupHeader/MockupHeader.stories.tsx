import type { Meta, StoryObj } from '@storybook/react-vite'
import Button from '@mui/material/Button'
import { expect, fn } from 'storybook/test'
import { MockupHeader } from './MockupHeader'

const meta = {
  title: 'Components/MockupHeader',
  component: MockupHeader,
  parameters: { layout: 'padded' },
  args: {
    title: 'Ads Dashboard',
    description: 'A demo of an ads dashboard on sample data.',
    path: '/ads',
    subtitle: 'Sample data, kept in this browser.',
    onReset: fn(),
  },
} satisfies Meta<typeof MockupHeader>

export default meta
type Story = StoryObj<typeof meta>

/** The mock-up's title, what its data is, and a way back to the sample data. */
export const WithReset: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Ads Dashboard' })).toBeVisible()
    await expect(canvas.getByText('Sample data, kept in this browser.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Reset demo data' }))
    await expect(args.onReset).toHaveBeenCalledOnce()
  },
}

/** The page's own action stands before the reset. */
export const WithAction: Story = {
  args: { children: <Button variant="contained">Create Campaign</Button> },
  play: async ({ canvas }) => {
    const buttons = canvas.getAllByRole('button')
    await expect(buttons.map((button) => button.textContent)).toEqual([
      'Create Campaign',
      'Reset demo data',
    ])
  },
}

export const WithResetDark: Story = { ...WithReset, globals: { theme: 'dark' } }
