import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, spyOn, waitFor, within } from 'storybook/test'
import { testerHandlers } from '@mocks/handlers/tester'
import { GRAPHQL_URL } from '@mocks/data/graphql'
import { HISTORY_STORAGE_KEY } from '../lib/useHistoryPersistence'
import { headerRowsShown } from './headerRowsShown'
import { TesterScreen } from './TesterScreen'

const meta = {
  title: 'Screens/Tester',
  component: TesterScreen,
  parameters: { route: '/tools/tester' },
  // Each story starts with no history kept by the stories before it.
  beforeEach: () => {
    localStorage.removeItem(HISTORY_STORAGE_KEY)
  },
} satisfies Meta<typeof TesterScreen>

export default meta
type Story = StoryObj<typeof meta>

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas']
type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent']

/** Types a URL and presses Send Request, as a person would. */
async function sendTo(canvas: Canvas, userEvent: UserEvent, url: string) {
  // The form hydrates, or here renders, from a chunk of its own, just after the page.
  await userEvent.click(await canvas.findByRole('textbox', { name: 'URL' }))
  await userEvent.paste(url)
  await userEvent.click(canvas.getByRole('button', { name: 'Send Request' }))
}

/** Idle: GET by default, a JSON content-type header, nothing sent yet. */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'API Tester' })).toBeVisible()
    const crumbs = within(canvas.getByRole('navigation', { name: 'Breadcrumb' }))
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    await expect(crumbs.getByRole('link', { name: 'API Tools' })).toHaveAttribute(
      'href',
      '/apis/tools',
    )
    await expect(crumbs.getByText('API Tester')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Back to API Tools' })).toHaveAttribute(
      'href',
      '/apis/tools',
    )
    await expect(canvas.getByRole('link', { name: 'Browse APIs' })).toHaveAttribute('href', '/apis')
    await expect(await canvas.findByRole('combobox', { name: 'Method' })).toHaveValue('GET')
    await expect(headerRowsShown(canvas)).toEqual({ 'Content-Type': 'application/json' })
    await expect(canvas.getByText(/Send a request to see its status/)).toBeVisible()
    // Send is disabled while there is no URL; Enter in the empty field says what is missing.
    await expect(canvas.getByRole('button', { name: 'Send Request' })).toBeDisabled()
    const url = canvas.getByRole('textbox', { name: 'URL' })
    await userEvent.click(url)
    await userEvent.keyboard('{Enter}')
    await expect(url).toHaveAccessibleDescription('Enter the address to send the request to.')
    await expect(url).toHaveAttribute('aria-invalid', 'true')
    await expect(url).toHaveFocus()
    await expect(canvas.getByText(/Send a request to see its status/)).toBeVisible()

    // The rows are the one editor; their text view shows the same headers, never others.
    await userEvent.click(canvas.getByRole('button', { name: 'Bulk edit' }))
    const bulk = await canvas.findByRole('textbox', { name: 'Headers (bulk edit)' })
    await expect(bulk).toHaveValue('Content-Type: application/json')
    await userEvent.type(bulk, '{Enter}Accept: text/csv')
    await userEvent.click(canvas.getByRole('button', { name: 'Edit as rows' }))
    await expect(headerRowsShown(canvas)).toEqual({
      'Content-Type': 'application/json',
      Accept: 'text/csv',
    })

    // The query editor follows the URL.
    await userEvent.click(canvas.getByRole('textbox', { name: 'URL' }))
    await userEvent.paste('https://api.example.com/items?page=2')
    await userEvent.click(canvas.getByRole('tab', { name: 'Query (1)' }))
    await expect(canvas.getByRole('textbox', { name: 'Parameter' })).toHaveValue('page')
    await expect(canvas.getByRole('button', { name: 'Send Request' })).toBeEnabled()
  },
}

