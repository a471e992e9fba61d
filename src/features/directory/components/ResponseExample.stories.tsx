import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import Box from '@mui/material/Box'
import type { OperationResponse } from '@/contract/operations'
import { ResponseExample } from './ResponseExample'

const responses: OperationResponse[] = [
  {
    status: '200',
    description: 'The customer.',
    mediaTypes: ['application/json'],
    schema: {
      truncated: false,
      exampleSource: 'document',
      example: { id: 'cus_123', object: 'customer', email: 'ada@example.com' },
      tree: {
        type: 'object',
        children: [
          { name: 'id', type: 'string', required: true },
          { name: 'email', type: 'string | null', format: 'email' },
        ],
      },
    },
  },
  { status: '204', description: 'Nothing to return.', mediaTypes: [], schema: null },
  {
    status: '404',
    description: 'No such customer.',
    mediaTypes: ['application/json'],
    schema: {
      truncated: false,
      exampleSource: 'generated',
      example: { error: { type: 'invalid_request_error', message: 'No such customer' } },
      tree: {
        type: 'object',
        children: [{ name: 'error', type: 'object', required: true }],
      },
    },
  },
  {
    status: 'default',
    description: 'Any other error.',
    mediaTypes: ['application/json'],
    schema: null,
  },
]

const meta = {
  title: 'Components/ResponseExample',
  component: ResponseExample,
  decorators: [
    (Story) => (
      <Box sx={{ p: 2, maxWidth: 480, bgcolor: 'background.default', color: 'text.primary' }}>
        <Story />
      </Box>
    ),
  ],
  args: { responses, operationName: 'GET /v1/customers/{id}' },
} satisfies Meta<typeof ResponseExample>

export default meta
type Story = StoryObj<typeof meta>

/**
 * A button per documented status; the example and schema below follow the one picked, and each
 * is reached with Tab and picked with Enter or Space.
 */
export const StatusPicker: Story = {
  play: async ({ canvas, userEvent }) => {
    const picker = within(
      canvas.getByRole('group', { name: 'Response status for GET /v1/customers/{id}' }),
    )
    const ok = picker.getByRole('button', { name: '200' })
    await expect(ok).toHaveAttribute('aria-pressed', 'true')
    await expect(
      canvas.getByRole('region', { name: '200 response sample example' }),
    ).toHaveTextContent('cus_123')

    // By keyboard: from 200, Tab twice reaches 404, and Enter picks it.
    ok.focus()
    await userEvent.tab()
    await userEvent.tab()
    const notFound = picker.getByRole('button', { name: '404' })
    await expect(notFound).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(notFound).toHaveAttribute('aria-pressed', 'true')
    await expect(ok).toHaveAttribute('aria-pressed', 'false')
    await expect(canvas.getByText('No such customer.')).toBeVisible()
    await expect(canvas.getByText('Generated from the schema.')).toBeVisible()
    await expect(
      canvas.getByRole('region', { name: '404 response sample example' }),
    ).toHaveTextContent('invalid_request_error')
    await expect(canvas.queryByRole('region', { name: '200 response sample example' })).toBeNull()

    // Its schema is one tab away.
    await userEvent.click(canvas.getByRole('tab', { name: 'Schema' }))
    await expect(
      canvas.getByRole('group', { name: '404 response sample fields' }),
    ).toHaveTextContent('error')

    await userEvent.click(picker.getByRole('button', { name: '204' }))
    await expect(canvas.getByText('This status has no body.')).toBeVisible()
    await userEvent.click(picker.getByRole('button', { name: 'default' }))
    await expect(canvas.getByText(/No example or schema is kept for this status/)).toBeVisible()
  },
}

export const StatusPickerDark: Story = { ...StatusPicker, globals: { theme: 'dark' } }

/** An operation that lists no responses says so, with no empty picker. */
export const NoResponses: Story = {
  args: { responses: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The document lists no responses.')).toBeVisible()
    await expect(canvas.queryByRole('group')).toBeNull()
  },
}
