import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import Box from '@mui/material/Box'
import type { SchemaNode, SchemaView } from '@/contract/operations'
import { SchemaSection } from './SchemaSection'

const card: SchemaNode = {
  name: 'option 1',
  type: 'object',
  children: [
    { name: 'object', type: 'string', enum: ['card'], required: true },
    { name: 'number', type: 'string', required: true, description: 'The card number.' },
  ],
}
const bank: SchemaNode = {
  name: 'option 2',
  type: 'object',
  children: [
    { name: 'object', type: 'string', enum: ['bank_account'], required: true },
    { name: 'routing_number', type: 'string' },
  ],
}
/** Two option groups at once: a payment source (named by its `object`) and an address (anyOf). */
const twoGroups: SchemaView = {
  truncated: false,
  tree: {
    type: 'object',
    children: [
      { name: 'source', type: 'oneOf', description: 'What pays.', children: [card, bank] },
      {
        name: 'shipping',
        type: 'anyOf',
        children: [
          { name: 'option 1', type: 'string', description: 'An address on one line.' },
          {
            name: 'option 2',
            type: 'object',
            children: [
              { name: 'line1', type: 'string', required: true },
              { name: 'city', type: 'string' },
            ],
          },
        ],
      },
    ],
  },
}

const pet = (kind: string, own: SchemaNode): SchemaNode => ({
  name: kind === 'cat' ? 'option 1' : 'option 2',
  type: 'object',
  children: [{ name: 'kind', type: 'string', enum: [kind], required: true }, own],
})
/** A oneOf with the document's discriminator. */
const discriminated: SchemaView = {
  truncated: false,
  tree: {
    type: 'oneOf',
    discriminator: 'kind',
    children: [
      pet('cat', { name: 'lives', type: 'integer', format: 'int32' }),
      pet('dog', { name: 'good_boy', type: 'boolean' }),
    ],
  },
}

/** A tree node that holds itself, twice: as its parent and as its children. */
const recursive: SchemaView = {
  truncated: false,
  tree: {
    type: 'object',
    description: 'A category.',
    children: [
      { name: 'id', type: 'string' },
      { name: 'parent', type: 'object', circular: true, refersTo: 0 },
      {
        name: 'meta',
        type: 'object',
        children: [{ name: 'owner', type: 'object', circular: true, refersTo: 1 }],
      },
      { name: 'children', type: 'array<object>', circular: true, refersTo: 0 },
    ],
  },
}

/** Values, an empty enum, nullable and formats. */
const values: SchemaView = {
  truncated: false,
  tree: {
    type: 'object',
    children: [
      { name: 'status', type: 'string', enum: ['active', 'past_due', 'canceled'] },
      { name: 'flavour', type: 'string', enum: [], description: 'Declared with an empty enum.' },
      { name: 'ended_at', type: 'integer | null', format: 'unix-time' },
      { name: 'email', type: 'string', format: 'email', required: true, default: 'a@b.example' },
    ],
  },
}

/** A user: `id` and `created` are read-only (the server sets them), `password` write-only. */
const user: SchemaNode = {
  type: 'object',
  children: [
    { name: 'id', type: 'string', readOnly: true },
    { name: 'created', type: 'string', format: 'date-time', readOnly: true },
    { name: 'name', type: 'string', required: true },
    { name: 'password', type: 'string', format: 'password', writeOnly: true },
  ],
}

/** Three levels deep, with the document's named examples. */
const nested: SchemaView = {
  truncated: false,
  example: { customer: { address: { city: 'Paris' } } },
  exampleSource: 'document',
  examples: [
    { name: 'paris', summary: 'In France', value: { customer: { address: { city: 'Paris' } } } },
    { name: 'lima', value: { customer: { address: { city: 'Lima' } } } },
  ],
  tree: {
    type: 'object',
    children: [
      {
        name: 'customer',
        type: 'object',
        children: [
          {
            name: 'address',
            type: 'object',
            children: [{ name: 'city', type: 'string', description: 'City, district or town.' }],
          },
        ],
      },
    ],
  },
}

const meta = {
  title: 'Components/SchemaSection',
  component: SchemaSection,
  decorators: [
    (Story) => (
      <Box sx={{ p: 2, bgcolor: 'background.default', color: 'text.primary' }}>
        <Story />
      </Box>
    ),
  ],
  args: { view: twoGroups, label: 'Request body', direction: 'request' },
} satisfies Meta<typeof SchemaSection>

export default meta
type Story = StoryObj<typeof meta>
const dark = { globals: { theme: 'dark' } }