/** `?api=` loads an API from the directory: base URL, first GET endpoint, auth placeholder. */
export const Prefilled: Story = {
  parameters: {
    route: '/tools/tester?api=github-com',
    msw: { handlers: { apis: null, testerApi: testerHandlers.api } },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('textbox', { name: 'URL' })
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'URL' })).toHaveValue(
        'https://api.github.com/zen',
      ),
    )
    await expect(
      await canvas.findByText('GitHub v3 REST API', { selector: 'strong' }),
    ).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'View GitHub v3 REST API' })).toHaveAttribute(
      'href',
      '/apis/github-com',
    )
    await expect(headerRowsShown(canvas).Authorization).toBe('Bearer YOUR_TOKEN')
  },
}

/**
 * `?api=…&op=…` loads one operation: GitHub's create-an-issue, with its path parameters as fields,
 * the JSON body's example, Content-Type and Accept, and auth as a placeholder.
 */
export const PrefilledFromOperation: Story = {
  parameters: { route: '/tools/tester?api=github-com-api-github-com&op=issues%2Fcreate' },
  play: async ({ canvas, userEvent }) => {
    const url = await canvas.findByRole('textbox', { name: 'URL' })
    // Path parameters start with realistic values, to change in their fields.
    await waitFor(() =>
      expect(url).toHaveValue('https://api.github.com/repos/octocat/hello-world/issues'),
    )
    await expect(canvas.getByRole('combobox', { name: 'Method' })).toHaveValue('POST')
    // The path parameters' part loads with the operation.
    const paths = within(await canvas.findByRole('region', { name: 'Path parameters' }))
    await userEvent.clear(paths.getByRole('textbox', { name: 'repo' }))
    await userEvent.type(paths.getByRole('textbox', { name: 'repo' }), 'atlas')
    await waitFor(() =>
      expect(url).toHaveValue('https://api.github.com/repos/octocat/atlas/issues'),
    )
    const headers = headerRowsShown(canvas)
    await expect(headers['Content-Type']).toBe('application/json')
    await expect(headers.Accept).toBe('application/json')
    await userEvent.click(canvas.getByRole('tab', { name: 'Body' }))
    const body = ((await canvas.findByRole('textbox', { name: 'Body' })) as HTMLTextAreaElement)
      .value
    await expect(body).toContain('"title"')
    await expect(await canvas.findByText('issues/create', { selector: 'strong' })).toBeVisible()
  },
}

/**
 * The current request as code to copy: the panel opens on cURL, follows the form as it changes, and
 * offers JavaScript fetch, Python requests and Go net/http too.
 */
