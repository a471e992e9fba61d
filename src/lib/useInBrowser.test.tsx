import { act, lazy, Suspense, type ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { prerender } from 'react-dom/static'
import { afterEach, expect, it, vi } from 'vitest'
import { useInBrowser } from './useInBrowser'

function Where({ name }: { name: string }) {
  return (
    <p>
      {name}: {useInBrowser() ? 'browser' : 'server'}
    </p>
  )
}
const Late = (props: { name: string }) => <Where {...props} />

/** A page with one part drawn at once and one from code that arrives later, as screens do. */
const page = (LatePart: ComponentType<{ name: string }>) => (
  <div>
    <Where name="shell" />
    <Suspense fallback={<p>loading</p>}>
      <LatePart name="screen" />
    </Suspense>
  </div>
)

afterEach(() => {
  document.body.innerHTML = ''
})

it('draws what the server drew while hydrating, even a part hydrated after the rest went live', async () => {
  const { prelude } = await prerender(page(lazy(async () => ({ default: Late }))))
  const container = document.createElement('div')
  container.innerHTML = await new Response(prelude).text()
  document.body.append(container)
  expect(container.textContent).toBe('shell: serverscreen: server')

  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  const LatePart = lazy(async () => {
    await arrived
    return { default: Late }
  })
  const mismatches = vi.fn()
  const root = await act(async () =>
    hydrateRoot(container, page(LatePart), { onRecoverableError: mismatches }),
  )
  // The shell is live; the screen's code has not arrived, so its server markup stays.
  await vi.waitFor(() => expect(container.textContent).toBe('shell: browserscreen: server'))

  await act(async () => arrive())
  await vi.waitFor(() => expect(container.textContent).toBe('shell: browserscreen: browser'))
  expect(mismatches).not.toHaveBeenCalled()
  act(() => root.unmount())
})
