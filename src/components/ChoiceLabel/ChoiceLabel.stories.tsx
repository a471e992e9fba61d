import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import Checkbox from '@mui/material/Checkbox'
import { expect, userEvent } from 'storybook/test'
import { ChoiceLabel } from './ChoiceLabel'

/** A checkbox with its text, held in state as its users hold it. */
function Held({ disabled = false }: { disabled?: boolean }) {
  const [checked, setChecked] = useState(false)
  return (
    <ChoiceLabel
      control={
        <Checkbox
          disabled={disabled}
          checked={checked}
          onChange={(event) => setChecked(event.target.checked)}
        />
      }
      label="Free to use"
    />
  )
}

const meta = {
  title: 'Components/ChoiceLabel',
  component: Held,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Held>

export default meta
type Story = StoryObj<typeof meta>

/** A press on the text sets the checkbox, which its text names. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const box = canvas.getByRole('checkbox', { name: 'Free to use' })
    await expect(box).not.toBeChecked()
    await userEvent.click(canvas.getByText('Free to use'))
    await expect(box).toBeChecked()
  },
}

export const Dark: Story = { globals: { theme: 'dark' }, play: Default.play }

/** Disabled: the text greyed, and neither it nor the box changes anything. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('checkbox', { name: 'Free to use' })
    await expect(box).toBeDisabled()
    // Greyed from the box's own state: the theme's colour for disabled text.
    const probe = document.createElement('span')
    probe.style.color = 'var(--mui-palette-text-disabled)'
    document.body.append(probe)
    const disabledColour = getComputedStyle(probe).color
    probe.remove()
    await expect(getComputedStyle(canvas.getByText('Free to use')).color).toBe(disabledColour)
    await userEvent.click(canvas.getByText('Free to use'))
    await expect(box).not.toBeChecked()
  },
}
