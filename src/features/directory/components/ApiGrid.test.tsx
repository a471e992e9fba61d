import { act, useEffect, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { MemoryRouter, StaticRouter, useNavigate, type NavigateFunction } from 'react-router-dom'
import { afterEach, expect, it, vi } from 'vitest'
import { apiSummaries } from '@mocks/data/apis'
import { holdUntilUsed } from '@/components/Deferred/HydrateOnUse'
import { makeStore } from '@/lib/store/store'
import { TestProviders } from '@/testing/renderWithProviders'
import { ApiGrid } from './ApiGrid'

afterEach(() => {
  holdUntilUsed(null)
  document.body.innerHTML = ''
})

const apis = apiSummaries.slice(0, 6)

const grid = <ApiGrid apis={apis} linkTo={(api) => `/apis/${api.id}`} label="APIs" />

const providers = (children: ReactNode) => (
  <TestProviders store={makeStore()}>{children}</TestProviders>
)

/** The app's way to a new address, kept for the test to use. */
let navigate: NavigateFunction = () => undefined
function Navigator() {
  const to = useNavigate()
  useEffect(() => {
    navigate = to
  }, [to])
  return null
}

it('lets the server’s waiting cards go at a new address, drawing the list afresh', async () => {
  const container = document.createElement('div')
  container.innerHTML = renderToString(
    providers(<StaticRouter location="/apis">{grid}</StaticRouter>),
    { identifierPrefix: 'g' },
  )
  document.body.append(container)
  // As the browser's router, whose first entry has the key "default".
  const ui = providers(
    <MemoryRouter initialEntries={['/apis']}>
      {grid}
      <Navigator />
    </MemoryRouter>,
  )
  const mismatches = vi.fn()
  holdUntilUsed('default')
  const root = await act(async () =>
    hydrateRoot(container, ui, { identifierPrefix: 'g', onRecoverableError: mismatches }),
  )
  const served = container.querySelector('ul[aria-label="APIs"]')!
  expect(served.querySelectorAll('li')).toHaveLength(apis.length)

  // A search typed into the server's page: the router's new address, the same results still shown.
  await act(async () => navigate('/apis?search=weather', { replace: true }))
  // Drawn afresh in one pass rather than each waiting card hydrated by itself first.
  await vi.waitFor(
    () => expect(container.querySelector('ul[aria-label="APIs"]')).not.toBe(served),
    { timeout: 30_000 },
  )
  const drawn = container.querySelector('ul[aria-label="APIs"]')!
  expect(drawn.querySelectorAll('li')).toHaveLength(apis.length)
  expect(drawn.textContent).toContain(apis[0]!.name)
  expect(container.querySelectorAll('ul[aria-label="APIs"]')).toHaveLength(1)
  expect(mismatches).not.toHaveBeenCalled()
  act(() => root.unmount())
})
