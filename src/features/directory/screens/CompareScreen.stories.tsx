import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { compareHandlers } from '@mocks/handlers/compare'
import { CompareScreen } from './CompareScreen'

const ROW_LABELS = [
  'Authentication',
  'HTTPS',
  'CORS (as measured)',
  'Free tier',
  'Operations by kind',
  'Document version',
  'Last update of the document',
  'Health over 30 days',
  'Latency over 30 days',
  'Answers as documented',
  'Changes between catalogue snapshots',
  'Code samples',
  'Rate limits',
  'Sources',
]

const meta = {
  title: 'Screens/Compare',
  component: CompareScreen,
  parameters: {
    route: '/apis/compare?ids=stripe-com,squareup-com,chaingateway-io',
    path: '/apis/compare',
  },
} satisfies Meta<typeof CompareScreen>

export default meta
type Story = StoryObj<typeof meta>

/** The table's body rows, each as its header and its cells' text. */
const rowsOf = async (canvas: Parameters<NonNullable<Story['play']>>[0]['canvas']) => {
  const table = await canvas.findByRole('table', { name: /^Comparison of / })
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => ({
      label: within(row).getByRole('rowheader').textContent,
      cells: within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    }))
}

/** Three measured payment APIs: every row, a value and its source and date in every cell. */
export const Full: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', {
        level: 1,
        name: 'Compare Stripe API, Square Connect API and Chaingateway',
      }),
    ).toBeVisible()
    const table = canvas.getByRole('table')
    for (const name of ['Stripe API', 'Square Connect API', 'Chaingateway']) {
      await expect(
        within(table).getByRole('columnheader', { name: new RegExp(name) }),
      ).toBeVisible()
    }
    const rows = await rowsOf(canvas)
    await expect(rows.map((row) => row.label)).toEqual(ROW_LABELS)
    for (const row of rows) {
      await expect(row.cells).toHaveLength(3)
      for (const text of row.cells)
        await expect(text).toMatch(/Source: .+\. As of \d{4}-\d{2}-\d{2}/)
    }
    await expect(
      within(table).getByText('96.7% up (29 of 30 checks); last check: up'),
    ).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Print' })).toBeVisible()
    // The share address: the page's own, with its ids.
    await expect(
      canvas.getByRole('link', {
        name: /\/apis\/compare\?ids=stripe-com,squareup-com,chaingateway-io$/,
      }),
    ).toBeVisible()
  },
}

/** One API measured, two only as their documents say: the rest is "unknown", with why. */
export const Partial: Story = {
  parameters: { msw: { handlers: { compare: compareHandlers.partial } } },
  play: async ({ canvas }) => {
    const rows = await rowsOf(canvas)
    const cors = rows.find((row) => row.label === 'CORS (as measured)')!
    await expect(cors.cells[0]).toMatch(/^Allowed from other sites/)
    await expect(cors.cells[1]).toMatch(/^unknownSource: Not measured yet by our health checker/)
    await expect(cors.cells[2]).toMatch(/^unknown/)
    const latency = rows.find((row) => row.label === 'Latency over 30 days')!
    await expect(latency.cells[0]).toMatch(/^212 ms median/)
    await expect(latency.cells[1]).toMatch(/^unknown/)
  },
}

/** Nothing known of either API: every cell says "unknown", never a guess, and why. */
export const AllUnknown: Story = {
  parameters: {
    route: '/apis/compare?ids=dogs-dog-ceo,cat-facts-catfact-ninja',
    msw: { handlers: { compare: compareHandlers.allUnknown } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Compare Dogs and Cat Facts' }),
    ).toBeVisible()
    const rows = await rowsOf(canvas)
    await expect(rows).toHaveLength(ROW_LABELS.length)
    for (const row of rows) {
      for (const text of row.cells) await expect(text).toMatch(/^unknownSource: .+\. As of /)
    }
  },
}

/** An id the directory does not have: the server's message, and a way back. */
export const NotFound: Story = {
  parameters: {
    route: '/apis/compare?ids=stripe-com,no-such-api',
    msw: { handlers: { compare: compareHandlers.notFound } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'These APIs cannot be compared' }),
    ).toBeVisible()
    await expect(canvas.getByText(/no API has the id no-such-api/)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Browse APIs' })).toHaveAttribute('href', '/apis')
  },
}

/** One API is not a comparison: the same validation as the server says so. */
export const TooFew: Story = {
  parameters: { route: '/apis/compare?ids=stripe-com' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'These APIs cannot be compared' }),
    ).toBeVisible()
    await expect(
      canvas.getByText(/needs at least 2 APIs to compare; only 1 was given/),
    ).toBeVisible()
  },
}

/** No APIs named yet: how to pick them. */
export const Empty: Story = {
  parameters: { route: '/apis/compare' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Compare APIs' })).toBeVisible()
    await expect(canvas.getByText(/Pick 2 to 4 APIs with Compare/)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Browse APIs' })).toHaveAttribute('href', '/apis')
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: { compare: compareHandlers.loading } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading the comparison…')).toBeVisible()
  },
}

export const NetworkError: Story = {
  parameters: { msw: { handlers: { compare: compareHandlers.networkError } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Try Again' })).toBeVisible()
    await expect(canvas.getByText(/Could not reach the server/)).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: /^Comparison of / })).toBeVisible()
  },
}
