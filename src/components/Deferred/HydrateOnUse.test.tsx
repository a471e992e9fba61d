import { act, createContext, startTransition, useContext, useEffect, useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { prerender } from 'react-dom/static'
import { afterEach, expect, it, vi } from 'vitest'
import { holdUntilUsed, HydrateOnUse } from './HydrateOnUse'

afterEach(() => {
  holdUntilUsed(false)
  document.body.innerHTML = ''
})

/** A part that notes when React has taken it over, and counts its presses once it has. */
function Part({ name, taken }: { name: string; taken: string[] }) {
  const [presses, setPresses] = useState(0)
  useEffect(() => void taken.push(name), [name, taken])
  return (
    <button type="button" onClick={() => setPresses(presses + 1)}>
      {name} {presses}
    </button>
  )
}

const page = (taken: string[], picks = false) => (
  <main>
    <HydrateOnUse>
      <Part name="card" taken={taken} />
    </HydrateOnUse>
    <HydrateOnUse now={picks}>
      <Part name="overview" taken={taken} />
    </HydrateOnUse>
    <Part name="control" taken={taken} />
  </main>
)

/** The page as the server draws it, hydrated; what React took over is noted in `taken`. */
const hydrated = async () => {
  const { prelude } = await prerender(page([]))
  const container = document.createElement('div')
  container.innerHTML = await new Response(prelude).text()
  document.body.append(container)
  const drawn = container.innerHTML
  const taken: string[] = []
  const mismatches = vi.fn()
  holdUntilUsed()
  const root = await act(async () =>
    hydrateRoot(container, page(taken), { onRecoverableError: mismatches }),
  )
  // Bounded as the project's other waits are (src/testing/setupTests.ts): a busy machine is slow.
  await vi.waitFor(() => expect(taken).toContain('control'), { timeout: 30_000 })
  return { container, drawn, taken, mismatches, root }
}

const button = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('button')].find((one) => one.textContent?.startsWith(name))!

it('leaves its regions as the server drew them while the rest of the page is taken over', async () => {
  const { container, drawn, taken, mismatches, root } = await hydrated()
  // Given every chance to run: the regions are held, not merely late.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(taken).toEqual(['control'])
  expect(container.innerHTML).toBe(drawn)
  expect(mismatches).not.toHaveBeenCalled()
  act(() => root.unmount())
})

it('hydrates a region when it is pressed, and the press is handled', async () => {
  const { container, taken, mismatches, root } = await hydrated()
  const card = button(container, 'card')
  await act(async () => {
    card.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
    card.click()
  })
  await vi.waitFor(() => expect(taken).toContain('card'), { timeout: 30_000 })
  // The same button the server drew, now React's, counted the press.
  expect(button(container, 'card')).toBe(card)
  expect(card.textContent).toBe('card 1')
  expect(taken).not.toContain('overview')
  expect(mismatches).not.toHaveBeenCalled()
  act(() => root.unmount())
})

it('hydrates a region the pointer is over, and one that is focused', async () => {
  const { container, taken, root } = await hydrated()
  act(() => {
    button(container, 'card').dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))
  })
  await vi.waitFor(() => expect(taken).toContain('card'), { timeout: 30_000 })
  act(() => button(container, 'overview').focus())
  await vi.waitFor(() => expect(taken).toContain('overview'), { timeout: 30_000 })
  act(() => root.unmount())
})

it('hydrates a region rendered again from above, keeping the markup it took over', async () => {
  const { container, taken, mismatches, root } = await hydrated()
  const overview = button(container, 'overview')
  await act(async () => root.render(page(taken, true)))
  await vi.waitFor(() => expect(taken).toContain('overview'), { timeout: 30_000 })
  // Hydrated, not drawn anew: React would otherwise discard the server's markup for an update.
  expect(button(container, 'overview')).toBe(overview)
  expect(mismatches).not.toHaveBeenCalled()
  act(() => root.unmount())
})

/** Where the page is, as the router gives it: a region that shows it must follow a navigation. */
const Where = createContext('/apis')

function Address() {
  return <p>at {useContext(Where)}</p>
}

// One element throughout, so React does not render the region again: only the new value reaches it.
const region = (
  <HydrateOnUse>
    <Address />
  </HydrateOnUse>
)
const routed = (pathname: string) => <Where.Provider value={pathname}>{region}</Where.Provider>

it('follows a new context value given in a transition (as the router navigates), though never used', async () => {
  const { prelude } = await prerender(routed('/apis'))
  const container = document.createElement('div')
  container.innerHTML = await new Response(prelude).text()
  document.body.append(container)
  holdUntilUsed()
  const root = await act(async () => hydrateRoot(container, routed('/apis')))
  // Held by now: React's own attempt comes just after the page's.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(container.textContent).toBe('at /apis')
  await act(async () => startTransition(() => root.render(routed('/blog'))))
  await vi.waitFor(() => expect(container.textContent).toBe('at /blog'), { timeout: 30_000 })
  act(() => root.unmount())
})
