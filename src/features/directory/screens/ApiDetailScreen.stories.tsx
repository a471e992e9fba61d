import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import { apisHandlers } from '@mocks/handlers/apis'
import { operationsHandlers } from '@mocks/handlers/operations'
import {
  downApi,
  githubApi,
  githubEnterpriseApi,
  listOnlyApi,
  networkUnavailableApi,
  stripeApi,
  syntheticApi,
  uncheckedApi,
} from '@mocks/data/apis'
import { ApiDetailScreen } from './ApiDetailScreen'

const meta = {
  title: 'Screens/ApiDetail',
  component: ApiDetailScreen,
  parameters: { route: '/apis/stripe-com', path: '/apis/:id' },
} satisfies Meta<typeof ApiDetailScreen>

export default meta
type Story = StoryObj<typeof meta>

/** Stripe, as the catalogue has it: overview, Markdown description, endpoints and quick actions. */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Stripe API' })).toBeVisible()
    const crumbs = within(canvas.getByRole('navigation', { name: 'Breadcrumb' }))
    await expect(crumbs.getByRole('link', { name: 'API Directory' })).toHaveAttribute(
      'href',
      '/apis',
    )
    // The category's name arrives with the list of categories.
    await expect(await crumbs.findByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      '/apis/category/payments',
    )

    const overview = within(canvas.getByRole('region', { name: 'Overview' }))
    await expect(overview.getByText('https://api.stripe.com')).toBeVisible()
    await expect(overview.getByRole('button', { name: 'Copy base URL' })).toBeVisible()
    await expect(overview.getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      '/apis/category/payments',
    )
    await expect(overview.getByText('Basic auth, Bearer token')).toBeVisible()
    await expect(overview.getByText('APIs.guru (OpenAPI document)')).toBeVisible()
    await expect(overview.getByRole('link', { name: 'https://stripe.com' })).toHaveAttribute(
      'target',
      '_blank',
    )

    // The description's link is rendered from Markdown, safely, and opens in a new tab.
    const description = within(canvas.getByRole('region', { name: 'Description' }))
    await expect(description.getByText(/The Stripe REST API/)).toBeVisible()

    const actions = within(canvas.getByRole('region', { name: 'Quick Actions' }))
    const docs = actions.getByRole('link', { name: 'View Documentation' })
    await expect(docs).toHaveAttribute('href', 'https://stripe.com')
    await expect(docs).toHaveAttribute('target', '_blank')
    await expect(actions.getByRole('link', { name: 'Test API' })).toHaveAttribute(
      'href',
      '/tools/tester?api=stripe-com',
    )
    await expect(actions.getByRole('button', { name: 'Add to Project' })).toBeDisabled()

    // Figures a source gives, then what our checker measured; nothing invented.
    const stats = within(canvas.getByRole('region', { name: 'Statistics' }))
    await expect(stats.getByText('Operations')).toBeVisible()
    await expect(stats.getByText('452')).toBeVisible()
    await expect(stats.getByText('Working')).toBeVisible()
    await expect(canvas.queryByText('99.9%')).toBeNull()
    await expect(canvas.queryByText('120ms')).toBeNull()

    const endpoints = within(canvas.getByRole('region', { name: 'Endpoints' }))
    await expect(endpoints.getAllByRole('listitem')).toHaveLength(stripeApi.endpoints.length)
    await expect(
      endpoints.getByText(`The first ${stripeApi.endpoints.length} of 452 endpoints`),
    ).toBeVisible()
    // The filter asks the server, which searches every operation by words.
    await userEvent.type(
      await endpoints.findByRole('textbox', { name: 'Filter endpoints' }),
      'delete accounts',
    )
    await waitFor(() => expect(endpoints.getByRole('status')).toHaveTextContent(/endpoints? match/))
    await expect(
      endpoints.getByRole('button', { name: /^DELETE\s*\/v1\/accounts\/\{account\}/ }),
    ).toBeVisible()
  },
}

/**
 * An API only the public-apis list knows: what the list says (HTTPS, CORS, free, auth), no
 * operations but a plain word and a link to its documentation, and the tester starting from its
 * address.
 */
