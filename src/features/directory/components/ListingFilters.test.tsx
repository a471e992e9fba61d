import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, it, vi } from 'vitest'
import type { Category } from '@/contract/categories'
import type { Listing } from '@/shared/listing'
import { ListingFilters } from './ListingFilters'

const categories = [
  { slug: 'payments', name: 'Payments', count: 3 },
  { slug: 'weather', name: 'Weather', count: 2 },
] as Category[]
const listing: Listing = { search: '', page: 1 }

afterEach(() => {
  document.body.innerHTML = ''
})

/** The server's filters in the page, changed by `visit` before the app hydrates them. */
async function hydrateAfter(visit: (page: HTMLElement) => void) {
  const container = document.createElement('div')
  const filters = (onChange: (change: object) => void) => (
    <ListingFilters listing={listing} categories={categories} onChange={onChange} />
  )
  container.innerHTML = renderToString(filters(() => undefined))
  document.body.append(container)
  visit(container)
  const onChange = vi.fn()
  const root = await act(async () => hydrateRoot(container, filters(onChange)))
  return { onChange, unmount: () => act(() => root.unmount()) }
}

it('takes up the choices made in the server-drawn filters before the app ran', async () => {
  const { onChange, unmount } = await hydrateAfter((page) => {
    page.querySelector<HTMLSelectElement>('select[name="category"]')!.value = 'weather'
    page.querySelector<HTMLSelectElement>('select[name="sort"]')!.value = 'updated'
    page.querySelector<HTMLInputElement>('input[name="https"]')!.checked = true
  })
  expect(onChange).toHaveBeenCalledExactlyOnceWith({
    category: 'weather',
    sort: 'updated',
    https: 'true',
  })
  unmount()
})

it('changes nothing when the filters were left alone', async () => {
  const { onChange, unmount } = await hydrateAfter(() => undefined)
  expect(onChange).not.toHaveBeenCalled()
  unmount()
})
