import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, waitFor, within } from 'storybook/test'
import { operationsHandlers } from '@mocks/handlers/operations'
import { githubOperations } from '@mocks/data/operations'
import { OperationSearchDialog } from './OperationSearchDialog'

// Ctrl+K on an API page: the dialog over its operations, in each state a search can be in.
const meta = {
  title: 'Components/OperationSearchDialog',
  component: OperationSearchDialog,
  args: {
    apiId: githubOperations.apiId,
    apiName: 'GitHub v3 REST API',
    open: true,
    onClose: fn(),
    onPick: fn(),
    initialText: 'create an issue',
  },
} satisfies Meta<typeof OperationSearchDialog>

export default meta
type Story = StoryObj<typeof meta>

const dialog = async () =>
  within(await screen.findByRole('dialog', { name: 'Search the operations of GitHub v3 REST API' }))

/** Words found at the server: the matches listed, best first; a press opens one and closes. */
export const Results: Story = {
  play: async ({ args, userEvent }) => {
    const found = await dialog()
    await waitFor(() =>
      expect(found.getByRole('searchbox', { name: 'Search operations' })).toHaveFocus(),
    )
    const list = within(await found.findByRole('list', { name: 'Matching operations' }))
    const create = list.getByRole('button', { name: /\/repos\/\{owner\}\/\{repo\}\/issues/ })
    await expect(create).toHaveTextContent('Create an issue')
    await expect(found.getByRole('status')).toHaveTextContent(/operations? match/)
    await userEvent.click(create)
    await expect(args.onPick).toHaveBeenCalledWith('issues/create')
    await expect(args.onClose).toHaveBeenCalled()
  },
}

export const ResultsDark: Story = { ...Results, globals: { theme: 'dark' } }

/** Nothing holds every word: said plainly. */
export const NoResults: Story = {
  args: { initialText: 'zebra crossing' },
  play: async () => {
    const found = await dialog()
    await waitFor(() =>
      expect(found.getByRole('status')).toHaveTextContent('No operations match “zebra crossing”.'),
    )
    await expect(found.queryByRole('list')).toBeNull()
  },
}

export const NoResultsDark: Story = { ...NoResults, globals: { theme: 'dark' } }

/** Asked and not answered yet. */
export const Loading: Story = {
  parameters: { msw: { handlers: { operations: operationsHandlers.searchLoading } } },
  play: async () => {
    const found = await dialog()
    await expect(await found.findByRole('status')).toHaveTextContent('Searching…')
  },
}

/**
 * More words typed while the last matches are shown: they stay, under "Searching…", until the
 * new ones come, and a press on one still opens it.
 */
export const SearchingAgain: Story = {
  parameters: { msw: { handlers: { operations: operationsHandlers.laterSearchLoading } } },
  play: async ({ args, userEvent }) => {
    const found = await dialog()
    const list = within(await found.findByRole('list', { name: 'Matching operations' }))
    await userEvent.type(found.getByRole('searchbox', { name: 'Search operations' }), ' today')
    await waitFor(() => expect(found.getByText('Searching…')).toBeVisible())
    await userEvent.click(
      list.getByRole('button', { name: /\/repos\/\{owner\}\/\{repo\}\/issues/ }),
    )
    await expect(args.onPick).toHaveBeenCalledWith('issues/create')
  },
}

export const SearchingAgainDark: Story = { ...SearchingAgain, globals: { theme: 'dark' } }

/** The server failed: its message, and a way to ask again. */
export const Error: Story = {
  parameters: { msw: { handlers: { operations: operationsHandlers.searchError } } },
  play: async () => {
    const found = await dialog()
    await expect(await found.findByRole('alert')).toHaveTextContent(
      'The search failed: The database is unavailable.',
    )
    // Where it animates, the dialog fades in: wait until a person can see the button.
    await waitFor(() => expect(found.getByRole('button', { name: 'Try again' })).toBeVisible())
  },
}

export const ErrorDark: Story = { ...Error, globals: { theme: 'dark' } }

/** Opened with nothing typed: what to type. */
export const Empty: Story = {
  args: { initialText: '' },
  play: async () => {
    const found = await dialog()
    await waitFor(() => expect(found.getByText(/such as “create a customer”/)).toBeVisible())
  },
}
