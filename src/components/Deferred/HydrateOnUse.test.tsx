import {
  act,
  createContext,
  startTransition,
  use,
  useEffect,
  useState,
  type ReactNode,
} from 'react'
import { hydrateRoot } from 'react-dom/client'
import { afterEach, expect, it, vi } from 'vitest'
import { HydrateLater } from './HydrateLater'
import { holdUntilUsed, HydrateOnUse } from './HydrateOnUse'
import { EARLY_CLICK_ATTRIBUTE } from '@/lib/earlyInput'
import { drawnByServer } from '@/testing/drawnByServer'

afterEach(() => {
  holdUntilUsed(null)
  document.body.innerHTML = ''
  document.documentElement.removeAttribute(EARLY_CLICK_ATTRIBUTE)
})

/** A part that notes when React has taken it over, and counts its presses. */
function Part({ name, taken }: { name: string; taken: string[] }) {
  const [presses, setPresses] = useState(0)
  const path = use(Address)
  useEffect(() => void taken.push(name), [name, taken])
  return (
    <button type="button" data-early-click={name} onClick={() => setPresses(presses + 1)}>
      {name} pressed {presses} at {path}
    </button>
  )
}

/** Something the page's parts read, changed from above, as a router's address is. */
const Address = createContext('/first')

/**
 * A navigation as React Router makes one: a new history entry, then the new address rendered in a
 * transition, from outside any event.
 */
let navigateTo: (path: string) => void = () => undefined
function Router({ children }: { children: ReactNode }) {
  const [path, setPath] = useState('/first')
  useEffect(() => {
    navigateTo = (to) => {
      window.history.pushState({ key: to }, '', to)
      startTransition(() => setPath(to))
    }
  }, [])
  return <Address.Provider value={path}>{children}</Address.Provider>
}

const page = (taken: string[], now = false) => (
  <Router>
    <main>
      <HydrateOnUse now={now}>
        <Part name="card" taken={taken} />
      </HydrateOnUse>
      <Part name="page" taken={taken} />
      {/* Taken over at React's lowest priority, after its try at the part before it. */}
      <HydrateLater>
        <Part name="later" taken={taken} />
      </HydrateLater>
    </main>
  </Router>
)

/** The server's drawing of the page, hydrated. */
async function hydrated(prefix: string, now = false) {
  const container = await drawnByServer(page([], now), { identifierPrefix: prefix })
  const drawn = container.innerHTML
  const taken: string[] = []
  const mismatches = vi.fn()
  // The first entry of a session has no key of React Router's.
  window.history.replaceState(null, '', '/first')
  holdUntilUsed('default')
  const root = await act(async () =>
    hydrateRoot(container, page(taken, now), {
      identifierPrefix: prefix,
      onRecoverableError: mismatches,
    }),
  )
  // Bounded as the project's other waits are (src/testing/setupTests.ts): a busy machine is slow.
  await vi.waitFor(() => expect(taken).toContain('later'), { timeout: 30_000 })
  return { container, drawn, taken, mismatches, root }
}

it('leaves a part as the server drew it until it is used', async () => {
  const { container, drawn, taken, mismatches, root } = await hydrated('a')
  expect(taken).toEqual(['page', 'later'])
  expect(container.innerHTML).toBe(drawn)
  expect(mismatches).not.toHaveBeenCalled()
  act(() => root.unmount())
})

it('takes the part over on a press, and handles that press on the server’s button', async () => {
  const { container, taken, mismatches, root } = await hydrated('b')
  const button = container.querySelector('button')!
  await act(async () => {
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }))
  })
  expect(taken).toEqual(['page', 'later', 'card'])
  expect(container.querySelector('button')).toBe(button)
  expect(button.textContent).toBe('card pressed 1 at /first')
  expect(mismatches).not.toHaveBeenCalled()
  act(() => root.unmount())
})

it('takes the part over at once when told to', async () => {
  const { taken, root } = await hydrated('c', true)
  expect(taken).toEqual(['page', 'card', 'later'])
  act(() => root.unmount())
})

it('never holds up a navigation: the part waiting is taken over with the new address', async () => {
  const { container, taken, root } = await hydrated('d')
  const button = container.querySelector('button')!
  await act(async () => navigateTo('/elsewhere'))
  await vi.waitFor(() => expect(button.textContent).toBe('card pressed 0 at /elsewhere'), {
    timeout: 30_000,
  })
  expect(taken).toEqual(['page', 'later', 'card'])
  expect(container.querySelector('button')).toBe(button)
  act(() => root.unmount())
})

/** A press the early-input script notes on <html> (src/app/earlyInput.js), and the events after it. */
const noted = (control: string) =>
  act(async () => {
    document.documentElement.setAttribute(EARLY_CLICK_ATTRIBUTE, control)
    // The note is looked at once the press's event is over, a task later.
    await new Promise((resolve) => setTimeout(resolve))
    await new Promise((resolve) => setTimeout(resolve))
  })

it('takes the part over when a press on it is noted outside the app, for its mount to carry out', async () => {
  const { taken, root } = await hydrated('e')
  await noted('card')
  await vi.waitFor(() => expect(taken).toEqual(['page', 'later', 'card']), { timeout: 30_000 })
  act(() => root.unmount())
})

it('leaves the part waiting when the press noted is on a control the app runs', async () => {
  const { taken, root } = await hydrated('f')
  await noted('page')
  expect(taken).toEqual(['page', 'later'])
  act(() => root.unmount())
})
