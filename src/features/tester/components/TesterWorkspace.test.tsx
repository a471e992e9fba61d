import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/testing/renderWithProviders'
import { makeStore } from '@/lib/store/store'
import { emptyDraft } from '../lib/draft'
import { historyEntry } from '../lib/historyEntry'
import { requestRecorded } from '../testerSlice'
import { TesterWorkspace } from './TesterWorkspace'

/** Each drawing of the history's list, with the entries it was given. */
const listDrawn = vi.hoisted(() => [] as number[])
vi.mock('./HistoryList', () => ({
  HistoryList: ({ history }: { history: unknown[] }) => {
    listDrawn.push(history.length)
    return <p>{history.length} requests listed</p>
  },
}))

describe('TesterWorkspace', () => {
  // Each keystroke in the URL drew the whole workspace again, history and answer included: work
  // that grew with the history and that a slow phone multiplies.
  it('draws the history again when it changes, not on a keystroke in the form', async () => {
    const store = makeStore()
    store.dispatch(
      requestRecorded(
        historyEntry(
          { ...emptyDraft, url: 'https://api.example.com/items' },
          { id: 'first', status: 200, responseTime: 12, sentAt: '2026-01-01T00:00:00.000Z' },
        ),
      ),
    )
    renderWithProviders(<TesterWorkspace apiId={null} />, { store, route: '/tools/tester' })
    await screen.findByText('1 requests listed')
    const drawnBefore = listDrawn.length

    const url = screen.getByRole('textbox', { name: 'URL' })
    for (const typed of ['h', 'ht', 'htt', 'http'])
      fireEvent.change(url, { target: { value: typed } })
    expect(url).toHaveValue('http')
    expect(listDrawn).toHaveLength(drawnBefore)

    store.dispatch(
      requestRecorded(
        historyEntry(
          { ...emptyDraft, url: 'https://api.example.com/other' },
          { id: 'second', status: 201, responseTime: 9, sentAt: '2026-01-01T00:01:00.000Z' },
        ),
      ),
    )
    await waitFor(() => expect(screen.getByText('2 requests listed')).toBeInTheDocument())
  })
})
