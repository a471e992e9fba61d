import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import source from './earlyInput.js?raw'

// The early-input script against React itself: it lets React alone with what React owns, and keeps
// from it a key in a field React has not hydrated yet, which React would otherwise hydrate the
// whole page for, there and then, before the key could show.
beforeAll(() => {
  new Function(source)()
})
afterEach(() => {
  document.body.innerHTML = ''
})

it('keeps a key in a field from React until React owns the field, then leaves it to React', async () => {
  let renders = 0
  const onKeyDown = vi.fn()
  function Page() {
    renders++
    return <input aria-label="URL" defaultValue="" onKeyDown={onKeyDown} />
  }
  const container = document.createElement('div')
  container.innerHTML = renderToString(<Page />)
  document.body.append(container)
  renders = 0
  const input = container.querySelector('input')!
  const key = () =>
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'h', bubbles: true, cancelable: true }))

  // Hydration has started (React listens on the container) but not run yet.
  startTransition(() => {
    hydrateRoot(container, <Page />)
  })
  key()
  // Not hydrated on the spot for it, and not handed to the handler.
  expect(renders).toBe(0)
  expect(onKeyDown).not.toHaveBeenCalled()

  // Once React has hydrated the field on its own time, the key is React's.
  // Bounded as the project's other waits are (src/testing/setupTests.ts): a busy machine is slow.
  const loaded = { timeout: 30_000 }
  await vi.waitFor(() => expect(renders).toBeGreaterThan(0), loaded)
  await vi.waitFor(
    () => expect(Object.keys(input).some((name) => name.startsWith('__reactFiber$'))).toBe(true),
    loaded,
  )
  key()
  expect(onKeyDown).toHaveBeenCalledOnce()
})
