import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, spyOn, waitFor, within } from 'storybook/test'
import { JsonTree } from './JsonTree'

const account = { id: 1, name: 'Ada', active: true, email: null }
const nested = { user: { name: 'Ada', address: { city: 'Lisbon', country: 'PT' } } }
const withArrays = {
  tags: ['api', 'testing'],
  items: [
    { id: 1, sku: 'A-1' },
    { id: 2, sku: 'B-2' },
  ],
}
const longText = 'The quick brown fox jumps over the lazy dog. '.repeat(20).trim()

const meta = {
  title: 'Components/JsonTree',
  component: JsonTree,
  parameters: { layout: 'padded' },
  args: { value: account },
} satisfies Meta<typeof JsonTree>

export default meta
type Story = StoryObj<typeof meta>

/** A small object, open: each key with its value, coloured by type, and the tools above it. */
export const SmallObject: Story = {
  play: async ({ canvas }) => {
    const tree = canvas.getByRole('group', { name: 'JSON body' })
    await expect(tree).toBeVisible()
    await expect(within(tree).getByText('"Ada"')).toBeVisible()
    await expect(tree).toHaveTextContent('{ 4 keys')
    await expect(tree).toHaveTextContent('"id": 1')
    await expect(tree).toHaveTextContent('"name": "Ada"')
    await expect(tree).toHaveTextContent('"active": true')
    await expect(tree).toHaveTextContent('"email": null')
    await expect(canvas.getByRole('button', { name: 'Collapse $' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await expect(canvas.getByRole('textbox', { name: 'Search keys and values' })).toBeVisible()
    await expect(canvas.getByRole('textbox', { name: 'JSONPath filter' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Expand all' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Collapse all' })).toBeVisible()
  },
}

export const SmallObjectDark: Story = { globals: { theme: 'dark' }, play: SmallObject.play }

/** Deeper objects start folded; a click on one opens it, and another folds it again. */
export const Nested: Story = {
  args: { value: nested },
  play: async ({ canvas, userEvent }) => {
    const tree = canvas.getByRole('group', { name: 'JSON body' })
    await expect(tree).toHaveTextContent('"address": {…} 2 keys')
    await expect(tree).not.toHaveTextContent('Lisbon')

    const expand = canvas.getByRole('button', { name: 'Expand address' })
    await expect(expand).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(expand)
    await expect(await within(tree).findByText('"Lisbon"')).toBeVisible()
    await expect(tree).toHaveTextContent('"city": "Lisbon"')
    const collapse = canvas.getByRole('button', { name: 'Collapse address' })
    await expect(collapse).toHaveAttribute('aria-expanded', 'true')

    await userEvent.click(collapse)
    await waitFor(() => expect(tree).not.toHaveTextContent('Lisbon'))
    await expect(canvas.getByRole('button', { name: 'Expand address' })).toBeVisible()
  },
}

/** Collapse all folds the whole body to its root; Expand all opens every level. */
export const CollapseAndExpandAll: Story = {
  args: { value: nested },
  play: async ({ canvas, userEvent }) => {
    const tree = canvas.getByRole('group', { name: 'JSON body' })
    await userEvent.click(canvas.getByRole('button', { name: 'Collapse all' }))
    await expect(await canvas.findByRole('button', { name: 'Expand $' })).toBeVisible()
    await expect(tree).toHaveTextContent('{…} 1 key')
    await expect(tree).not.toHaveTextContent('"user"')

    await userEvent.click(canvas.getByRole('button', { name: 'Expand all' }))
    await expect(await within(tree).findByText('"Lisbon"')).toBeVisible()
    await expect(tree).toHaveTextContent('"country": "PT"')
    await expect(canvas.getByRole('button', { name: 'Collapse address' })).toBeVisible()
  },
}

/** Arrays: items by their place, with counts; objects in them open on a click. */
export const Arrays: Story = {
  args: { value: withArrays },
  play: async ({ canvas, userEvent }) => {
    const tree = canvas.getByRole('group', { name: 'JSON body' })
    await expect(tree).toHaveTextContent('"tags": [ 2 items')
    await expect(tree).toHaveTextContent('0: "api"')
    await expect(tree).toHaveTextContent('1: "testing"')
    await expect(tree).toHaveTextContent('1: {…} 2 keys')
    await expect(tree).not.toHaveTextContent('B-2')

    await userEvent.click(canvas.getByRole('button', { name: 'Expand $.items[1]' }))
    await expect(await within(tree).findByText('"B-2"')).toBeVisible()
    await expect(tree).toHaveTextContent('"sku": "B-2"')
  },
}

/** A very long string is cut in its row; copying it gives the whole of it. */
export const LongString: Story = {
  args: { value: { description: longText } },
  play: async ({ canvas, userEvent }) => {
    const write = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    const tree = canvas.getByRole('group', { name: 'JSON body' })
    const shown = `${JSON.stringify(longText).slice(0, 300)}…`
    await expect(within(tree).getByText(shown)).toBeVisible()
    await expect(tree).not.toHaveTextContent(longText)

    await userEvent.click(
      within(tree).getByRole('button', { name: 'Copy the value of $.description' }),
    )
    await expect(write).toHaveBeenCalledWith(longText)
    await expect(await canvas.findByText('Copied the value of $.description')).toBeVisible()
  },
}

/** An empty object: its braces, with nothing to open. */
export const EmptyObject: Story = {
  args: { value: {} },
  play: async ({ canvas }) => {
    const tree = canvas.getByRole('group', { name: 'JSON body' })
    await expect(tree).toBeVisible()
    await expect(tree).toHaveTextContent(/^\{\}$/)
    await expect(canvas.queryByRole('button', { name: /^(Expand|Collapse) \$$/ })).toBeNull()
  },
}

/** A search keeps the matches and the containers above them, opened so they show. */
export const Search: Story = {
  args: { value: nested },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Search keys and values' }), 'lisbon')
    // The tree follows the search a moment after the typing (a deferred value).
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/^1 match$/))
    const tree = canvas.getByRole('group', { name: 'JSON body' })
    await expect(within(tree).getByText('"Lisbon"')).toBeVisible()
    await expect(tree).toHaveTextContent('"city": "Lisbon"')
    await expect(tree).not.toHaveTextContent('"name"')
    await expect(tree).not.toHaveTextContent('"country"')
  },
}

