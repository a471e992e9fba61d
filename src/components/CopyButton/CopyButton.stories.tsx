import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, spyOn, waitFor } from 'storybook/test'
import { CopyButton } from './CopyButton'

const meta = {
  title: 'Components/CopyButton',
  component: CopyButton,
  parameters: { layout: 'padded' },
  args: { text: 'https://api.stripe.com', label: 'Copy base URL' },
} satisfies Meta<typeof CopyButton>

export default meta
type Story = StoryObj<typeof meta>

/** Pressed: the text goes to the clipboard, and a message says so. */
export const Copied: Story = {
  play: async ({ canvas, userEvent }) => {
    const write = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    await userEvent.click(canvas.getByRole('button', { name: 'Copy base URL' }))
    await expect(write).toHaveBeenCalledWith('https://api.stripe.com')
    // The snackbar grows in: visible once it has.
    await waitFor(() => expect(screen.getByText('Copied to the clipboard')).toBeVisible())
  },
}

/** The browser refused the clipboard: the message says how to copy by hand. */
export const Refused: Story = {
  play: async ({ canvas, userEvent }) => {
    spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied'))
    await userEvent.click(canvas.getByRole('button', { name: 'Copy base URL' }))
    await waitFor(() =>
      expect(
        screen.getByText('Could not copy: select the address and copy it by hand'),
      ).toBeVisible(),
    )
  },
}

export const CopiedDark: Story = { globals: { theme: 'dark' }, play: Copied.play }
