import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { analyticsHandlers } from '@mocks/handlers/analytics'
import { staffCredentials, AUTH_ISSUED_AT } from '@mocks/data/auth'
import { sampleReport } from '@mocks/data/analyticsReport'
import { createStaffClient, type StaffClientConfig } from '@/lib/supabase'
import { AnalyticsRoute } from '@/app/routes/AnalyticsRoute'
import { createManualClock } from '@/testing/manualClock'
import { withAuthServices } from '@/testing/withAuthServices'

/** A page whose client signed in already (supabase-js against the MSW auth), as after /bpm-login. */
const signedIn = async (config: StaffClientConfig) => {
  const client = await createStaffClient(config)
  await client.auth.signInWithPassword(staffCredentials)
  return client
}

// The screen as routed: the staff session of features/auth handed to the analytics screen.
const meta = {
  title: 'Screens/Analytics',
  component: AnalyticsRoute,
  decorators: [withAuthServices],
  parameters: {
    route: '/analytics',
    authServices: { connect: signedIn, clock: createManualClock(AUTH_ISSUED_AT) },
  },
} satisfies Meta<typeof AnalyticsRoute>

export default meta
type Story = StoryObj<typeof meta>
type Canvas = ReturnType<typeof within>

const month = sampleReport(30)

const tile = (canvas: Canvas, name: string) => canvas.getByRole('region', { name })
const section = (canvas: Canvas, name: string) => canvas.getByRole('region', { name })

/** The report is in: the Visits tile has its figure. */
const loaded = async (canvas: Canvas, visits = month.totals.visits) =>
  within(await canvas.findByRole('region', { name: 'Visits' }, { timeout: 30_000 })).findByText(
    visits.toLocaleString('en-US'),
  )

const SECTIONS = [
  'Searches',
  'Visits over time by source',
  'Blog reads and conversions by network',
  'Most visited APIs',
  'Most visited categories',
  'Most tried operations',
]

const playDefault: Story['play'] = async ({ canvas }) => {
  await expect(canvas.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
  await loaded(canvas)
  await expect(tile(canvas, 'Searches made')).toHaveTextContent(
    `${month.totals.searchesWithoutResults.toLocaleString('en-US')} found nothing`,
  )
  await expect(canvas.getByRole('button', { name: '30 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  for (const name of SECTIONS.slice(1)) {
    await expect(
      within(section(canvas, name)).getByRole('figure', { name: `${name}: chart` }),
    ).toBeVisible()
  }
  // Each chart has drawn its series.
  await waitFor(() => expect(canvasElementPaths(canvas)).toBeGreaterThan(10))
  // Searches that found nothing come first, marked.
  const rows = within(section(canvas, 'Searches')).getAllByRole('row')
  await expect(rows[1]).toHaveTextContent('weather alerts europe')
  await expect(within(rows[1]!).getByText('Nothing found')).toBeVisible()
  await expect(rows.at(-1)).toHaveTextContent('email')
  await expect(
    canvas.getByText(`${month.from} to ${month.to} (UTC days)`, { exact: false }),
  ).toBeVisible()
  await expect(canvas.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'download',
    'api-atlas-analytics-30-days-to-2026-11-20.csv',
  )
}

const canvasElementPaths = (canvas: Canvas) =>
  canvas
    .getAllByRole('figure')
    .reduce((sum: number, figure: HTMLElement) => sum + figure.querySelectorAll('path').length, 0)

/** Signed in: the last 30 days as charts, searches that found nothing first. */
export const Default: Story = { play: playDefault }

export const DefaultDark: Story = { globals: { theme: 'dark' }, play: playDefault }

/** The same figures as tables, and a range of 7 days. */
export const TableView: Story = {
  play: async ({ canvas, userEvent }) => {
    await loaded(canvas)
    await userEvent.click(canvas.getByRole('button', { name: '7 days' }))
    const week = sampleReport(7)
    await loaded(canvas, week.totals.visits)
    await userEvent.click(canvas.getByRole('button', { name: 'Table' }))
    const visits = within(section(canvas, 'Visits over time by source')).getByRole('table', {
      name: 'Visits over time by source',
    })
    await expect(within(visits).getAllByRole('row')).toHaveLength(8)
    await expect(within(visits).getAllByRole('row')[7]).toHaveTextContent('2026-11-20')
    const operations = within(section(canvas, 'Most tried operations')).getByRole('table')
    const first = within(operations).getAllByRole('row')[1]!
    await expect(first).toHaveTextContent('Stripe API')
    await expect(first).toHaveTextContent('GET /v1/charges')
    const op = week.operations[0]!
    await expect(first).toHaveTextContent(`${Math.round((op.successes / op.tries) * 100)}%`)
    await expect(
      within(section(canvas, 'Blog reads and conversions by network')).getByRole('table'),
    ).toHaveTextContent('LinkedIn')
  },
}

/** The CSV holds the report shown: one row per figure. */
export const DownloadCsv: Story = {
  play: async ({ canvas }) => {
    await loaded(canvas)
    const link = canvas.getByRole('link', { name: 'Download CSV' })
    const csv = await (await fetch(link.getAttribute('href')!)).text()
    await expect(csv.split('\r\n')[0]).toBe('section,item,measure,value')
    await expect(csv).toContain(`totals,${month.from} to ${month.to},visits,${month.totals.visits}`)
    await expect(csv).toContain('searches,weather alerts europe,entries found,0')
  },
}

const playLoading: Story['play'] = async ({ canvas }) => {
  await expect(
    await canvas.findByRole('progressbar', { name: 'Loading analytics' }, { timeout: 30_000 }),
  ).toBeVisible()
  await expect(canvas.queryByRole('region', { name: 'Visits' })).not.toBeInTheDocument()
}

/** The report is on its way. */
export const Loading: Story = {
  parameters: { msw: { handlers: { analytics: analyticsHandlers.loading } } },
  play: playLoading,
}

export const LoadingDark: Story = {
  ...Loading,
  globals: { theme: 'dark' },
}

const playEmpty: Story['play'] = async ({ canvas }) => {
  await loaded(canvas, 0)
  await expect(
    canvas.getByRole('heading', { name: 'Nothing recorded in the last 30 days' }),
  ).toBeVisible()
  await expect(canvas.queryByRole('region', { name: 'Searches' })).not.toBeInTheDocument()
}

/** Nobody has visited in the range yet. */
export const Empty: Story = {
  parameters: { msw: { handlers: { analytics: analyticsHandlers.empty } } },
  play: playEmpty,
}

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } }

const playError: Story['play'] = async ({ canvas }) => {
  const alert = await canvas.findByRole('alert', {}, { timeout: 30_000 })
  await expect(alert).toHaveTextContent('Analytics could not be loaded')
  await expect(alert).toHaveTextContent('The database is unavailable')
  await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeVisible()
}

/** The server could not give the report: its reason, and a way to try again. */
export const Error: Story = {
  parameters: { msw: { handlers: { analytics: analyticsHandlers.error } } },
  play: playError,
}

export const ErrorDark: Story = { ...Error, globals: { theme: 'dark' } }

/** Nobody signed in: sent to the login page, as the dashboard does. */
export const NobodySignedIn: Story = {
  parameters: { authServices: { connect: createStaffClient } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Navigated to /bpm-login')).toBeVisible()
  },
}
