import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { expect, userEvent } from 'storybook/test'
import { TabBar, type TabBarTab } from './TabBar'

type Part = 'headers' | 'body' | 'auth'
const TABS: TabBarTab<Part>[] = [
  { value: 'headers', label: 'Headers', id: 'story-tab-headers', controls: 'story-panel' },
  { value: 'body', label: 'Body', id: 'story-tab-body', controls: 'story-panel' },
  { value: 'auth', label: 'Auth', id: 'story-tab-auth', controls: 'story-panel' },
]

/** The tabs with the panel they show, as the tester uses them. */
function Tabbed() {
  const [part, setPart] = useState<Part>('headers')
  return (
    <Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <TabBar label="Request parts" value={part} tabs={TABS} onChange={setPart} />
      </Box>
      <Box role="tabpanel" id="story-panel" aria-labelledby={`story-tab-${part}`} sx={{ p: 2 }}>
        <Typography>The {part} of the request.</Typography>
      </Box>
    </Box>
  )
}

const meta = {
  title: 'Components/TabBar',
  component: Tabbed,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Tabbed>

export default meta
type Story = StoryObj<typeof meta>

/** The first tab chosen; a click, the arrows, Home and End choose another and show its panel. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const tab = (name: string) => canvas.getByRole('tab', { name })
    await expect(canvas.getByRole('tablist', { name: 'Request parts' })).toBeVisible()
    await expect(tab('Headers')).toHaveAttribute('aria-selected', 'true')
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('The headers of the request.')
    // Only the chosen tab is in the tab order.
    await expect(tab('Body')).toHaveAttribute('tabindex', '-1')

    await userEvent.click(tab('Body'))
    await expect(tab('Body')).toHaveAttribute('aria-selected', 'true')
    await expect(canvas.getByRole('tabpanel', { name: 'Body' })).toHaveTextContent('body')

    await userEvent.keyboard('{ArrowRight}')
    await expect(tab('Auth')).toHaveFocus()
    await expect(tab('Auth')).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowRight}')
    await expect(tab('Headers')).toHaveFocus()
    await userEvent.keyboard('{End}')
    await expect(tab('Auth')).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{Home}')
    await expect(tab('Headers')).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowLeft}')
    await expect(tab('Auth')).toHaveFocus()
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('The auth of the request.')
  },
}