export const ListOnly: Story = {
  parameters: { route: `/apis/${listOnlyApi.id}` },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Dogs' })).toBeVisible()
    await expect(canvas.getByText('HTTPS')).toBeVisible()
    await expect(canvas.getByText('CORS')).toBeVisible()
    await expect(canvas.getByText('Free')).toBeVisible()

    const endpoints = within(canvas.getByRole('region', { name: 'Endpoints' }))
    await expect(endpoints.getByText(/describes no operations/)).toBeVisible()
    await expect(endpoints.getByRole('link', { name: 'its documentation' })).toHaveAttribute(
      'href',
      'https://dog.ceo/dog-api/',
    )
    await expect(endpoints.queryByRole('list', { name: 'Endpoints' })).toBeNull()

    const overview = within(canvas.getByRole('region', { name: 'Overview' }))
    await expect(overview.getByText('Not given by the public-apis list')).toBeVisible()
    await expect(overview.getByText('public-apis list')).toBeVisible()
    await expect(overview.getByText('No auth')).toBeVisible()

    await userEvent.click(canvas.getByRole('link', { name: 'Test API' }))
    await expect(
      await canvas.findByText(`Navigated to /tools/tester?api=${listOnlyApi.id}`),
    ).toBeVisible()
  },
}

/**
 * A scale test's made-up record (ATLAS_SYNTHETIC_APIS): the page says under its name that it is
 * not a real API, names the source, and lists its operations without a document to explain them.
 */
export const Synthetic: Story = {
  parameters: {
    route: `/apis/${syntheticApi.id}`,
    msw: { handlers: { apis: apisHandlers.synthetic } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Pinegate Managed Database API' }),
    ).toBeVisible()
    await expect(canvas.getByText(/this record was generated for a scale test/)).toBeVisible()
    const overview = within(canvas.getByRole('region', { name: 'Overview' }))
    await expect(overview.getByText('Synthetic test data (not a real API)')).toBeVisible()
    const endpoints = within(canvas.getByRole('region', { name: 'Endpoints' }))
    await expect(endpoints.getAllByText('/records/{record_id}')).toHaveLength(2)
    await expect(endpoints.queryByText(/describes no operations/)).toBeNull()
    await expect(endpoints.queryByRole('button', { name: /Explain/ })).toBeNull()
  },
}

/** Before our checker's first visit: the page says so, and claims no status or figures. */
export const NotCheckedYet: Story = {
  parameters: { route: `/apis/${uncheckedApi.id}` },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: uncheckedApi.name }),
    ).toBeVisible()
    const stats = within(canvas.getByRole('region', { name: 'Statistics' }))
    await expect(stats.getByText('Not checked yet')).toBeVisible()
    await expect(stats.getByText(/our checker visits every API once a day/)).toBeVisible()
    await expect(stats.queryByText('Median response time')).toBeNull()
    await expect(stats.queryByText(/^checked /)).toBeNull()
  },
}

/** Answering at its last check, 3 hours ago: its median response time and 30-day availability. */
export const Healthy: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Stripe API' })).toBeVisible()
    const stats = within(canvas.getByRole('region', { name: 'Statistics' }))
    await expect(stats.getByText('Working')).toBeVisible()
    await expect(stats.getByText('checked 3 hours ago')).toBeVisible()
    await expect(stats.getByText('Median response time')).toBeVisible()
    await expect(stats.getByText('240 ms')).toBeVisible()
    await expect(stats.getByText('Availability, 30 days')).toBeVisible()
    await expect(stats.getByText('96.7%')).toBeVisible()
    await expect(stats.getByText('Yes, http:// redirects')).toBeVisible()
    await expect(stats.getByText(/Measured by our checker over 30 checks/)).toBeVisible()
  },
}

/** Down at its last check: the page says so, with what it answered. */
export const Down: Story = {
  parameters: { route: `/apis/${downApi.id}` },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: downApi.name })).toBeVisible()
    const stats = within(canvas.getByRole('region', { name: 'Statistics' }))
    await expect(stats.getByText('Down')).toBeVisible()
    await expect(stats.getByText('checked 3 hours ago (Answered 503)')).toBeVisible()
    await expect(stats.getByText('66.7%')).toBeVisible()
  },
}

