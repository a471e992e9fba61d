import { useState, type ComponentProps } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn } from 'storybook/test'
import { OutlinedField } from './OutlinedField'

type Props = ComponentProps<typeof OutlinedField>

/** The field as its users hold it: the value in their state, changed by what is typed. */
function Held({ value: initial, onChange, ...props }: Props) {
  const [value, setValue] = useState(initial)
  return (
    <OutlinedField
      {...props}
      value={value}
      onChange={(event) => {
        setValue(event.target.value)
        onChange(event)
      }}
    />
  )
}

const meta = {
  title: 'Components/OutlinedField',
  component: OutlinedField,
  parameters: { layout: 'padded' },
  args: { label: 'Name', value: 'Orders API', onChange: fn() },
  render: (args) => <Held {...args} />,
} satisfies Meta<typeof OutlinedField>

export default meta
type Story = StoryObj<typeof meta>

/** A value under its label, which stays on the border; typing changes it. */
export const WithValue: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Name' })
    await expect(field).toBeVisible()
    await expect(field).toHaveValue('Orders API')
    await userEvent.type(field, ' v2')
    await expect(field).toHaveValue('Orders API v2')
    await expect(args.onChange).toHaveBeenCalled()
  },
}

export const WithValueDark: Story = { globals: { theme: 'dark' }, play: WithValue.play }

/** Empty: the placeholder shows what to write, and the label still names the field. */
export const Placeholder: Story = {
  args: { label: 'URL', value: '', placeholder: 'https://api.example.com/v1/orders' },
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'URL' })
    await expect(field).toBeVisible()
    await expect(field).toHaveValue('')
    await expect(field).toHaveAttribute('placeholder', 'https://api.example.com/v1/orders')
  },
}

/** Help under the field, which is also the input's description for a screen reader. */
export const WithHelperText: Story = {
  args: { label: 'Token', value: '', helperText: 'Kept in this tab only.' },
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Token' })
    await expect(canvas.getByText('Kept in this tab only.')).toBeVisible()
    await expect(field).toHaveAccessibleDescription('Kept in this tab only.')
    await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  },
}

/** Marked wrong: the input is invalid and its help says why. */
export const WithError: Story = {
  args: {
    label: 'Timeout (ms)',
    value: 'soon',
    error: true,
    helperText: 'Enter a number of milliseconds, such as 5000',
  },
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Timeout (ms)' })
    await expect(field).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription('Enter a number of milliseconds, such as 5000')
    await expect(canvas.getByText('Enter a number of milliseconds, such as 5000')).toBeVisible()
  },
}

export const WithErrorDark: Story = { ...WithError, globals: { theme: 'dark' } }

/** Disabled: shown with its value, and nothing can be typed into it. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, args }) => {
    const field = canvas.getByRole('textbox', { name: 'Name' })
    await expect(field).toBeVisible()
    await expect(field).toBeDisabled()
    await expect(field).toHaveValue('Orders API')
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

/** Code (a URL, JSON): monospaced, and the browser marks no spelling in it. */
export const Code: Story = {
  args: { label: 'URL', value: 'https://api.example.com/v1/orders?limit=20', code: true },
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'URL' })
    await expect(field).toBeVisible()
    await expect(field).toHaveAttribute('spellcheck', 'false')
    await expect(getComputedStyle(field).fontFamily).toMatch(/monospace/)
  },
}

/** Several lines: a text area whose lines are kept as typed. */
export const Multiline: Story = {
  args: { label: 'Body', value: '', multiline: true, minRows: 3, maxRows: 8, fullWidth: true },
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Body' })
    await expect(field).toBeVisible()
    await expect(field).toHaveProperty('tagName', 'TEXTAREA')
    await userEvent.type(field, '{{{Enter}  "id": 1{Enter}}')
    await expect(field).toHaveValue('{\n  "id": 1\n}')
  },
}

/** Focused: the outline thickens in the theme's colour, and the label takes the colour too. */
export const Focused: Story = {
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Name' })
    await userEvent.click(field)
    await expect(field).toHaveFocus()
    const outline = field.parentElement!.querySelector('fieldset')!
    const label = field.parentElement!.querySelector('label')!
    await expect(getComputedStyle(outline).borderTopWidth).toBe('2px')
    await expect(getComputedStyle(label).color).toBe(getComputedStyle(outline).borderTopColor)
  },
}

export const FocusedDark: Story = { globals: { theme: 'dark' }, play: Focused.play }
