import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { CodeBlock } from './CodeBlock'

const meta = {
  title: 'Components/CodeBlock',
  component: CodeBlock,
  parameters: { layout: 'padded' },
  args: {
    label: 'cURL code',
    children: "curl --request GET \\\n  --url 'https://api.example.com/items?page=2'",
  },
} satisfies Meta<typeof CodeBlock>

export default meta
type Story = StoryObj<typeof meta>

/** Code as it is, in a named region the keyboard can reach. */
export const Short: Story = {
  play: async ({ canvas, userEvent }) => {
    const code = canvas.getByRole('region', { name: 'cURL code' })
    await expect(code).toHaveTextContent('--url')
    await userEvent.tab()
    await expect(code).toHaveFocus()
  },
}

/** Longer than its box: it scrolls in place, and the page does not widen. */
export const Long: Story = {
  args: {
    label: 'Example answer',
    children: JSON.stringify(
      Array.from({ length: 40 }, (_, i) => ({
        id: `item_${i}`,
        url: `https://api.example.com/v1/items/item_${i}/attachments/a_${i}`,
      })),
      null,
      2,
    ),
  },
  parameters: { phone: { width: 360, height: 640 } },
  play: async ({ canvas, canvasElement }) => {
    const code = canvas.getByRole('region', { name: 'Example answer' })
    await expect(code.scrollHeight).toBeGreaterThan(code.clientHeight)
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(360)
  },
}

export const ShortDark: Story = { globals: { theme: 'dark' }, play: Short.play }
