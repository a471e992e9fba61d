import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import { createIssueOperation } from '@mocks/data/operations'
import { testerHandlers } from '@mocks/handlers/tester'
import { emptyDraft } from '../lib/draft'
import { clearWorkbench } from '../lib/workbenchStorage'
import { HISTORY_STORAGE_KEY } from '../lib/useHistoryPersistence'
import type { Environment } from '../lib/workbenchTypes'
// The workbench's slice loads with its part; imported here so a story's preloaded state is kept.
import type { WorkbenchState } from '../workbenchSlice'
import '../workbenchSlice'
import { TesterScreen } from './TesterScreen'

// The tester's environments, variables and collections: each state the visitor meets.
const meta = {
  title: 'Screens/Tester/Workbench',
  component: TesterScreen,
  parameters: { route: '/tools/tester' },
  // Each story starts with nothing kept by the stories before it.
  beforeEach: async () => {
    localStorage.removeItem(HISTORY_STORAGE_KEY)
    await clearWorkbench()
  },
} satisfies Meta<typeof TesterScreen>

export default meta
type Story = StoryObj<typeof meta>

const stripeTest: Environment = {
  id: 'env-stripe-test',
  name: 'Stripe test',
  variables: [
    { name: 'base', value: 'https://api.stripe.com/v1', secret: false },
    { name: 'token', value: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc', secret: true },
  ],
}
const production: Environment = {
  id: 'env-production',
  name: 'Production',
  variables: [{ name: 'base', value: 'https://api.stripe.com/v1', secret: false }],
}

const workbench = (state: Partial<WorkbenchState>): { workbench: WorkbenchState } => ({
  workbench: {
    loaded: true,
    environments: [stripeTest, production],
    activeEnvironmentId: stripeTest.id,
    collections: [],
    cookieJars: {},
    openedRequest: null,
    ...state,
  },
})

/** No environment yet: the dialog says what one is for, and makes the first. */
export const EnvironmentsEmpty: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Environments' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Environments' }))
    // The dialog fades in: visible once it has.
    await waitFor(() => expect(dialog.getByText(/No environments yet/)).toBeVisible())
    await userEvent.click(dialog.getByRole('button', { name: 'New environment' }))
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Environment 1')
    await expect(dialog.getByText(/No variables yet/)).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: 'Add variable' }))
    await userEvent.type(dialog.getByRole('textbox', { name: 'Variable' }), 'base')
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }))
    await expect(canvas.getByRole('combobox', { name: 'Environment' })).toHaveValue(
      (canvas.getByRole('option', { name: 'Environment 1' }) as HTMLOptionElement).value,
    )
  },
}

/** An environment in use: `{{base}}` and `{{token}}` are filled when sent, and history keeps the names. */
export const EnvironmentInUse: Story = {
  // The API answers 404: what matters here is what was sent and what history keeps.
  parameters: {
    store: workbench({}),
    msw: { handlers: { tester: testerHandlers.errorResponse } },
  },
  play: async ({ canvas, userEvent }) => {
    // A `{{name}}` typed brings the environment in.
    await userEvent.click(await canvas.findByRole('textbox', { name: 'URL' }))
    await userEvent.paste('{{base}}/customers')
    const environment = await canvas.findByRole('combobox', { name: 'Environment' })
    await expect(environment).toHaveValue(stripeTest.id)
    await expect(await canvas.findByText('Uses {{base}} from Stripe test.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Send Request' }))
    const summary = await canvas.findByLabelText('Response summary')
    await expect(within(summary).getByText('404')).toBeVisible()
    // What was sent is the filled URL; what history keeps is the placeholder.
    const history = within(canvas.getByRole('region', { name: 'History' }))
    await expect(await history.findByText('{{base}}/customers')).toBeVisible()
    // Switching environments is one choice.
    await userEvent.selectOptions(environment, 'Production')
    await expect(canvas.getByText('Uses {{base}} from Production.')).toBeVisible()
  },
}

/** A variable the environment does not set is marked before sending, and Send says so. */
export const UnsetVariable: Story = {
  parameters: { store: workbench({ activeEnvironmentId: production.id }) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('textbox', { name: 'URL' }))
    await userEvent.paste('{{base}}/customers?key={{token}}')
    const note = await canvas.findByText(/Not set:/)
    await expect(note).toHaveTextContent('Not set: {{token}} in Production.')
    await expect(note).toHaveTextContent('The request is not sent until it is.')
    await userEvent.click(canvas.getByRole('button', { name: 'Send Request' }))
    await waitFor(() => expect(screen.getByText('Not sent: set {{token}} first')).toBeVisible())
    await expect(canvas.queryByLabelText('Response summary')).toBeNull()
    // The note leads to the environment, with the missing name ready to add.
    await userEvent.click(canvas.getByRole('button', { name: 'Set variables' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Environments' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Add what the request uses (token)' }))
    await userEvent.type(dialog.getByRole('textbox', { name: 'Value of token' }), 'abc123')
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }))
    await expect(await canvas.findByText('Uses {{base}}, {{token}} from Production.')).toBeVisible()
  },
}