/** Its preflight allows other sites: said in plain words. */
export const CorsAllowed: Story = {
  parameters: { route: `/apis/${githubApi.id}` },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: githubApi.name }),
    ).toBeVisible()
    const stats = within(canvas.getByRole('region', { name: 'Statistics' }))
    await expect(
      stats.getByText('A web page on another site can call this API directly.'),
    ).toBeVisible()
  },
}

/** Its preflight refuses other sites: a page must go through a server. */
export const CorsBlocked: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Stripe API' })).toBeVisible()
    const stats = within(canvas.getByRole('region', { name: 'Statistics' }))
    await expect(
      stats.getByText(
        'A web page on another site cannot call this API directly; call it from a server.',
      ),
    ).toBeVisible()
    await expect(stats.queryByText(/can call this API directly/)).toBeNull()
  },
}

/** Our last try found no network on our side: told as ours, and the API is not marked down. */
export const NetworkUnavailable: Story = {
  parameters: { route: `/apis/${networkUnavailableApi.id}` },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: networkUnavailableApi.name }),
    ).toBeVisible()
    const stats = within(canvas.getByRole('region', { name: 'Statistics' }))
    await expect(stats.getByText('Not checked yet')).toBeVisible()
    await expect(stats.getByText(/found no network on our side/)).toBeVisible()
    await expect(stats.getByText(/the API is not marked down/)).toBeVisible()
    await expect(stats.queryByText('Down')).toBeNull()
  },
}

/**
 * One entry, many versions: GitHub's REST API shows api.github.com by default and offers its
 * Enterprise Server versions in a picker; choosing one shows that version's record.
 */
export const Versions: Story = {
  parameters: { route: `/apis/${githubApi.id}` },
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'GitHub v3 REST API' }),
    ).toBeVisible()
    // The picker arrives just after the page, in a chunk of its own.
    const picker = await canvas.findByRole('combobox', { name: 'Version (16)' })
    await expect(picker).toHaveDisplayValue('api.github.com (default)')
    await expect(within(picker).getAllByRole('option')).toHaveLength(16)
    const overview = within(canvas.getByRole('region', { name: 'Overview' }))
    await expect(overview.getByRole('link', { name: githubApi.docs! })).toBeVisible()

    await userEvent.selectOptions(picker, 'ghes-3.8')
    // The chosen version's record replaces the default's, page and all.
    await expect(await canvas.findByRole('link', { name: githubEnterpriseApi.docs! })).toBeVisible()
    await expect(await canvas.findByRole('combobox', { name: 'Version (16)' })).toHaveDisplayValue(
      'ghes-3.8',
    )
  },
}

/** The address of a version other than the default, as an old /apis/{id} moves to it. */
export const VersionSelected: Story = {
  parameters: { route: `/apis/${githubApi.id}?version=${githubEnterpriseApi.id}` },
  play: async ({ canvas }) => {
    const picker = await canvas.findByRole('combobox', { name: 'Version (16)' })
    await expect(picker).toHaveDisplayValue('ghes-3.8')
    const overview = within(canvas.getByRole('region', { name: 'Overview' }))
    await expect(overview.getByRole('link', { name: githubEnterpriseApi.docs! })).toBeVisible()
  },
}

/** Add to Project is not built yet, and says so on hover or focus. */
export const ComingSoonProjects: Story = {
  play: async ({ canvas, userEvent }) => {
    const button = await canvas.findByRole('button', { name: 'Add to Project' })
    await userEvent.hover(button.parentElement!)
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Projects are coming soon')
  },
}

/** Test API opens the tester with this API filled in. */
export const TestApi: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('link', { name: 'Test API' }))
    await expect(await canvas.findByText('Navigated to /tools/tester?api=stripe-com')).toBeVisible()
  },
}

/** The old address, /apis/api-detail.html?api=…, finds by id, then by a name containing the text. */
export const LegacyAddress: Story = {
  parameters: { route: '/apis/api-detail.html?api=youtube', path: '/apis/api-detail.html' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'YouTube Data API v3' }),
    ).toBeVisible()
  },
}

