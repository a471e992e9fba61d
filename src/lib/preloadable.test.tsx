import { Suspense, type ComponentType } from 'react'
import { act, render, screen } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { preloadable } from './preloadable'

function Part({ name }: { name: string }) {
  return <p>part {name}</p>
}

/** A chunk that arrives when the test says so. */
const chunk = () => {
  let arrive = () => {}
  const load = vi.fn(() => new Promise<typeof Part>((resolve) => (arrive = () => resolve(Part))))
  return { load, arrive: () => arrive() }
}

const page = (Drawn: ComponentType<{ name: string }>) => (
  <Suspense fallback={<p>waiting</p>}>
    <Drawn name="one" />
  </Suspense>
)

it('draws a preloaded part in the first render, with no fallback', async () => {
  const { load, arrive } = chunk()
  const Preloaded = preloadable(load)
  const loaded = Preloaded.preload()
  arrive()
  await loaded
  const { container } = render(page(Preloaded))
  // Synchronously: nothing suspended, so the fallback was never drawn.
  expect(container.textContent).toBe('part one')
  expect(load).toHaveBeenCalledTimes(1)
})

it('suspends as React.lazy does when drawn before its chunk, and loads it once', async () => {
  const { load, arrive } = chunk()
  const Late = preloadable(load)
  render(page(Late))
  expect(screen.getByText('waiting')).toBeTruthy()
  void Late.preload()
  await act(async () => arrive())
  expect(await screen.findByText('part one')).toBeTruthy()
  expect(load).toHaveBeenCalledTimes(1)
})

it('tries a failed download again on the next preload', async () => {
  const load = vi
    .fn<() => Promise<typeof Part>>()
    .mockRejectedValueOnce(new Error('offline'))
    .mockResolvedValueOnce(Part)
  const Flaky = preloadable(load)
  await expect(Flaky.preload()).rejects.toThrow('offline')
  await Flaky.preload()
  expect(render(page(Flaky)).container.textContent).toBe('part one')
  expect(load).toHaveBeenCalledTimes(2)
})
