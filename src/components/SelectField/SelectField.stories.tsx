import { useState, type ComponentProps } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn } from 'storybook/test'
import { SelectField } from './SelectField'

type Props = ComponentProps<typeof SelectField>

/** The select as its users hold it: the chosen value in their state. */
function Held({ value: initial, onChange, ...props }: Props) {
  const [value, setValue] = useState(initial)
  return (
    <SelectField
      {...props}
      value={value}
      onChange={(chosen) => {
        setValue(chosen)
        onChange(chosen)
      }}
    />
  )
}

const meta = {
  title: 'Components/SelectField',
  component: SelectField,
  parameters: { layout: 'padded' },
  args: {
    label: 'Grant',
    name: 'grant',
    value: 'authorization_code',
    options: [
      { value: 'authorization_code', label: 'Authorization code' },
      { value: 'client_credentials', label: 'Client credentials' },
      { value: 'device_code', label: 'Device code' },
    ],
    onChange: fn(),
    sx: { minWidth: 220 },
  },
  render: (args) => <Held {...args} />,
} satisfies Meta<typeof SelectField>

export default meta
type Story = StoryObj<typeof meta>

/** Closed: the label on the border and the chosen option's name in the field. */
export const WithValue: Story = {
  play: async ({ canvas, args }) => {
    const select = canvas.getByRole('combobox', { name: 'Grant' })
    await expect(select).toBeVisible()
    await expect(select).toHaveDisplayValue('Authorization code')
    await expect(select).toHaveAttribute('name', 'grant')
    await expect(canvas.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Authorization code',
      'Client credentials',
      'Device code',
    ])
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

export const WithValueDark: Story = { globals: { theme: 'dark' }, play: WithValue.play }

/** Opened and an option chosen: the field shows it, and the owner is told its value. */
export const Choosing: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const select = canvas.getByRole('combobox', { name: 'Grant' })
    await userEvent.selectOptions(select, 'Client credentials')
    await expect(select).toHaveDisplayValue('Client credentials')
    await expect(canvas.getByRole('option', { name: 'Client credentials' })).toHaveProperty(
      'selected',
      true,
    )
    await expect(args.onChange).toHaveBeenCalledWith('client_credentials')
  },
}

/** An option whose value is empty ("none") is chosen like any other. */
export const EmptyOption: Story = {
  args: {
    label: 'Environment',
    name: undefined,
    value: 'staging',
    options: [
      { value: '', label: 'No environment' },
      { value: 'staging', label: 'Staging' },
    ],
  },
  play: async ({ canvas, args, userEvent }) => {
    const select = canvas.getByRole('combobox', { name: 'Environment' })
    await expect(select).toHaveDisplayValue('Staging')
    await userEvent.selectOptions(select, 'No environment')
    await expect(select).toHaveDisplayValue('No environment')
    await expect(args.onChange).toHaveBeenCalledWith('')
  },
}
