import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { Markdown } from './Markdown'

// What server/catalog/description.ts hands the page: Markdown already rendered and sanitised.
const DESCRIPTION = [
  '<p>The <strong>Stripe API</strong> is organised around REST. See <a href="https://stripe.com/docs">the docs</a>.</p>',
  '<h3>Authentication</h3>',
  '<ul><li>Secret keys start with <code>sk_</code></li><li>Test keys never move money</li></ul>',
  '<pre><code>curl https://api.stripe.com/v1/charges -u sk_test_123:</code></pre>',
].join('')

const meta = {
  title: 'Components/Markdown',
  component: Markdown,
  parameters: { layout: 'padded' },
  args: { html: DESCRIPTION },
} satisfies Meta<typeof Markdown>

export default meta
type Story = StoryObj<typeof meta>

/** A description with a heading, a list, inline code, a code block and a link. */
export const Description: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/is organised around REST/)).toBeVisible()
    await expect(canvas.getByRole('heading', { name: 'Authentication' })).toBeVisible()
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2)
    await expect(canvas.getByRole('link', { name: 'the docs' })).toHaveAttribute(
      'href',
      'https://stripe.com/docs',
    )
  },
}

/** A long unbroken address wraps inside its column rather than widening the page. */
export const LongWords: Story = {
  args: {
    html: '<p>https://api.example.com/v1/accounts/acct_1234567890/external_accounts/ba_1234567890/verify</p>',
  },
  parameters: { phone: { width: 360, height: 640 } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(360)
  },
}

export const DescriptionDark: Story = { globals: { theme: 'dark' }, play: Description.play }
