import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configHandlers } from '@mocks/handlers/config'
import { server } from '@mocks/node'
import { renderWithProviders } from '@/testing/renderWithProviders'
import { leaveSite } from '@/lib/leaveSite'
import { configApi } from '@/lib/store/configApi'
import type { AppStore } from '@/lib/store/store'
import { REDIRECT_DELAY_MS, RedirectScreen } from './RedirectScreen'

vi.mock('@/lib/leaveSite', () => ({ leaveSite: vi.fn() }))

/** One round of everything but the frozen clock: timers due now, I/O, and an animation frame. */
async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0)
    await new Promise((resolve) => setImmediate(resolve))
    // The store batches its notifications to the next frame (RTK's autoBatchEnhancer).
    await new Promise((resolve) => requestAnimationFrame(resolve))
  })
}

/** Lets the config request be answered and rendered while the clock stays frozen. */
async function configSettled(store: AppStore) {
  const select = configApi.endpoints.getConfig.select()
  for (let round = 0; round < 100; round += 1) {
    await flush()
    const { status } = select(store.getState())
    if (status === 'fulfilled' || status === 'rejected') return flush()
  }
  throw new Error('The config request never settled')
}

describe('RedirectScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.mocked(leaveSite).mockReset()
  })

  it('shows where it is going and forwards to the directory after three seconds', async () => {
    const { store } = renderWithProviders(<RedirectScreen />, { route: '/redirect' })
    expect(screen.getByRole('heading', { name: 'Redirecting...' })).toBeInTheDocument()
    expect(screen.getByText('Taking you to the main API Directory')).toBeInTheDocument()
    await configSettled(store)
    expect(screen.getByRole('link', { name: 'click here' })).toHaveAttribute('href', '/apis')
    expect(screen.getByRole('link', { name: 'hello@api-atlas.example' })).toHaveAttribute(
      'href',
      'mailto:hello@api-atlas.example',
    )

    await act(async () => {
      await vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS - 1)
    })
    expect(screen.queryByText(/Navigated to/)).not.toBeInTheDocument()

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
    expect(screen.getByText('Navigated to /apis')).toBeInTheDocument()
  })

  it('leaves the site when the directory is configured elsewhere', async () => {
    server.use(...configHandlers.externalDirectory)
    const { store } = renderWithProviders(<RedirectScreen />, { route: '/redirect' })
    await configSettled(store)
    const link = screen.getByRole('link', { name: 'click here' })
    expect(link).toHaveAttribute('href', 'https://directory.api-atlas.example/apis')

    await act(async () => {
      await vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS)
    })
    expect(leaveSite).toHaveBeenCalledExactlyOnceWith('https://directory.api-atlas.example/apis')
  })

  it('still forwards to this site’s directory when the settings cannot be loaded', async () => {
    server.use(...configHandlers.error)
    const { store } = renderWithProviders(<RedirectScreen />, { route: '/redirect' })
    await configSettled(store)
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS)
    })
    expect(screen.getByText('Navigated to /apis')).toBeInTheDocument()
  })
})
