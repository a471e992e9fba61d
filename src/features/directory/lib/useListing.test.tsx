import { act } from 'react'
import { expect, it } from 'vitest'
import { listingToQuery, parseListing } from '@/shared/listing'
import { renderWithProviders } from '@/testing/renderWithProviders'
import { directoryApi } from '../api/directoryApi'
import { useListing } from './useListing'

/** The hook on a page at `route`, with a handle on what it returns at each render. */
function renderListing(route: string) {
  const handle: { current?: ReturnType<typeof useListing> } = {}
  function Probe() {
    handle.current = useListing()
    return null
  }
  const { router, store } = renderWithProviders(<Probe />, { route, path: '/apis' })
  return { handle, router, store }
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

it('asks for the new listing as it changes, the same request the screen makes of the address', () => {
  const { handle, router, store } = renderListing('/apis?sort=name')
  act(() => {
    handle.current!.change({ search: 'weather', auth: 'apiKey' }, { replace: true })
    // The router draws the address in a transition, after this: the request is already on its way.
    const address = new URLSearchParams(router.state.location.search)
    expect(address.get('search')).toBe('weather')
    const query = listingToQuery(parseListing(address))
    expect(directoryApi.endpoints.listApis.select(query)(store.getState()).status).toBe('pending')
    const asked = Object.values(store.getState()[directoryApi.reducerPath].queries)
    expect(asked.filter((entry) => entry?.endpointName === 'listApis')).toHaveLength(1)
  })
})