/** Two option groups, each with its own picker: choosing in one leaves the other as it was. */
export const OneOfTwoGroups: Story = {
  play: async ({ canvas, userEvent }) => {
    const source = canvas.getByRole('button', { name: 'source' })
    await userEvent.click(source)
    await userEvent.click(canvas.getByRole('button', { name: 'shipping' }))
    const sourcePicker = canvas.getByRole('group', { name: 'source: one of' })
    const shippingPicker = canvas.getByRole('group', { name: 'shipping: any of' })
    // Options are named by the value that tells them apart, else by their type.
    await expect(within(sourcePicker).getByRole('button', { name: 'card' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await userEvent.click(within(sourcePicker).getByRole('button', { name: 'bank_account' }))
    await expect(canvas.getByRole('group', { name: 'source: bank_account' })).toHaveTextContent(
      'routing_number',
    )
    await userEvent.click(within(shippingPicker).getByRole('button', { name: 'object' }))
    await expect(canvas.getByRole('group', { name: 'shipping: object' })).toHaveTextContent('line1')
    // The first choice held.
    await expect(canvas.getByRole('group', { name: 'source: bank_account' })).toBeVisible()
  },
}
export const OneOfTwoGroupsDark: Story = { ...OneOfTwoGroups, ...dark }

/** The document's discriminator names the options and is said. */
export const Discriminator: Story = {
  args: { view: discriminated },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText(/One of these 2, chosen by/)).toHaveTextContent('kind')
    await expect(canvas.getByRole('group', { name: 'Request body: cat' })).toHaveTextContent(
      'lives',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'dog' }))
    const dog = canvas.getByRole('group', { name: 'Request body: dog' })
    await expect(dog).toHaveTextContent('good_boy')
    await expect(dog).not.toHaveTextContent('lives')
  },
}
export const DiscriminatorDark: Story = { ...Discriminator, ...dark }

/** A loop is a link back to where it starts, never expanded again. */
export const Recursion: Story = {
  args: { view: recursive, direction: 'response', label: 'Response 200' },
  play: async ({ canvas, userEvent }) => {
    const toTop = canvas.getAllByRole('button', { name: 'the top of this schema' })
    await expect(toTop).toHaveLength(2)
    await userEvent.click(toTop[0]!)
    await waitFor(() => expect(document.activeElement).toHaveTextContent('A category.'))
    await userEvent.click(canvas.getByRole('button', { name: 'meta' }))
    await userEvent.click(canvas.getByRole('button', { name: '“meta”' }))
    await waitFor(() => expect(canvas.getByRole('button', { name: 'meta' })).toHaveFocus())
  },
}
export const RecursionDark: Story = { ...Recursion, ...dark }

/** Values listed, an empty enum read as "Any value", nullable and formats marked. */
export const EmptyEnumAndFormats: Story = {
  args: { view: values },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Values:/)).toHaveTextContent(/active.*past_due.*canceled/)
    await expect(canvas.getByText('Any value')).toBeVisible()
    await expect(canvas.queryByText(/One of:/)).toBeNull()
    await expect(canvas.getByText('nullable')).toBeVisible()
    await expect(canvas.getByText('unix-time')).toBeVisible()
    await expect(canvas.getByText('email', { selector: 'span' })).toBeVisible()
  },
}
export const EmptyEnumAndFormatsDark: Story = { ...EmptyEnumAndFormats, ...dark }

/** In a request, read-only fields are left out, and it says so. */
export const ReadOnlyInRequest: Story = {
  args: { view: { tree: user, truncated: false }, direction: 'request' },
  play: async ({ canvas }) => {
    const fields = canvas.getByRole('group', { name: 'Request body fields' })
    await expect(fields).toHaveTextContent('password')
    await expect(fields).not.toHaveTextContent('created')
    await expect(
      canvas.getByText('2 read-only fields are left out: the server sets them.'),
    ).toBeVisible()
  },
}
export const ReadOnlyInRequestDark: Story = { ...ReadOnlyInRequest, ...dark }

/** In a response, write-only fields are left out. */
export const WriteOnlyInResponse: Story = {
  args: { view: { tree: user, truncated: false }, direction: 'response', label: 'Response 200' },
  play: async ({ canvas }) => {
    const fields = canvas.getByRole('group', { name: 'Response 200 fields' })
    await expect(fields).toHaveTextContent('created')
    await expect(fields).not.toHaveTextContent('password')
    await expect(
      canvas.getByText('1 write-only field is left out: it is sent, never returned.'),
    ).toBeVisible()
  },
}
export const WriteOnlyInResponseDark: Story = { ...WriteOnlyInResponse, ...dark }

/** Folded below the top; expand all, collapse all, a level; Schema and Example tabs. */
export const ExpandAndExamples: Story = {
  args: { view: nested },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByText('city')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Expand all' }))
    await expect(canvas.getByText('City, district or town.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Collapse all' }))
    await expect(canvas.queryByText('address')).toBeNull()
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Levels shown' }), '2')
    await expect(canvas.getByRole('button', { name: 'address' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    // One field opened by hand.
    await userEvent.click(canvas.getByRole('button', { name: 'address' }))
    await expect(canvas.getByText('city')).toBeVisible()

    await userEvent.click(canvas.getByRole('tab', { name: 'Example' }))
    const example = canvas.getByRole('region', { name: 'Request body example' })
    await expect(example).toHaveTextContent('Paris')
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Example' }), 'lima')
    await expect(canvas.getByRole('region', { name: 'Request body example' })).toHaveTextContent(
      'Lima',
    )
  },
}
export const ExpandAndExamplesDark: Story = { ...ExpandAndExamples, ...dark }
