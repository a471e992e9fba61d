import { act, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, it, vi } from 'vitest'
import { usePicked } from './compareSelection'

afterEach(() => {
  document.body.innerHTML = ''
  localStorage.clear()
})

/** Shows the picks, and counts its renders once hydrated. */
function Picks({ renders }: { renders: string[] }) {
  const picked = usePicked()
  useEffect(() => void renders.push(picked.map((one) => one.id).join(',') || 'none'))
  return <p>{picked.length} picked</p>
}

it('with nothing kept, a page hydrated from the server draws its picks once, not again', async () => {
  const container = document.createElement('div')
  container.innerHTML = renderToString(<Picks renders={[]} />)
  document.body.append(container)
  const renders: string[] = []
  const root = await act(async () => hydrateRoot(container, <Picks renders={renders} />))
  // Bounded as the project's other waits are (src/testing/setupTests.ts): a busy machine is slow.
  await vi.waitFor(() => expect(renders).toEqual(['none']), { timeout: 30_000 })
  // The browser's empty picks are the server's snapshot itself, so React has nothing to redraw.
  await act(async () => {})
  expect(renders).toEqual(['none'])
  expect(container.textContent).toBe('0 picked')
  act(() => root.unmount())
})
