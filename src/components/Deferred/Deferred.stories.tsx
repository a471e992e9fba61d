import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import ContentCopy from '@mui/icons-material/ContentCopyOutlined'
import { expect, screen, waitFor } from 'storybook/test'
import { DeferredAlert } from './DeferredAlert'
import { DeferredSnackbar } from './DeferredSnackbar'
import { DeferredTooltip } from './DeferredTooltip'

/** The three MUI parts that download when first needed, each as a page uses it. */
function Deferred() {
  const [saved, setSaved] = useState(false)
  return (
    <>
      <DeferredAlert severity="warning" title="Sample data">
        These figures are made up in your browser for the demo.
      </DeferredAlert>
      <DeferredTooltip title="Copy base URL">
        <IconButton>
          <ContentCopy fontSize="small" />
        </IconButton>
      </DeferredTooltip>
      <Button onClick={() => setSaved(true)}>Save</Button>
      <DeferredSnackbar
        open={saved}
        message="Saved to this browser"
        autoHideDuration={null}
        onClose={() => setSaved(false)}
      />
    </>
  )
}

const meta = {
  title: 'Components/Deferred',
  component: Deferred,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Deferred>

export default meta
type Story = StoryObj<typeof meta>

/**
 * The alert with its title arrives by itself; the tooltip's button has its name before the tooltip
 * downloads, which opens on hover; the snackbar comes with the press it answers.
 */
export const AlertTooltipAndSnackbar: Story = {
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent('Sample data')
    await expect(alert).toHaveTextContent('made up in your browser')

    const copy = canvas.getByRole('button', { name: 'Copy base URL' })
    await userEvent.hover(copy)
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy base URL')
    await userEvent.unhover(copy)

    await expect(screen.queryByText('Saved to this browser')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByText('Saved to this browser')).toBeVisible())
  },
}

export const AlertTooltipAndSnackbarDark: Story = {
  ...AlertTooltipAndSnackbar,
  globals: { theme: 'dark' },
}
