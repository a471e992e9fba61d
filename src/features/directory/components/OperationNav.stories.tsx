import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, within } from 'storybook/test'
import Box from '@mui/material/Box'
import type { OperationSummary } from '@/contract/operations'
import { NAV_SHOWN, OperationNav } from './OperationNav'

const op = (
  tag: string,
  n: number,
  method: OperationSummary['method'] = 'GET',
): OperationSummary => ({
  operationKey: `${tag}-${n}`,
  method,
  path: `/${tag}/${n}`,
  operationId: `${tag}-${n}`,
  summary: `${tag} operation ${n}`,
  tags: [tag],
  deprecated: false,
})
const groups: [string, OperationSummary[]][] = [
  ['customers', [op('customers', 1, 'POST'), op('customers', 2)]],
  ['invoices', Array.from({ length: NAV_SHOWN + 50 }, (_, i) => op('invoices', i + 1))],
  ['refunds', [op('refunds', 1, 'DELETE')]],
]

const meta = {
  title: 'Components/OperationNav',
  component: OperationNav,
  // The navigation shows on a wide screen only: the runner's page is 1280 wide.
  decorators: [
    (Story) => (
      <Box sx={{ p: 2, width: 300, bgcolor: 'background.default', color: 'text.primary' }}>
        <Story />
      </Box>
    ),
  ],
  args: { groups, current: 'invoices-120', onOpen: fn() },
} satisfies Meta<typeof OperationNav>

export default meta
type Story = StoryObj<typeof meta>

/**
 * The operation being read is marked and its group open, even past the first hundred; a group
 * opens on a press and a press on an operation opens it.
 */
export const FollowsTheReader: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const nav = within(canvas.getByRole('navigation', { name: 'Operations by tag' }))
    await expect(nav.getByRole('button', { name: /^invoices/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    const marked = nav.getByRole('link', { name: /invoices operation 120$/ })
    await expect(marked).toHaveAttribute('aria-current', 'location')
    await userEvent.click(nav.getByRole('button', { name: /Show all 150/ }))
    await expect(nav.getByRole('link', { name: /invoices operation 150$/ })).toBeVisible()
    await expect(nav.queryByRole('link', { name: /customers operation 1$/ })).toBeNull()
    await userEvent.click(nav.getByRole('button', { name: /^customers/ }))
    await userEvent.click(nav.getByRole('link', { name: /customers operation 2$/ }))
    await expect(args.onOpen).toHaveBeenCalledWith('customers-2')
  },
}

export const FollowsTheReaderDark: Story = { ...FollowsTheReader, globals: { theme: 'dark' } }