/** From a category page: /apis/category/{category}/{apiId}. */
export const CategoryAddress: Story = {
  parameters: {
    route: '/apis/category/communication/twilio-com-api',
    path: '/apis/category/:category/:apiId',
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Twilio - Api' }),
    ).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.loading } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading API' })).toBeVisible()
  },
}

export const Error: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.error } } },
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert')
    await expect(
      within(alert).getByRole('heading', { name: 'Failed to load API data' }),
    ).toBeVisible()
    await expect(within(alert).getByText(/Service unavailable/)).toBeVisible()
    // Try Again asks again: the page passes through loading back to the error.
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }))
    await waitFor(() => expect(canvas.getByRole('alert')).toBeVisible())
  },
}

export const NotFound: Story = {
  parameters: { route: '/apis/no-such-api' },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { name: 'API Not Found' })).toBeVisible()
    await expect(canvas.getByText(/No API in the directory matches “no-such-api”/)).toBeVisible()
    // Opened directly, so there is nowhere back to: Go Back goes to the directory.
    await userEvent.click(canvas.getByRole('button', { name: 'Go Back' }))
    await expect(await canvas.findByText('Navigated to /apis')).toBeVisible()
  },
}

export const NetworkError: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.networkError } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Failed to load API information. Please try again later.'),
    ).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Stripe API' })).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
  },
}

/** Every operation, grouped by tag, filtered by text and method; one opens in place and explains itself. */
export const OperationsExplained: Story = {
  parameters: { route: `/apis/${githubApi.id}` },
  play: async ({ canvas, userEvent }) => {
    const section = within(await canvas.findByRole('region', { name: 'Endpoints' }))
    await userEvent.click(
      await section.findByRole('button', { name: /^Explain all [\d,]+ operations$/ }),
    )
    await expect(await section.findByRole('region', { name: 'issues' })).toBeVisible()
    await userEvent.type(section.getByRole('textbox', { name: 'Filter operations' }), 'issues')
    await userEvent.click(
      within(section.getByRole('group', { name: 'Filter by method' })).getByRole('button', {
        name: 'POST',
      }),
    )
    await waitFor(() => expect(section.getByRole('status')).toHaveTextContent(/operations match/))
    // Rows are drawn as they near the screen: wait for the match's row.
    const create = await section.findByText('/repos/{owner}/{repo}/issues', { selector: 'code' })
    await userEvent.click(create)
    await expect(await section.findByRole('link', { name: 'Try it' })).toHaveAttribute(
      'href',
      '/tools/tester?api=github-com-api-github-com&op=issues%2Fcreate',
    )
    await expect(section.getByRole('heading', { name: 'Request body' })).toBeVisible()
  },
}

/** `/apis/{id}#op-…` opens that operation. */
export const OperationDeepLink: Story = {
  parameters: { route: `/apis/${githubApi.id}#op-issues.2Fcreate` },
  play: async ({ canvas }) => {
    const section = within(await canvas.findByRole('region', { name: 'Endpoints' }))
    await expect(await section.findByRole('link', { name: 'Try it' })).toHaveAttribute(
      'href',
      '/tools/tester?api=github-com-api-github-com&op=issues%2Fcreate',
    )
    await expect(section.getByRole('heading', { name: 'Parameters' })).toBeVisible()
  },
}

/** `/apis/{id}?op=…`, the address the server draws, opens that operation from the first render. */
export const OperationNamedByQuery: Story = {
  parameters: { route: `/apis/${githubApi.id}?op=issues%2Fcreate` },
  play: async ({ canvas }) => {
    const section = within(await canvas.findByRole('region', { name: 'Endpoints' }))
    const aside = await section.findByRole('complementary', {
      name: 'Auth and code for POST /repos/{owner}/{repo}/issues',
    })
    await expect(within(aside).getByRole('heading', { name: 'Code to copy' })).toBeVisible()
    await expect(section.getByRole('heading', { name: 'Parameters' })).toBeVisible()
    // Opened from the address, not by a press: no "Explain all" to press first.
    await expect(section.queryByRole('button', { name: /^Explain all/ })).toBeNull()
  },
}

/**
 * The operation an address names is shown, open in its row, while the list of every operation is
 * still coming: the rest of the list arrives around it.
 */