/** A search that matches nothing says so in place of the tree. */
export const SearchMatchesNothing: Story = {
  args: { value: nested },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Search keys and values' }), 'Oslo')
    await expect(await canvas.findByText('Nothing in the body matches “Oslo”.')).toBeVisible()
    await expect(canvas.getByRole('status')).toHaveTextContent('0 matches')
    await expect(canvas.queryByRole('group', { name: 'JSON body' })).toBeNull()
  },
}

/** A JSONPath filter shows only what it selects, and says how much. */
export const Filtered: Story = {
  args: { value: withArrays },
  play: async ({ canvas, userEvent }) => {
    // `[[` is how user-event types a `[`.
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'JSONPath filter' }),
      '$.items[[*].sku',
    )
    await waitFor(() =>
      expect(canvas.getByRole('group', { name: 'JSON body' })).toHaveTextContent('0: "A-1"'),
    )
    await expect(canvas.getByText('2 values selected by the filter')).toBeVisible()
    const tree = canvas.getByRole('group', { name: 'JSON body' })
    await expect(within(tree).getByText('"B-2"')).toBeVisible()
    await expect(tree).toHaveTextContent('[ 2 items0: "A-1"1: "B-2"]')
    await expect(tree).not.toHaveTextContent('tags')
  },
}

/** A filter that is not JSONPath is marked and says why; the whole body shows meanwhile. */
export const FilterError: Story = {
  args: { value: withArrays },
  play: async ({ canvas, userEvent }) => {
    const filter = canvas.getByRole('textbox', { name: 'JSONPath filter' })
    await userEvent.type(filter, 'items')
    const why = 'A JSONPath expression starts with $, such as $.items[0]'
    await expect(await canvas.findByText(why)).toBeVisible()
    await expect(filter).toHaveAttribute('aria-invalid', 'true')
    await expect(filter).toHaveAccessibleDescription(why)
    await expect(canvas.getByRole('group', { name: 'JSON body' })).toHaveTextContent('"tags"')
  },
}

/** A filter that selects nothing says so in place of the tree. */
export const FilterSelectsNothing: Story = {
  args: { value: withArrays },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'JSONPath filter' }), '$.prices')
    await expect(await canvas.findByText('The filter selects nothing in this body.')).toBeVisible()
    await expect(canvas.getByRole('status')).toHaveTextContent('0 values selected by the filter')
    await expect(canvas.queryByRole('group', { name: 'JSON body' })).toBeNull()
  },
}
