import { act, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { afterEach, expect, it, vi } from 'vitest'
import { HydrateLater } from './HydrateLater'
import { drawnByServer } from '@/testing/drawnByServer'

afterEach(() => {
  document.body.innerHTML = ''
})

/** A part that notes when React has taken it over. */
function Part({ name, taken }: { name: string; taken: string[] }) {
  useEffect(() => void taken.push(name), [name, taken])
  return <p>{name}</p>
}

const page = (taken: string[]) => (
  <main>
    <HydrateLater>
      <Part name="description" taken={taken} />
    </HydrateLater>
    <Part name="reference" taken={taken} />
  </main>
)

it('takes its region over after the rest of the page, though it comes first, keeping what the server drew', async () => {
  const container = await drawnByServer(page([]))
  const drawn = container.innerHTML

  const taken: string[] = []
  const mismatches = vi.fn()
  const root = await act(async () =>
    hydrateRoot(container, page(taken), { onRecoverableError: mismatches }),
  )
  // Bounded as the project's other waits are (src/testing/setupTests.ts): a busy machine is slow.
  await vi.waitFor(() => expect(taken).toEqual(['reference', 'description']), { timeout: 30_000 })
  expect(container.innerHTML).toBe(drawn)
  expect(mismatches).not.toHaveBeenCalled()
  act(() => root.unmount())
})