/** A secret value is masked in the editor until asked for, and never reaches history. */
export const SecretMasked: Story = {
  // The API cannot be reached: the answer echoes the address it was sent to.
  parameters: {
    store: workbench({}),
    msw: { handlers: { tester: testerHandlers.networkError } },
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Environments' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Environments' }))
    const token = dialog.getByLabelText('Value of token')
    await expect(token).toHaveAttribute('type', 'password')
    await expect(dialog.getByLabelText('Value of base')).toHaveAttribute('type', 'text')
    await expect(dialog.getAllByRole('checkbox', { name: 'Secret' })[1]).toBeChecked()
    await userEvent.click(dialog.getByRole('button', { name: 'Show the value of token' }))
    await expect(token).toHaveAttribute('type', 'text')
    await userEvent.click(dialog.getByRole('button', { name: 'Hide the value of token' }))
    await expect(token).toHaveAttribute('type', 'password')
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }))

    await userEvent.click(canvas.getByRole('textbox', { name: 'URL' }))
    await userEvent.paste('{{base}}/balance?key={{token}}')
    await userEvent.click(canvas.getByRole('button', { name: 'Send Request' }))
    await canvas.findByLabelText('Response summary')
    const history = canvas.getByRole('region', { name: 'History' })
    await expect(await within(history).findByText('{{base}}/balance?key={{token}}')).toBeVisible()
    await expect(history).not.toHaveTextContent(stripeTest.variables[1]?.value ?? '')
    // Nor anywhere on the page: the answer's echo of the request shows it masked.
    await expect(canvasElement).not.toHaveTextContent('sk_test_4eC39HqLyjWDarjtT1zdp7dc')
  },
}

/** Ctrl+S saves into a new collection; the collection is then exported as Postman v2.1. */
export const CollectionSavedAndExported: Story = {
  parameters: { store: workbench({}) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('textbox', { name: 'URL' }))
    await userEvent.paste('{{base}}/customers')
    await userEvent.keyboard('{Control>}s{/Control}')
    const dialog = within(await screen.findByRole('dialog', { name: 'Save request' }))
    await expect(dialog.getByRole('textbox', { name: 'Request name' })).toHaveValue(
      'GET {{base}}/customers',
    )
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Request name' }))
    await userEvent.type(dialog.getByRole('textbox', { name: 'Request name' }), 'List customers')
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Folder' }), 'New folder…')
    await userEvent.type(dialog.getByRole('textbox', { name: 'New folder name' }), 'Customers')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.getByText('Saved "List customers" in My requests')).toBeVisible(),
    )

    const collection = within(await canvas.findByRole('region', { name: 'Collection My requests' }))
    await expect(collection.getByText('Customers')).toBeVisible()
    await expect(
      collection.getByRole('button', { name: /^GET\s?List customers$/ }),
    ).toHaveAttribute('aria-current', 'true')
    await expect(canvas.getByText(/Editing “List customers”/)).toBeVisible()

    await userEvent.click(
      collection.getByRole('button', { name: 'Actions for collection My requests' }),
    )
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Export' }))
    const exporting = within(await screen.findByRole('dialog', { name: 'Export “My requests”' }))
    await userEvent.click(
      exporting.getByRole('checkbox', { name: 'Include the variables of Stripe test' }),
    )
    await waitFor(() =>
      expect(exporting.getByText('Secret variables are exported with empty values.')).toBeVisible(),
    )
    await userEvent.click(exporting.getByRole('button', { name: 'Download JSON' }))
    await waitFor(() =>
      expect(
        screen.getByText('Exported “My requests” as My requests.postman_collection.json'),
      ).toBeVisible(),
    )
  },
}