export const OperationShownWhileListLoads: Story = {
  parameters: {
    route: `/apis/${githubApi.id}?op=issues%2Fcreate`,
    msw: { handlers: { operations: operationsHandlers.listLoading } },
  },
  play: async ({ canvas }) => {
    const section = within(await canvas.findByRole('region', { name: 'Endpoints' }))
    await expect(await section.findByText('Loading every operation…')).toBeVisible()
    const aside = await section.findByRole('complementary', {
      name: 'Auth and code for POST /repos/{owner}/{repo}/issues',
    })
    await expect(within(aside).getByRole('heading', { name: 'Code to copy' })).toBeVisible()
    await expect(
      section.getByText('/repos/{owner}/{repo}/issues', { selector: 'code' }),
    ).toBeVisible()
    // The navigation and the method filters come with the list.
    await expect(section.queryByRole('navigation', { name: 'Operations by tag' })).toBeNull()
    await expect(section.queryByRole('group', { name: 'Filter by method' })).toBeNull()
  },
}

/** The list of every operation failed: said so, with a way to ask again; the operation stays. */
export const OperationShownListFailed: Story = {
  parameters: {
    route: `/apis/${githubApi.id}?op=issues%2Fcreate`,
    msw: { handlers: { operations: operationsHandlers.listError } },
  },
  play: async ({ canvas, userEvent }) => {
    const section = within(await canvas.findByRole('region', { name: 'Endpoints' }))
    const message = await section.findByText(
      'The operations could not be loaded: The database is unavailable.',
    )
    const alert = message.closest<HTMLElement>('[role="alert"]')!
    await expect(alert).toBeVisible()
    await expect(
      section.getByRole('complementary', {
        name: 'Auth and code for POST /repos/{owner}/{repo}/issues',
      }),
    ).toBeVisible()
    // Try again asks again; this server fails every time, so the alert stands.
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await expect(
      await section.findByText('The operations could not be loaded: The database is unavailable.'),
    ).toBeVisible()
  },
}

/** A row of the compact list opens its operation in place, found by the server's search. */
export const RowOpensInPlace: Story = {
  parameters: { route: `/apis/${githubApi.id}` },
  play: async ({ canvas, userEvent }) => {
    const section = within(await canvas.findByRole('region', { name: 'Endpoints' }))
    await userEvent.type(
      await section.findByRole('textbox', { name: 'Filter endpoints' }),
      'create an issue',
    )
    await waitFor(() => expect(section.getByRole('status')).toHaveTextContent(/endpoints? match/))
    await userEvent.click(
      await section.findByRole('button', { name: /^POST\s*\/repos\/\{owner\}\/\{repo\}\/issues/ }),
    )
    const aside = await section.findByRole('complementary', {
      name: 'Auth and code for POST /repos/{owner}/{repo}/issues',
    })
    await expect(within(aside).getByRole('heading', { name: 'Code to copy' })).toBeVisible()
    await expect(section.getByRole('link', { name: 'Try it' })).toHaveAttribute(
      'href',
      '/tools/tester?api=github-com-api-github-com&op=issues%2Fcreate',
    )
  },
}

/** Ctrl+K opens the search; a match chosen opens in place. */
export const SearchShortcut: Story = {
  parameters: { route: `/apis/${githubApi.id}` },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('button', { name: 'Search operations (Ctrl+K)' })
    await userEvent.keyboard('{Control>}k{/Control}')
    const found = within(await screen.findByRole('dialog', { name: /^Search the operations of/ }))
    await userEvent.type(
      found.getByRole('searchbox', { name: 'Search operations' }),
      'create issue',
    )
    await userEvent.click(
      await found.findByRole('button', { name: /\/repos\/\{owner\}\/\{repo\}\/issues/ }),
    )
    // The dialog closes (the page is hidden from assistive technology until it has).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const section = within(canvas.getByRole('region', { name: 'Endpoints' }))
    await expect(await section.findByRole('link', { name: 'Try it' })).toHaveAttribute(
      'href',
      '/tools/tester?api=github-com-api-github-com&op=issues%2Fcreate',
    )
  },
}

export const SearchShortcutDark: Story = { ...SearchShortcut, globals: { theme: 'dark' } }
