import type { Meta, StoryObj } from '@storybook/react-vite'
import Box from '@mui/material/Box'
import { expect, waitFor, within } from 'storybook/test'
import { monoRow, ROW_HEIGHT, TextLines, WindowedList } from './WindowedList'

const row = (i: number) => (
  <Box key={i} sx={monoRow}>
    Order {i + 1}
  </Box>
)

const meta = {
  title: 'Components/WindowedList',
  component: WindowedList,
  parameters: { layout: 'padded' },
  args: { count: 20_000, label: 'Orders', renderRow: row },
} satisfies Meta<typeof WindowedList>

export default meta
type Story = StoryObj<typeof meta>

/** Twenty thousand rows: only a window of them is drawn, and scrolling draws the later ones. */
export const LongList: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('region', { name: 'Orders' })
    await expect(list).toBeVisible()
    await expect(within(list).getByText('Order 1')).toBeVisible()
    await expect(within(list).queryByText('Order 15000')).not.toBeInTheDocument()
    await expect(within(list).getAllByText(/^Order \d+$/).length).toBeLessThan(100)

    list.scrollTop = 14_999 * ROW_HEIGHT
    await expect(await within(list).findByText('Order 15000')).toBeVisible()
    await waitFor(() => expect(within(list).queryByText('Order 1')).not.toBeInTheDocument())
    await expect(within(list).getAllByText(/^Order \d+$/).length).toBeLessThan(100)
  },
}

export const LongListDark: Story = { globals: { theme: 'dark' }, play: LongList.play }

/** A few rows: all drawn, and the list is as tall as they are, with nothing to scroll. */
export const ShortList: Story = {
  args: { count: 5 },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('region', { name: 'Orders' })
    for (const n of [1, 2, 3, 4, 5]) {
      await expect(within(list).getByText(`Order ${n}`)).toBeVisible()
    }
    await expect(within(list).queryByText('Order 6')).not.toBeInTheDocument()
    await expect(list.scrollHeight).toBeLessThanOrEqual(list.clientHeight)
  },
}

/** As a group (the JSON tree's rows) rather than a region of text. */
export const Group: Story = {
  args: { count: 3, label: 'JSON body', role: 'group' },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('group', { name: 'JSON body' })
    await expect(list).toBeVisible()
    await expect(within(list).getByText('Order 3')).toBeVisible()
  },
}

const longLine = 'x'.repeat(1000)

/** A body's text: its lines as rows, an empty line kept, a very long line cut into rows of 400. */
export const Text: Story = {
  render: () => <TextLines label="Response body" text={`first line\n\n${longLine}`} />,
  play: async ({ canvas }) => {
    const body = canvas.getByRole('region', { name: 'Response body' })
    await expect(within(body).getByText('first line')).toBeVisible()
    await expect(within(body).getAllByText('x'.repeat(400))).toHaveLength(2)
    await expect(within(body).getByText('x'.repeat(200))).toBeVisible()
    await expect(body).toHaveTextContent(`first line ${longLine}`)
  },
}
