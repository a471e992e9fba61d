import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { monitoringOverviewHandlers } from '@mocks/handlers/monitoring'
import { MonitoringOverviewScreen } from './MonitoringOverviewScreen'

const meta = {
  title: 'Screens/MonitoringOverview',
  component: MonitoringOverviewScreen,
  parameters: { route: '/tools/monitoring', path: '/tools/monitoring' },
} satisfies Meta<typeof MonitoringOverviewScreen>

export default meta
type Story = StoryObj<typeof meta>

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas']

/** The entries of one list of the overview, as their text. */
const entries = async (canvas: Canvas, name: string) => {
  const list = await canvas.findByRole('list', { name })
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '')
}

/** Something in every list: what went down, drifted, came back and changed. */
export const WithData: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'API Monitoring' }),
    ).toBeVisible()
    await expect(await canvas.findByText('14 APIs checked, 5 verified working.')).toBeVisible()
    await expect(canvas.getByRole('heading', { name: 'Down now (1)' })).toBeVisible()
    await expect(await entries(canvas, 'Down now')).toEqual([
      'Stripe APIDown since 2026-11-27 05:00 UTC; last checked 2026-11-27 08:00 UTC (Answered 503).',
    ])
    await expect((await entries(canvas, 'Drifted from their documents'))[0]).toMatch(
      /^Wrong typegetThingDrifted\/body\/count: expected integer, got string/,
    )
    await expect((await entries(canvas, 'Back up recently'))[0]).toMatch(/^Matching list Recovered/)
    const changed = await entries(canvas, 'Changed documents')
    await expect(changed[0]).toMatch(/^BreakingMatching listresponse-property-type-changed/)
    await expect(changed[0]).toMatch(/found 2026-11-27 03:00 UTC$/)
    // Older than 30 days, and listed: the catalogue is of the newer snapshot.
    await expect(changed[1]).toMatch(
      /^BreakingDocker Engine APIrequest-parameter-became-requiredDirectory snapshots/,
    )
    await expect(changed[1]).toMatch(
      /between two published snapshots of the APIs\.guru directory, not seen by this server$/,
    )
    await expect(canvas.getByRole('link', { name: 'Stripe API' })).toHaveAttribute(
      'href',
      '/apis/stripe-com/monitoring',
    )
  },
}

/** A category chosen: the address carries it, and only its APIs are listed. */
export const FilteredByCategory: Story = {
  play: async ({ canvas, userEvent }) => {
    const select = await canvas.findByRole('combobox', { name: 'Category' })
    await expect(await within(select).findByRole('option', { name: 'Payments' })).toBeDefined()
    await expect(await canvas.findByRole('heading', { name: 'Down now (1)' })).toBeVisible()
    await userEvent.selectOptions(select, 'developer-tools')
    await expect(await canvas.findByRole('heading', { name: 'Down now (0)' })).toBeVisible()
    await expect(canvas.getByText('No API was found down by its last check.')).toBeVisible()
    await expect(
      canvas.getByRole('heading', { name: 'Drifted from their documents (1)' }),
    ).toBeVisible()
    await expect(select).toHaveValue('developer-tools')
  },
}

/** Checked, and nothing to report: each list says so. */
export const Empty: Story = {
  parameters: { msw: { handlers: { monitoringOverview: monitoringOverviewHandlers.empty } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Down now (0)' })).toBeVisible()
    for (const text of [
      'No API was found down by its last check.',
      'Every operation checked answered as its document says.',
      'No API came back after being down in the last 30 days.',
      "No document changed in the last 30 days, nor between the directory's last two snapshots.",
    ]) {
      await expect(canvas.getByText(text)).toBeVisible()
    }
  },
}

/** No network on the server: empty lists say why. */
export const NoNetwork: Story = {
  parameters: { msw: { handlers: { monitoringOverview: monitoringOverviewHandlers.noNetwork } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        /^Checks could not reach the internet from this server since 2026-11-25 06:00 UTC/,
      ),
    ).toBeVisible()
    await expect(
      canvas.getByText('Not checked yet: no API has been checked on this server yet.'),
    ).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: { monitoringOverview: monitoringOverviewHandlers.loading } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading the monitoring overview…')).toBeVisible()
  },
}

export const Error: Story = {
  parameters: { msw: { handlers: { monitoringOverview: monitoringOverviewHandlers.error } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Try Again' })).toBeVisible()
    await expect(canvas.getByText('Service unavailable')).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Down now (1)' })).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
  },
}
