import { useState, type SetStateAction } from 'react'
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/testing/renderWithProviders'
import type * as TabBarModule from '@/components/TabBar/TabBar'
import { emptyDraft, type Draft } from '../lib/draft'
import { RequestPanel } from './RequestPanel'

/** Each drawing of the request's tabs, with the labels it was given. */
const tabsDrawn = vi.hoisted(() => [] as string[][])
vi.mock('@/components/TabBar/TabBar', async (importOriginal) => {
  const { TabBar } = await importOriginal<typeof TabBarModule>()
  return {
    TabBar: (props: Parameters<typeof TabBar>[0]) => {
      tabsDrawn.push(props.tabs.map((tab) => String(tab.label)))
      return TabBar(props)
    },
  }
})

describe('RequestPanel', () => {
  // An edit handled before React drew the typing its mount took over replaced the whole
  // draft with the one it was drawn with, and the method, URL or headers typed before were gone.
  it('changes the draft as it is by then on an edit, not the one it was drawn with', async () => {
    const changes: SetStateAction<Draft>[] = []
    renderWithProviders(
      <RequestPanel
        draft={emptyDraft}
        onChange={(change) => changes.push(change)}
        onSend={() => {}}
        sending={false}
        onCopied={() => {}}
      />,
    )
    fireEvent.change(await screen.findByRole('textbox', { name: 'URL' }), {
      target: { value: 'https://api.example.com/items' },
    })
    // Meanwhile the owner's draft became another, not drawn yet.
    const latest: Draft = { ...emptyDraft, method: 'POST', headersText: '{"X-Journey": "e2e"}' }
    const change = changes.at(-1)
    expect(typeof change === 'function' ? change(latest) : change).toEqual({
      ...latest,
      url: 'https://api.example.com/items',
    })
  })

  /** The panel with its owner's state, as the tester holds it. */
  function Owner({
    start,
    seen,
    onSend = () => {},
    onCopied = () => {},
  }: {
    start: Draft
    seen: { draft: Draft }
    onSend?: (draft: Draft) => void
    onCopied?: (message: string) => void
  }) {
    const [draft, setDraft] = useState(start)
    seen.draft = draft
    return (
      <RequestPanel
        draft={draft}
        onChange={setDraft}
        onSend={(given) => onSend(given ?? draft)}
        sending={false}
        onCopied={onCopied}
      />
    )
  }

  it('keeps a header value with no name on its row as an error, and refuses to send it', async () => {
    const seen = { draft: emptyDraft }
    const sent: Draft[] = []
    const said: string[] = []
    renderWithProviders(
      <Owner
        start={{ ...emptyDraft, url: 'https://api.example.com/items' }}
        seen={seen}
        onSend={(draft) => sent.push(draft)}
        onCopied={(message) => said.push(message)}
      />,
    )
    const values = await screen.findAllByRole('textbox', { name: 'Value' })
    fireEvent.change(values.at(-1)!, { target: { value: 'Basic c2VjcmV0' } })
    expect(
      await screen.findByText('Name this header: without a name it is not sent.'),
    ).toBeVisible()
    // Nothing of it reaches the model, and Send says why instead of sending.
    expect(JSON.parse(seen.draft.headersText)).toEqual({ 'Content-Type': 'application/json' })
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }))
    expect(sent).toEqual([])
    expect(said).toEqual(['A header has a value but no name: name it or clear it, then send.'])
  })

  it('shows the same rows as text in the bulk view, and its edits are the rows’', async () => {
    const seen = { draft: emptyDraft }
    renderWithProviders(<Owner start={emptyDraft} seen={seen} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Bulk edit' }))
    const text = await screen.findByRole('textbox', { name: 'Headers (bulk edit)' })
    expect(text).toHaveValue('Content-Type: application/json')
    fireEvent.change(text, { target: { value: 'Accept: text/csv\nX-Time: 12:30' } })
    expect(JSON.parse(seen.draft.headersText)).toEqual({ Accept: 'text/csv', 'X-Time': '12:30' })
    fireEvent.click(screen.getByRole('button', { name: 'Edit as rows' }))
    const names = screen.getAllByRole('textbox', { name: 'Header' })
    expect(names.map((field) => (field as HTMLInputElement).value)).toEqual(['Accept', 'X-Time'])
  })

  // Each keystroke in the URL drew the whole form again, every button's and field's styles
  // resolved anew: on a phone's slow processor, most of the time before the key showed.
  it('draws the tabs again when what they show changes, not on every keystroke in the URL', async () => {
    const seen = { draft: emptyDraft }
    renderWithProviders(<Owner start={emptyDraft} seen={seen} />)
    const url = await screen.findByRole('textbox', { name: 'URL' })
    const drawnBefore = tabsDrawn.length
    for (const typed of ['h', 'ht', 'htt', 'http'])
      fireEvent.change(url, { target: { value: typed } })
    expect(seen.draft.url).toBe('http')
    expect(tabsDrawn).toHaveLength(drawnBefore)

    fireEvent.change(url, { target: { value: 'https://api.example.com/items?page=2' } })
    expect(await screen.findByRole('tab', { name: 'Query (1)' })).toBeInTheDocument()
    expect(tabsDrawn.at(-1)).toContain('Query (1)')
  })
})
