import { useId, useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { OutlinedSelect } from './OutlinedSelect'

/** With its label, as the directory's filters and the tester's method use it. */
function Labelled() {
  const id = useId()
  const [sort, setSort] = useState('name')
  return (
    <OutlinedSelect
      sx={{ minWidth: 180 }}
      id={id}
      label="Sort by"
      name="sort"
      value={sort}
      onChange={(event) => setSort(event.target.value)}
    >
      <option value="name">Name</option>
      <option value="updated">Recently updated</option>
    </OutlinedSelect>
  )
}

const meta = {
  title: 'Components/OutlinedSelect',
  component: Labelled,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Labelled>

export default meta
type Story = StoryObj<typeof meta>

/** The browser's own select, labelled, with the arrow MUI draws; choosing changes it. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Sort by' })
    await expect(select).toBeVisible()
    await expect(select).toHaveValue('name')
    await expect(select).toHaveAttribute('name', 'sort')
    await userEvent.selectOptions(select, 'updated')
    await expect(select).toHaveValue('updated')
    await expect(canvas.getByRole('option', { name: 'Recently updated' })).toHaveProperty(
      'selected',
      true,
    )
  },
}
