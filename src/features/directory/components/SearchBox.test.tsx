import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, it, vi } from 'vitest'
import { SEARCH_DEBOUNCE_MS, SearchBox } from './SearchBox'

afterEach(() => {
  document.body.innerHTML = ''
})

it('searches for what was typed into the server-drawn box before the app ran', async () => {
  const container = document.createElement('div')
  container.innerHTML = renderToString(<SearchBox value="" onSearch={() => undefined} />)
  document.body.append(container)
  // The visitor types while only the server's HTML is there: no React listens yet.
  container.querySelector('input')!.value = 'Stripe '

  const onSearch = vi.fn()
  const root = await act(async () =>
    hydrateRoot(container, <SearchBox value="" onSearch={onSearch} />),
  )

  expect(container.querySelector('input')).toHaveValue('Stripe ')
  await vi.waitFor(() => expect(onSearch).toHaveBeenCalledExactlyOnceWith('Stripe'))
  act(() => root.unmount())
})

it('searches for nothing when the box was left alone', async () => {
  const container = document.createElement('div')
  container.innerHTML = renderToString(<SearchBox value="twilio" onSearch={() => undefined} />)
  document.body.append(container)

  const onSearch = vi.fn()
  const root = await act(async () =>
    hydrateRoot(container, <SearchBox value="twilio" onSearch={onSearch} />),
  )

  await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50))
  expect(onSearch).not.toHaveBeenCalled()
  act(() => root.unmount())
})
