import type { Meta, StoryObj } from '@storybook/react-vite'
import Stack from '@mui/material/Stack'
import Lock from '@mui/icons-material/LockOutlined'
import { expect } from 'storybook/test'
import { Tag } from './Tag'

const meta = {
  title: 'Components/Tag',
  component: Tag,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Tag>

export default meta
type Story = StoryObj<typeof meta>

/** The labels an API's page and card show: its badges, its auth and its endpoints' methods. */
export const Default: Story = {
  args: { label: 'HTTPS', color: 'success' },
  render: (args) => (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Tag {...args} />
      <Tag label="Free" color="success" />
      <Tag icon={<Lock aria-hidden />} label="API key" />
      <Tag label="GET" color="success" className="atlas-tag-method" />
      <Tag label="POST" color="primary" className="atlas-tag-method" />
      <Tag label="PUT" color="warning" className="atlas-tag-method" />
      <Tag label="DELETE" color="error" className="atlas-tag-method" />
    </Stack>
  ),
  play: async ({ canvas }) => {
    for (const label of ['HTTPS', 'Free', 'API key', 'GET', 'POST', 'PUT', 'DELETE']) {
      await expect(canvas.getByText(label)).toBeVisible()
    }
    // A label, not a control: nothing to press or focus.
    await expect(canvas.queryAllByRole('button')).toHaveLength(0)
  },
}

/** A label longer than its space ends in an ellipsis instead of breaking the row. */
export const Long: Story = {
  args: { label: 'OAuth 2.0 with a very long provider-specific name that keeps going' },
  render: (args) => (
    <Stack sx={{ width: 200 }}>
      <Tag {...args} />
    </Stack>
  ),
  play: async ({ canvas, args }) => {
    const label = canvas.getByText(args.label)
    await expect(label).toBeVisible()
    await expect(label.scrollWidth).toBeGreaterThan(label.clientWidth)
  },
}
