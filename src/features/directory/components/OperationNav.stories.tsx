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
  // The runner's page is 1280 wide, where the navigation always shows; the phone stories fold it.
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
 * The operation being read is marked and its group open, even past the first hundred, which list
 * the hundred around it until "Show all"; a group opens on a press and a press on an operation
 * opens it.
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
    await expect(nav.getByRole('link', { name: /invoices operation 150$/ })).toBeVisible()
    await expect(nav.queryByRole('link', { name: /invoices operation 1$/ })).toBeNull()
    await userEvent.click(nav.getByRole('button', { name: 'Show all 150, from the first' }))
    await expect(nav.getByRole('link', { name: /invoices operation 1$/ })).toBeVisible()
    await expect(nav.getByRole('link', { name: /invoices operation 150$/ })).toBeVisible()
    await expect(nav.queryByRole('link', { name: /customers operation 1$/ })).toBeNull()
    await userEvent.click(nav.getByRole('button', { name: /^customers/ }))
    await userEvent.click(nav.getByRole('link', { name: /customers operation 2$/ }))
    await expect(args.onOpen).toHaveBeenCalledWith('customers-2')
  },
}

export const FollowsTheReaderDark: Story = { ...FollowsTheReader, globals: { theme: 'dark' } }

/**
 * On a phone the navigation waits behind a button above the list: it opens to the same tags and
 * operations, and closes again once one is picked, so the reader sees the operation.
 */
export const Phone: Story = {
  parameters: { phone: { width: 360, height: 740 } },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.queryByRole('navigation', { name: 'Operations by tag' })).toBeNull()
    const toggle = canvas.getByRole('button', {
      name: 'Operations by tag (3 tags, 153 operations)',
    })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    toggle.focus()
    await userEvent.keyboard('{Enter}')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const nav = within(canvas.getByRole('navigation', { name: 'Operations by tag' }))
    await userEvent.click(nav.getByRole('button', { name: /^refunds/ }))
    await userEvent.click(nav.getByRole('link', { name: /refunds operation 1$/ }))
    await expect(args.onOpen).toHaveBeenCalledWith('refunds-1')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(canvas.queryByRole('navigation', { name: 'Operations by tag' })).toBeNull()
    // Nothing is wider than the phone.
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360)
  },
}

export const PhoneDark: Story = { ...Phone, globals: { theme: 'dark' } }
