import type { Meta, StoryObj } from '@storybook/react-vite'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { expect, within } from 'storybook/test'
import { Breadcrumbs } from './Breadcrumbs'

const meta = {
  title: 'Components/Breadcrumbs',
  component: Breadcrumbs,
  parameters: { layout: 'padded' },
  args: {
    'aria-label': 'Breadcrumb',
    children: [
      <Link key="apis" href="#apis">
        APIs
      </Link>,
      <Link key="payments" href="#payments">
        Payments
      </Link>,
      <Typography key="stripe" color="textPrimary" aria-current="page">
        Stripe
      </Typography>,
    ],
  },
} satisfies Meta<typeof Breadcrumbs>

export default meta
type Story = StoryObj<typeof meta>

/** Three steps, the last the page itself; the separators are not read out. */
export const ThreeSteps: Story = {
  play: async ({ canvas }) => {
    const trail = within(canvas.getByRole('navigation', { name: 'Breadcrumb' }))
    await expect(trail.getAllByRole('listitem')).toHaveLength(3)
    await expect(trail.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '#payments')
    await expect(trail.getByText('Stripe')).toHaveAttribute('aria-current', 'page')
    await expect(canvas.getAllByText('/')).toHaveLength(2)
  },
}

export const ThreeStepsDark: Story = { globals: { theme: 'dark' }, play: ThreeSteps.play }
