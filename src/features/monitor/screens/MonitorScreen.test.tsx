import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/testing/renderWithProviders'
import { REFRESH_MS } from '../monitorRules'
import { selectHistory } from '../monitorSlice'
import { MonitorScreen } from './MonitorScreen'

const pageLoad = () =>
  within(screen.getByRole('region', { name: 'Page Load Time' })).getByText(/^[\d,]+ ms$/)
    .textContent

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

describe('MonitorScreen on the real timer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    vi.setSystemTime(Date.UTC(2026, 0, 1, 9))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('refreshes every 5000 ms while active and not at all while paused', async () => {
    const { store } = renderWithProviders(<MonitorScreen random={() => 0.5} storage={null} />, {
      route: '/monitor',
    })
    expect(pageLoad()).toBe('1,245 ms')

    await advance(REFRESH_MS - 1)
    expect(pageLoad()).toBe('1,245 ms')
    await advance(1)
    expect(pageLoad()).toBe('1,500 ms')
    expect(selectHistory(store.getState())).toEqual([
      { at: Date.UTC(2026, 0, 1, 9, 0, 5), metrics: expect.objectContaining({ cpuUsage: 30 }) },
    ])

    await act(async () => {
      screen.getByRole('button', { name: 'Pause' }).click()
    })
    expect(screen.getByRole('status')).toHaveTextContent('Paused')
    await advance(REFRESH_MS * 3)
    expect(selectHistory(store.getState())).toHaveLength(1)

    await act(async () => {
      screen.getByRole('button', { name: 'Resume' }).click()
    })
    await advance(REFRESH_MS * 2)
    expect(selectHistory(store.getState())).toHaveLength(3)
  })
})
