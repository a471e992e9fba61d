import { render, screen, waitFor } from '@testing-library/react'
import { expect, it } from 'vitest'
import { GROUPS_PER_STEP, useDrawnGroups } from './WindowedRows'

/** The groups a list of `count` would draw, as `from-to`, and every range it has drawn so far. */
function Drawn({ count, center, seen }: { count: number; center: number; seen: string[] }) {
  const { from, to } = useDrawnGroups(count, center)
  const range = `${from}-${to}`
  if (seen.at(-1) !== range) seen.push(range)
  return <p>{range}</p>
}

it('draws the groups around the wanted one first, then more on each side until all are', async () => {
  const seen: string[] = []
  render(<Drawn count={500} center={300} seen={seen} />)
  expect(seen[0]).toBe(`${300 - GROUPS_PER_STEP}-${300 + GROUPS_PER_STEP}`)
  await waitFor(() => expect(screen.getByText('0-500')).toBeTruthy())
  // Each step only adds: no group once drawn is taken away.
  const ranges = seen.map((range) => range.split('-').map(Number) as [number, number])
  for (let i = 1; i < ranges.length; i++) {
    expect(ranges[i]![0]).toBeLessThanOrEqual(ranges[i - 1]![0])
    expect(ranges[i]![1]).toBeGreaterThanOrEqual(ranges[i - 1]![1])
  }
  expect(ranges.length).toBeGreaterThan(2)
})

it('starts from the first group when none is wanted, and draws a short list at once', async () => {
  const seen: string[] = []
  const { rerender } = render(<Drawn count={30} center={-1} seen={seen} />)
  expect(seen).toEqual(['0-30'])
  rerender(<Drawn count={400} center={-1} seen={seen} />)
  await waitFor(() => expect(screen.getByText('0-400')).toBeTruthy())
  expect(seen[1]).toBe(`0-${GROUPS_PER_STEP}`)
})