export const CopyAsCode: Story = {
  play: async ({ canvas, userEvent }) => {
    // The browser's own clipboard answers only a focused, permitted page, which a busy test run's
    // page is not always: the story checks what was handed to it instead.
    const write = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    await userEvent.click(await canvas.findByRole('textbox', { name: 'URL' }))
    await userEvent.paste('https://api.example.com/items?page=2')
    const toggle = canvas.getByRole('button', { name: 'Copy as code' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(toggle)
    await expect(canvas.getByRole('button', { name: 'Hide code' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    const panel = within(await canvas.findByRole('region', { name: 'This request as code' }))
    // The panel's code loads when it opens.
    await expect(await panel.findByRole('button', { name: 'cURL' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    const curl = await panel.findByRole('region', { name: 'cURL code' })
    await expect(curl).toHaveTextContent('curl --location --request GET')
    await expect(curl).toHaveTextContent('https://api.example.com/items?page=2')
    await expect(curl).toHaveTextContent('Content-Type: application/json')

    // The code follows the form: redirects off, a method and a body.
    await userEvent.click(canvas.getByLabelText('Follow redirects'))
    await waitFor(() => expect(curl).not.toHaveTextContent('--location'))

    await userEvent.click(panel.getByRole('button', { name: 'Python requests' }))
    const python = await panel.findByRole('region', { name: 'Python requests code' })
    await expect(python).toHaveTextContent('import requests')
    await expect(python).toHaveTextContent('querystring = {"page":"2"}')
    await expect(python).toHaveTextContent('allow_redirects=False')

    await userEvent.click(panel.getByRole('button', { name: 'Go net/http' }))
    await expect(await panel.findByRole('region', { name: 'Go net/http code' })).toHaveTextContent(
      'return http.ErrUseLastResponse',
    )
    await userEvent.click(panel.getByRole('button', { name: 'JavaScript fetch' }))
    const fetchCode = await panel.findByRole('region', { name: 'JavaScript fetch code' })
    await expect(fetchCode).toHaveTextContent("redirect: 'manual'")

    await userEvent.click(panel.getByRole('button', { name: 'Copy JavaScript fetch code' }))
    await expect(write).toHaveBeenCalledWith(expect.stringContaining("redirect: 'manual'"))
    // The snackbar grows in: visible once it has.
    await waitFor(() => expect(screen.getByText('Copied to the clipboard')).toBeVisible())

    await userEvent.click(canvas.getByRole('button', { name: 'Hide code' }))
    await expect(canvas.queryByRole('region', { name: 'This request as code' })).toBeNull()
  },
}

/** With no full address yet, the code panel says what it needs instead of showing code. */
export const CodeWithoutAddress: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('textbox', { name: 'URL' }))
    await userEvent.paste('api.example.com/items')
    await userEvent.click(canvas.getByRole('button', { name: 'Copy as code' }))
    const panel = within(await canvas.findByRole('region', { name: 'This request as code' }))
    await expect(
      await panel.findByText(
        'The code could not be made: the URL is not a full address (https://…)',
      ),
    ).toBeVisible()
    await expect(panel.queryByRole('region', { name: 'cURL code' })).toBeNull()
    // Completing the address brings the code.
    await userEvent.click(canvas.getByRole('textbox', { name: 'URL' }))
    await userEvent.keyboard('{Home}https://')
    await expect(await panel.findByRole('region', { name: 'cURL code' })).toHaveTextContent(
      'https://api.example.com/items',
    )
  },
}

/** While the request is out: the button reads 'Testing...' and cannot be pressed again. */
export const Sending: Story = {
  parameters: { msw: { handlers: { tester: testerHandlers.sending } } },
  play: async ({ canvas, userEvent }) => {
    await sendTo(canvas, userEvent, 'https://api.example.com/slow')
    const button = await canvas.findByRole('button', { name: 'Testing...' })
    await expect(button).toBeDisabled()
    await expect(canvas.getByRole('status')).toHaveTextContent('Testing...')
  },
}

/** A 200 with JSON: status, time, size, timestamp, pretty body, headers, timing. */
export const Response: Story = {
  play: async ({ canvas, userEvent }) => {
    await sendTo(canvas, userEvent, 'https://jsonplaceholder.typicode.com/posts/1')
    const summary = await canvas.findByLabelText('Response summary')
    await expect(within(summary).getByText('200')).toBeVisible()
    await expect(within(summary).getByText('OK')).toBeVisible()
    await expect(within(summary).getByText('Time: 185 ms')).toBeVisible()
    await expect(within(summary).getByText('Size: 292 B')).toBeVisible()
    await expect(canvas.getByRole('group', { name: 'JSON body' })).toHaveTextContent('"userId": 1')

    await userEvent.click(canvas.getByRole('button', { name: 'Pretty' }))
    await expect(canvas.getByLabelText('Response body')).toHaveTextContent(
      '"title": "sunt aut facere',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Raw' }))
    await expect(canvas.getByLabelText('Response body')).toHaveTextContent(
      '{"userId":1,"id":1,"title":"sunt aut facere',
    )

    await userEvent.click(canvas.getByRole('tab', { name: 'Headers (4)' }))
    const table = canvas.getByRole('table', { name: 'Response headers' })
    // Both Set-Cookie values are kept.
    await expect(within(table).getAllByText('set-cookie')).toHaveLength(2)

    await userEvent.click(canvas.getByRole('tab', { name: 'Timing' }))
    await expect(canvas.getByText('TLS handshake')).toBeVisible()
    await expect(canvas.getByText('48.3 ms')).toBeVisible()

    // The request lands in the history.
    const history = within(canvas.getByRole('region', { name: 'History' }))
    await expect(
      await history.findByText('https://jsonplaceholder.typicode.com/posts/1'),
    ).toBeVisible()
  },
}

/** The API answered 404: shown as a response, in the warning colour. */
export const ErrorResponse: Story = {
  parameters: { msw: { handlers: { tester: testerHandlers.errorResponse } } },
  play: async ({ canvas, userEvent }) => {
    await sendTo(canvas, userEvent, 'https://api.github.com/repos/octocat/no-such-repo')
    const summary = await canvas.findByLabelText('Response summary')
    await expect(within(summary).getByText('404')).toBeVisible()
    await expect(within(summary).getByText('Not Found')).toBeVisible()
    await expect(canvas.getByRole('group', { name: 'JSON body' })).toHaveTextContent(
      '"documentation_url"',
    )
  },
}

/** The API could not be reached: status Error, 'Network Error' and the reason. */
export const NetworkError: Story = {
  parameters: { msw: { handlers: { tester: testerHandlers.networkError } } },
  play: async ({ canvas, userEvent }) => {
    await sendTo(canvas, userEvent, 'https://api.nowhere.example/v1/status')
    const summary = await canvas.findByLabelText('Response summary')
    await expect(within(summary).getByText('Error')).toBeVisible()
    await expect(within(summary).getByText('Network Error')).toBeVisible()
    await expect(canvas.getByText('Could not resolve host api.nowhere.example')).toBeVisible()
  },
}

/** A private address: the server refuses and the screen says why. */
export const Blocked: Story = {
  parameters: { msw: { handlers: { tester: testerHandlers.blocked } } },
  play: async ({ canvas, userEvent }) => {
    await sendTo(canvas, userEvent, 'http://169.254.169.254/latest/meta-data/')
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent('Request blocked')
    await expect(alert).toHaveTextContent(
      'Requests to private or local network addresses are not allowed (cloud metadata address)',
    )
    await expect(canvas.getByRole('button', { name: 'Send Request' })).toBeEnabled()
  },
}

/** A body over the cap: what fits is shown, and the cut is said. */
export const LargeResponse: Story = {
  parameters: { msw: { handlers: { tester: testerHandlers.largeResponse } } },
  play: async ({ canvas, userEvent }) => {
    await sendTo(canvas, userEvent, 'https://data.example.org/exports/measurements.csv')
    await expect(await canvas.findByText('Response truncated')).toBeVisible()
    await expect(canvas.getByLabelText('Response body')).toHaveTextContent('1,station-0001,20.0')
    await expect(
      within(canvas.getByLabelText('Response summary')).getByText('Size: 2.0 MB'),
    ).toBeVisible()
  },
}

/** Earlier requests, secrets masked, from a preloaded store; a click loads one back. */
export const WithHistory: Story = {
  parameters: {
    store: {
      tester: {
        history: [
          {
            id: 'h1',
            method: 'POST',
            url: 'https://api.example.com/v1/orders?api_key=*****',
            headersText: '{\n  "Authorization": "Bearer ••••••"\n}',
            bodyText: '{"sku":"A-1"}',
            followRedirects: true,
            status: 201,
            responseTime: 240,
            sentAt: '2026-03-14T09:20:00.000Z',
          },
          {
            id: 'h2',
            method: 'GET',
            url: 'http://10.0.0.1/admin',
            headersText: '{}',
            bodyText: '',
            followRedirects: true,
            status: 'Refused',
            responseTime: null,
            sentAt: '2026-03-14T09:19:00.000Z',
          },
        ],
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    const history = within(await canvas.findByRole('region', { name: 'History' }))
    await userEvent.click(
      await history.findByText('https://api.example.com/v1/orders?api_key=*****'),
    )
    await expect(canvas.getByRole('textbox', { name: 'URL' })).toHaveValue(
      'https://api.example.com/v1/orders?api_key=*****',
    )
    await expect(canvas.getByRole('combobox', { name: 'Method' })).toHaveValue('POST')
    await userEvent.click(history.getByRole('button', { name: 'Clear history' }))
    await expect(history.getByText(/Requests you send appear here/)).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
    await sendTo(canvas, userEvent, 'https://jsonplaceholder.typicode.com/posts/1')
    await expect(await canvas.findByLabelText('Response summary')).toHaveTextContent('200')
  },
}

/**
 * Opens the body as a GraphQL query for an endpoint and loads its schema. A schema stays loaded
 * for its address while the page lives, and the stories share one page: each uses its own.
 */
async function openGraphql(canvas: Canvas, userEvent: UserEvent, url: string) {
  await userEvent.click(await canvas.findByRole('textbox', { name: 'URL' }))
  await userEvent.paste(url)
  await userEvent.click(canvas.getByRole('tab', { name: 'Body' }))
  await userEvent.click(await canvas.findByRole('switch', { name: 'GraphQL query' }))
  await userEvent.click(await canvas.findByRole('button', { name: 'Load schema' }))
}

/**
 * GraphQL with its schema: loaded by introspection through our server, field suggestions as the
 * query is typed, and the query sent as a JSON POST, its answer in the usual viewer.
 */
export const GraphqlWithSchema: Story = {
  parameters: { msw: { handlers: { tester: testerHandlers.graphql } } },
  play: async ({ canvas, userEvent }) => {
    await openGraphql(canvas, userEvent, GRAPHQL_URL)
    await expect(
      await canvas.findByText(
        /Schema loaded: 8 types\. Query fields: countries, country, continents, continent, languages\./,
      ),
    ).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Reload schema' })).toBeEnabled()

    const query = canvas.getByRole('textbox', { name: 'Query' })
    await userEvent.type(query, '{{ coun')
    const list = await canvas.findByRole('listbox', { name: 'Suggestions from the schema' })
    const options = within(list).getAllByRole('option')
    await expect(options.map((option) => option.textContent)).toEqual([
      expect.stringMatching(/^countryCountryOne country by its code\./),
      expect.stringMatching(/^countries\[Country!\]!Every country/),
    ])
    await expect(query).toHaveAttribute('aria-activedescendant', options[0]!.id)
    await userEvent.keyboard('{ArrowDown}')
    await expect(query).toHaveAttribute('aria-activedescendant', options[1]!.id)
    await userEvent.keyboard('{ArrowUp}{Enter}')
    await expect(query).toHaveValue('{ country')
    await expect(canvas.queryByRole('listbox')).not.toBeInTheDocument()
    await userEvent.paste('(code: $code) { name capital }}')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Variables (JSON)' }), '{{"code": ')
    await expect(canvas.getByText(/^Variables are not valid JSON/)).toBeVisible()
    await userEvent.paste('"BR"}')
    await expect(canvas.getByText('A JSON object, or empty for none.')).toBeVisible()
    // A query is a POST.
    await expect(canvas.getByRole('combobox', { name: 'Method' })).toHaveValue('POST')

    await userEvent.click(canvas.getByRole('button', { name: 'Send Request' }))
    const body = await canvas.findByRole('group', { name: 'JSON body' })
    await userEvent.click(canvas.getByRole('button', { name: 'Expand all' }))
    await waitFor(() => expect(body).toHaveTextContent('"capital": "Brasília"'))
  },
}

/** An endpoint that refuses introspection: said plainly, and a query can still be written. */
export const GraphqlSchemaRefused: Story = {
  parameters: { msw: { handlers: { tester: testerHandlers.graphqlRefused } } },
  play: async ({ canvas, userEvent }) => {
    await openGraphql(canvas, userEvent, 'https://private-schema.example/graphql')
    await expect(
      await canvas.findByText(
        'The endpoint refused introspection: GraphQL introspection is not allowed, but the query contained __schema. You can still write and send a query without suggestions.',
      ),
    ).toBeVisible()
    await expect(canvas.getByText('No schema loaded: field suggestions are off.')).toBeVisible()
    await userEvent.type(canvas.getByRole('textbox', { name: 'Query' }), '{{ coun')
    await expect(canvas.queryByRole('listbox')).not.toBeInTheDocument()
    await expect(canvas.getByRole('textbox', { name: 'Query' })).toHaveValue('{ coun')
  },
}

/** The JSON tree filtered by a JSONPath expression, searched, and a value copied from it. */
export const JsonTreeFiltered: Story = {
  play: async ({ canvas, userEvent }) => {
    const write = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    await sendTo(canvas, userEvent, 'https://jsonplaceholder.typicode.com/posts/1')
    const tree = await canvas.findByRole('group', { name: 'JSON body' })
    await expect(tree).toHaveTextContent('"userId": 1')

    await userEvent.type(canvas.getByRole('textbox', { name: 'JSONPath filter' }), '$.meta')
    await waitFor(() =>
      expect(canvas.getByRole('group', { name: 'JSON body' })).not.toHaveTextContent('userId'),
    )
    const filtered = canvas.getByRole('group', { name: 'JSON body' })
    await expect(filtered).toHaveTextContent('"views": 1280')
    await expect(canvas.getByText('1 value selected by the filter')).toBeVisible()

    await userEvent.click(
      within(filtered).getByRole('button', { name: 'Copy the value of $.views' }),
    )
    await expect(write).toHaveBeenCalledWith('1280')
    await expect(canvas.getByText(/Copied the value of \$\.views/)).toBeVisible()

    // A filter that is not JSONPath says so, and the whole body shows meanwhile.
    const filter = canvas.getByRole('textbox', { name: 'JSONPath filter' })
    await userEvent.clear(filter)
    await userEvent.type(filter, 'meta')
    await expect(await canvas.findByText(/A JSONPath expression starts with \$/)).toBeVisible()
    await userEvent.clear(filter)

    await userEvent.type(canvas.getByRole('textbox', { name: 'Search keys and values' }), 'testing')
    // The status line also still says what was copied.
    await expect(await canvas.findByText(/^1 match · Copied/)).toBeVisible()
    await waitFor(() =>
      expect(canvas.getByRole('group', { name: 'JSON body' })).not.toHaveTextContent('userId'),
    )
    await expect(canvas.getByRole('group', { name: 'JSON body' })).toHaveTextContent('"testing"')
    write.mockRestore()
  },
}

/** Checks added from the Checks tab, all passing: each says Pass with the actual value. */
export const ChecksPassing: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'Checks' }))
    await expect(await canvas.findByText(/No checks yet/)).toBeVisible()
    const add = within(canvas.getByRole('group', { name: 'Add a check' }))
    await userEvent.click(add.getByRole('button', { name: 'Status' }))
    await userEvent.click(add.getByRole('button', { name: 'JSON path' }))
    const pathCheck = within(canvas.getByRole('group', { name: 'Check 2: JSON path' }))
    const path = pathCheck.getByRole('textbox', { name: 'JSON path' })
    await userEvent.clear(path)
    await userEvent.type(path, '$.userId')
    await userEvent.selectOptions(pathCheck.getByRole('combobox', { name: 'Condition' }), 'equals')
    await userEvent.type(pathCheck.getByRole('textbox', { name: 'Expected value' }), '1')

    await sendTo(canvas, userEvent, 'https://jsonplaceholder.typicode.com/posts/1')
    const summary = await canvas.findByLabelText('Response summary')
    await expect(within(summary).getByText('Checks: 2 of 2 passed')).toBeVisible()
    await userEvent.click(canvas.getByRole('tab', { name: 'Checks (2/2)' }))
    const results = within(canvas.getByRole('list', { name: 'Check results' }))
    const items = results.getAllByRole('listitem')
    await expect(items[0]).toHaveTextContent('Pass: Status is 200')
    await expect(items[0]).toHaveTextContent('Actual: 200')
    await expect(items[1]).toHaveTextContent('Pass: $.userId equals 1')
    await expect(items[1]).toHaveTextContent('Actual: 1')
  },
}

/** Checks kept with the request (a preloaded store) that fail: each says Fail and what was there. */
export const ChecksFailing: Story = {
  parameters: {
    store: {
      tester: {
        history: [],
        checks: [
          { id: 'c1', kind: 'status', expected: '201' },
          { id: 'c2', kind: 'header', name: 'Cache-Control', contains: 'no-store' },
          { id: 'c3', kind: 'jsonPath', path: '$.meta.views', op: 'equals', expected: '1000' },
          { id: 'c4', kind: 'jsonPath', path: '$.title', op: 'matches', expected: '^Hello' },
          { id: 'c5', kind: 'time', maxMs: '100' },
          { id: 'c6', kind: 'jsonPath', path: '$.meta.author', op: 'exists', expected: '' },
        ],
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await sendTo(canvas, userEvent, 'https://jsonplaceholder.typicode.com/posts/1')
    const summary = await canvas.findByLabelText('Response summary')
    await expect(within(summary).getByText('Checks: 1 of 6 passed')).toBeVisible()
    await userEvent.click(canvas.getByRole('tab', { name: 'Checks (1/6)' }))
    const items = within(canvas.getByRole('list', { name: 'Check results' })).getAllByRole(
      'listitem',
    )
    await expect(items[0]).toHaveTextContent('Fail: Status is 201Actual: 200')
    await expect(items[1]).toHaveTextContent(
      'Fail: Header Cache-Control contains "no-store"Actual: max-age=43200',
    )
    await expect(items[2]).toHaveTextContent('Fail: $.meta.views equals 1000Actual: 1280')
    await expect(items[3]).toHaveTextContent('Fail: $.title matches /^Hello/')
    await expect(items[4]).toHaveTextContent('Fail: Response time under 100 msActual: 184.6 ms')
    await expect(items[5]).toHaveTextContent('Pass: $.meta.author existsActual: null')
  },
}

/** An HTML answer, previewed in a frame sandboxed with no rights at all, and as source. */
export const HtmlPreview: Story = {
  parameters: { msw: { handlers: { tester: testerHandlers.html } } },
  play: async ({ canvas, userEvent }) => {
    await sendTo(canvas, userEvent, 'https://status.example.com/')
    const frame = await canvas.findByTitle('HTML preview')
    // No token: no scripts, no same origin, no forms, no popups.
    await expect(frame).toHaveAttribute('sandbox', '')
    await expect(frame.getAttribute('srcdoc')).toContain('<h1>All systems operational</h1>')
    await expect(frame.getAttribute('srcdoc')).toContain("default-src 'none'; img-src data:")
    // The page cannot reach into the frame: it has an origin of its own.
    await expect((frame as HTMLIFrameElement).contentDocument).toBeNull()
    await expect(canvas.getByText(/its scripts do not run/)).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Source' }))
    await expect(canvas.getByLabelText('Response body')).toHaveTextContent(
      '<h1>All systems operational</h1>',
    )
  },
}

/** An image answer is shown as the image, with its type and size. */
export const ImageResponse: Story = {
  parameters: { msw: { handlers: { tester: testerHandlers.image } } },
  play: async ({ canvas, userEvent }) => {
    await sendTo(canvas, userEvent, 'https://img.example.com/avatars/disc.png')
    const image = await canvas.findByRole('img', { name: 'The response image (image/png, 161 B)' })
    await expect(image).toBeVisible()
    await expect(await canvas.findByText('image/png, 32 × 32 px')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Download' })).toBeEnabled()
  },
}

/** 20,000 orders: only the rows in sight are drawn, and a search finds the one wanted. */
export const LargeJsonResponse: Story = {
  parameters: { msw: { handlers: { tester: testerHandlers.largeJson } } },
  play: async ({ canvas, userEvent }) => {
    await sendTo(canvas, userEvent, 'https://shop.example.com/v1/orders')
    const tree = await canvas.findByRole('group', { name: 'JSON body' })
    await expect(tree).toHaveTextContent('"count": 20000')
    await expect(tree).toHaveTextContent('20000 items')
    // Drawn a window at a time: far fewer rows than the 20,000 orders.
    await expect(
      within(tree).getAllByRole('button', { name: /^Copy the value of/ }).length,
    ).toBeLessThan(80)

    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Search keys and values' }),
      'SKU-19999',
    )
    await expect(await canvas.findByText('1 match')).toBeVisible()
    await waitFor(() =>
      expect(canvas.getByRole('group', { name: 'JSON body' })).toHaveTextContent(
        '"sku": "SKU-19999"',
      ),
    )
  },
}
