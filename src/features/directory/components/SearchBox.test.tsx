import { act } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
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

it('keeps what was typed while its own search reached the address', async () => {
  const container = document.createElement('div')
  document.body.append(container)
  const onSearch = vi.fn()
  const root = createRoot(container)
  act(() => root.render(<SearchBox value="" onSearch={onSearch} />))
  const box = container.querySelector('input')!
  const type = (text: string) =>
    act(() => {
      // React's own setter path for a controlled input, as typing takes it.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, text)
      box.dispatchEvent(new Event('input', { bubbles: true }))
    })

  type('s')
  await vi.waitFor(() => expect(onSearch).toHaveBeenCalledWith('s'))
  // A slow machine: "t" is typed before the address shows the search for "s".
  type('st')
  act(() => root.render(<SearchBox value="s" onSearch={onSearch} />))
  expect(box).toHaveValue('st')
  await vi.waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('st'))
  act(() => root.render(<SearchBox value="st" onSearch={onSearch} />))
  expect(box).toHaveValue('st')

  // A change from outside (back, a link) still replaces the box's text.
  act(() => root.render(<SearchBox value="twilio" onSearch={onSearch} />))
  expect(box).toHaveValue('twilio')
  act(() => root.unmount())
})
