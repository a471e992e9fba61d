import type { Meta, StoryObj } from '@storybook/react-vite'
import { http, HttpResponse } from 'msw'
import { expect, within } from 'storybook/test'
import { changedMonitoring } from '@mocks/data/monitoring'
import { monitoringHandlers } from '@mocks/handlers/monitoring'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { RequestSource } from '../lib/workbenchTypes'
import { SavedRequestChanges } from './SavedRequestChanges'

const source = (savedAt: string | undefined): RequestSource => ({
  apiId: 'fixture-match-list',
  operationKey: 'listItems',
  digest: '0123abcd',
  shape: { method: 'GET', path: '/items', params: [], bodyTypes: [] },
  ...(savedAt ? { savedAt } : {}),
})

/** Saved a day before the document's new version was recorded (2026-11-27 03:00 UTC). */
const BEFORE = '2026-11-26T03:00:00.000Z'
/** Saved after it. */
const AFTER = '2026-11-27T05:00:00.000Z'

const meta = {
  title: 'Tester/SavedRequestChanges',
  component: SavedRequestChanges,
  parameters: {
    layout: 'padded',
    msw: { handlers: { monitoring: monitoringHandlers.changed } },
  },
  args: { source: source(BEFORE) },
} satisfies Meta<typeof SavedRequestChanges>

export default meta
type Story = StoryObj<typeof meta>

/** Changed since the save: each change's severity, words and date, the most severe first. */
export const BreakingFirst: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Changes to listItems since saved' })
    const items = within(list).getAllByRole('listitem')
    await expect(items.map((item) => item.textContent)).toEqual([
      'Breaking The type of the response property /0/id changed from integer to string (2026-11-27)',
      'Warning The optional response property /0/note was removed (2026-11-27)',
      'Info The response status 429 was added (2026-11-27)',
    ])
    await expect(canvas.getByRole('link', { name: 'The change timeline' })).toHaveAttribute(
      'href',
      '/apis/fixture-match-list/monitoring',
    )
  },
}

/**
 * Saved before the directory's newer snapshot was published: its change counts too, and says it
 * lies between the snapshots.
 */
export const SavedBeforeTheSnapshot: Story = {
  args: { source: source('2026-08-01T00:00:00.000Z') },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Changes to listItems since saved' })
    const items = within(list).getAllByRole('listitem')
    await expect(items.map((item) => item.textContent)).toEqual([
      'Breaking The type of the response property /0/id changed from integer to string (2026-11-27)',
      'Breaking Parameter query page is now required (2026-08-21, between directory snapshots)',
      'Warning The optional response property /0/note was removed (2026-11-27)',
    ])
    await expect(canvas.getByText(/And 1 more:/)).toBeVisible()
  },
}

/**
 * Three saved requests of one operation: only the one saved before the change shows it; one
 * saved after it, and one saved before saves were dated, show nothing.
 */
export const OnlyChangesAfterTheSave: Story = {
  render: () => (
    <Stack spacing={2}>
      <section aria-label="Saved before">
        <Typography>Saved before</Typography>
        <SavedRequestChanges source={source(BEFORE)} />
      </section>
      <section aria-label="Saved after">
        <Typography>Saved after</Typography>
        <SavedRequestChanges source={source(AFTER)} />
      </section>
      <section aria-label="Saved undated">
        <Typography>Saved undated</Typography>
        <SavedRequestChanges source={source(undefined)} />
      </section>
    </Stack>
  ),
  play: async ({ canvas }) => {
    // The three share one answer: once the first shows it, the others have it too.
    const before = within(canvas.getByRole('region', { name: 'Saved before' }))
    await expect(await before.findAllByRole('listitem')).toHaveLength(3)
    for (const name of ['Saved after', 'Saved undated']) {
      const region = within(canvas.getByRole('region', { name }))
      await expect(region.queryByRole('list')).toBeNull()
      await expect(region.queryByText(/changed since you saved it/)).toBeNull()
    }
  },
}

/** More than three: the three most severe, and the rest counted with a link to them all. */
export const ManyChanges: Story = {
  parameters: {
    msw: {
      handlers: {
        monitoring: [
          http.get('*/api/apis/:id/monitoring', () =>
            HttpResponse.json({
              ...changedMonitoring,
              data: {
                ...changedMonitoring.data,
                changes: [
                  ...changedMonitoring.data.changes,
                  ...['limit', 'cursor'].map((name) => ({
                    ...changedMonitoring.data.changes[2]!,
                    category: 'new-optional-request-parameter',
                    message: `New optional parameter query ${name}`,
                  })),
                  {
                    ...changedMonitoring.data.changes[0]!,
                    operationKey: 'getItem',
                    message: 'Another operation’s change',
                  },
                ],
              },
            }),
          ),
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Changes to listItems since saved' })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    await expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/^Breaking/)
    await expect(canvas.getByText(/And 2 more:/)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'all changes' })).toHaveAttribute(
      'href',
      '/apis/fixture-match-list/monitoring',
    )
    await expect(canvas.queryByText('Another operation’s change')).toBeNull()
  },
}
