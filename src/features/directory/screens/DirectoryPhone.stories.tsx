import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import { DirectoryScreen } from './DirectoryScreen'

// The directory on a phone (390 x 844): the first screen shows results, the filters wait behind
// a button that says how many are in effect.
const meta = {
  title: 'Screens/Directory/Phone',
  component: DirectoryScreen,
  parameters: { route: '/apis?https=true&auth=apiKey', phone: { width: 390, height: 844 } },
} satisfies Meta<typeof DirectoryScreen>

export default meta
type Story = StoryObj<typeof meta>

/** The Filters button opens the filters in a sheet; a change applies at once, Show results closes it. */
export const FiltersDrawer: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const button = await canvas.findByRole('button', { name: 'Filters (2 active)' })
    await expect(button).toBeVisible()
    // The fields themselves are not on the first screen: the side filters (a wider screen's) are
    // dropped on a phone, where the sheet has its own.
    await waitFor(() =>
      expect(canvas.queryByRole('combobox', { name: 'Category', hidden: true })).toBeNull(),
    )

    await userEvent.click(button)
    const sheet = within(await screen.findByRole('dialog', { name: 'Filters (2 active)' }))
    // The sheet slides in: its fields are shown once it has.
    await waitFor(() => expect(sheet.getByText('Verified working')).toBeVisible())
    await expect(sheet.getByRole('checkbox', { name: 'HTTPS' })).toBeChecked()
    await expect(sheet.getByRole('combobox', { name: 'Authentication' })).toHaveDisplayValue(
      'API key',
    )
    await userEvent.click(sheet.getByRole('checkbox', { name: 'CORS' }))
    await expect(await screen.findByRole('dialog', { name: 'Filters (3 active)' })).toBeVisible()
    await userEvent.click(sheet.getByRole('button', { name: 'Show results' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(canvas.getByRole('button', { name: 'Filters (3 active)' })).toHaveFocus()
    // The results of the three filters replace the dimmed ones of two.
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())
    await expect(canvas.getByRole('list', { name: 'APIs' })).toBeVisible()
  },
}

export const FiltersDrawerDark: Story = {
  ...FiltersDrawer,
  globals: { theme: 'dark' },
}
