import { act } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { render } from '@testing-library/react'
import { expect, it } from 'vitest'
import { useListing } from './useListing'

/** The hook on a page at `route`, with a handle on what it returns at each render. */
function renderListing(route: string) {
  const handle: { current?: ReturnType<typeof useListing> } = {}
  function Probe() {
    handle.current = useListing()
    return null
  }
  const router = createMemoryRouter([{ path: '/apis', element: <Probe /> }], {
    initialEntries: [route],
  })
  render(<RouterProvider router={router} />)
  return { handle, router }
}

it('builds a change on the one just asked for, before the address has been drawn again', () => {
  const { handle, router } = renderListing('/apis')
  // A filter picked and, in the same moment, the typed search settling: the second call still
  // holds the listing from before the first.
  const { change } = handle.current!
  act(() => {
    change({ auth: 'apiKey' })
    change({ search: 'weather' }, { replace: true })
  })
  expect(router.state.location.search).toBe('?search=weather&auth=apiKey')
})

it('follows the address when it changes from outside', async () => {
  const { handle, router } = renderListing('/apis?search=slack')
  await act(() => router.navigate('/apis?auth=oauth2'))
  act(() => handle.current!.change({ https: 'true' }))
  expect(router.state.location.search).toBe('?auth=oauth2&https=true')
})