/** A Postman collection with a request the tester cannot send: what came in and what did not. */
export const ImportWithSkipped: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Collections' }))
    const panel = within(await canvas.findByRole('region', { name: 'Collections' }))
    await expect(
      await panel.findByText(/Save a request \(Ctrl\+S\) to start a collection/),
    ).toBeVisible()
    await userEvent.click(panel.getByRole('button', { name: 'Import' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Import requests' }))
    await userEvent.click(dialog.getByRole('textbox', { name: 'Or paste a cURL command or JSON' }))
    await userEvent.paste(
      JSON.stringify({
        info: {
          name: 'Mixed',
          schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
        },
        variable: [{ key: 'base', value: 'https://api.example.com' }],
        item: [
          { name: 'List items', request: { method: 'GET', url: '{{base}}/items' } },
          { name: 'Trace', request: { method: 'TRACE', url: '{{base}}/' } },
          {
            name: 'Create item',
            request: { method: 'POST', url: '{{base}}/items' },
            event: [{ listen: 'test', script: { exec: ['pm.test("ok")'] } }],
          },
        ],
      }),
    )
    await userEvent.click(dialog.getByRole('button', { name: 'Import pasted text' }))
    const result = await dialog.findByRole('status')
    await expect(result).toHaveTextContent('Imported 2 requests into “Mixed”; skipped 1')
    await expect(
      within(dialog.getByRole('list', { name: 'Skipped' })).getByRole('listitem'),
    ).toHaveTextContent('Trace: the tester does not send TRACE requests')
    await expect(dialog.getByRole('list', { name: 'Imported without' })).toHaveTextContent(
      'Create item: its test script was skipped (only checks written by API Atlas are read; scripts are not run here)',
    )
    await expect(result).toHaveTextContent(
      'Its 1 variable went into the environment “Mixed variables”.',
    )
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }))
    const collection = within(await canvas.findByRole('region', { name: 'Collection Mixed' }))
    await userEvent.click(collection.getByRole('button', { name: /^GET\s?List items$/ }))
    await expect(canvas.getByRole('textbox', { name: 'URL' })).toHaveValue('{{base}}/items')
  },
}

/** A request saved from a catalogue operation that has changed since: what changed, and an update. */
export const ChangedInDirectory: Story = {
  parameters: {
    store: workbench({
      collections: [
        {
          id: 'c-github',
          name: 'GitHub',
          items: [
            {
              kind: 'request',
              id: 'r-issue',
              name: 'Open an issue',
              draft: {
                ...emptyDraft,
                method: 'POST',
                url: 'https://api.github.com/repos/octocat/hello/issue',
                headersText: '{\n  "Authorization": "Bearer {{token}}"\n}',
                bodyText: '{"title": "Mine"}',
              },
              source: {
                apiId: createIssueOperation.apiId,
                operationKey: createIssueOperation.operationKey,
                digest: 'saved-before',
                shape: {
                  method: 'POST',
                  path: '/repos/{owner}/{repo}/issue',
                  params: [
                    { name: 'owner', in: 'path', required: true },
                    { name: 'repo', in: 'path', required: true },
                    { name: 'labels', in: 'query', required: false },
                  ],
                  bodyTypes: ['application/json'],
                },
              },
            },
          ],
        },
      ],
    }),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Collections' }))
    const collection = within(await canvas.findByRole('region', { name: 'Collection GitHub' }))
    const change = await collection.findByText('Changed in the directory')
    const note = change.closest('[role="status"]') as HTMLElement
    await expect(note).toHaveTextContent(
      'Path renamed: /repos/{owner}/{repo}/issue → /repos/{owner}/{repo}/issues',
    )
    await expect(note).toHaveTextContent('Parameter removed: labels (query)')
    await userEvent.click(within(note).getByRole('button', { name: 'Update' }))
    await waitFor(() => expect(collection.queryByText('Changed in the directory')).toBeNull())
    await userEvent.click(collection.getByRole('button', { name: /^POST\s?Open an issue$/ }))
    await expect(canvas.getByRole('textbox', { name: 'URL' })).toHaveValue(
      'https://api.github.com/repos/octocat/hello/issues',
    )
    await userEvent.click(canvas.getByRole('tab', { name: 'Body' }))
    await expect(await canvas.findByRole('textbox', { name: 'Body' })).toHaveValue(
      '{"title": "Mine"}',
    )
  },
}

/** `?` lists the keys; Ctrl+L goes to the URL. */
export const Shortcuts: Story = {
  play: async ({ canvas, userEvent }) => {
    const url = await canvas.findByRole('textbox', { name: 'URL' })
    await userEvent.click(canvas.getByRole('heading', { level: 1, name: 'API Tester' }))
    await userEvent.keyboard('?')
    const dialog = within(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }))
    const table = dialog.getByRole('table', { name: 'Keyboard shortcuts' })
    for (const keys of ['Ctrl+Enter', 'Ctrl+S', 'Ctrl+L', '?']) {
      await waitFor(() => expect(within(table).getByText(keys)).toBeVisible())
    }
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await userEvent.keyboard('{Control>}l{/Control}')
    await expect(url).toHaveFocus()
  },
}

export const WorkbenchDark: Story = {
  ...UnsetVariable,
  globals: { theme: 'dark' },
}
