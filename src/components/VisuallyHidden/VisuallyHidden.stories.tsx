import type { Meta, StoryObj } from '@storybook/react-vite'
import Link from '@mui/material/Link'
import { expect } from 'storybook/test'
import { VisuallyHidden } from './VisuallyHidden'

/** As the directory's cards use it: one of many 'View Details' links, told apart for a reader. */
function CardLink() {
  return (
    <Link href="#stripe">
      View Details<VisuallyHidden> of Stripe</VisuallyHidden>
    </Link>
  )
}

const meta = {
  title: 'Components/VisuallyHidden',
  component: CardLink,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof CardLink>

export default meta
type Story = StoryObj<typeof meta>

/** A screen reader hears the whole name; the eye sees only 'View Details'. */
export const InALinkName: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'View Details of Stripe' })
    await expect(link).toBeVisible()
    const hidden = canvas.getByText('of Stripe')
    await expect(hidden.getBoundingClientRect().width).toBeLessThanOrEqual(1)
  },
}
