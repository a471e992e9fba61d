import type { SetStateAction } from 'react'
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/testing/renderWithProviders'
import { emptyDraft, type Draft } from '../lib/draft'
import { RequestPanel } from './RequestPanel'

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
})
