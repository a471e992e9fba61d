import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/testing/renderWithProviders'
import { apiSummaries } from '@mocks/data/apis'
import { DirectoryScreen } from './DirectoryScreen'

describe('DirectoryScreen', () => {
  it('keeps the search in the address once typing pauses, replacing the entry', async () => {
    const user = userEvent.setup()
    const { router } = renderWithProviders(<DirectoryScreen />, { route: '/apis' })
    await screen.findByText(`${apiSummaries.length} APIs`)

    await user.type(await screen.findByRole('searchbox', { name: 'Search APIs' }), 'stripe')
    await waitFor(() => expect(router.state.location.search).toBe('?search=stripe'))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(await screen.findByText(/^\d+ APIs? for “stripe”$/)).toBeInTheDocument()
  })

  it('adds filters to the address and starts again at page 1', async () => {
    const user = userEvent.setup()
    const { router } = renderWithProviders(<DirectoryScreen />, {
      route: '/apis?search=api&page=2',
    })
    await user.click(await screen.findByRole('checkbox', { name: 'HTTPS' }))
    expect(router.state.location.search).toBe('?search=api&https=true')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name')
    expect(router.state.location.search).toBe('?search=api&https=true&sort=name')
  })

  it('follows the address when it changes without typing (back, a link)', async () => {
    const { router } = renderWithProviders(<DirectoryScreen />, { route: '/apis?search=slack' })
    const box = await screen.findByRole('searchbox', { name: 'Search APIs' })
    expect(box).toHaveValue('slack')
    await router.navigate('/apis?search=twilio')
    await waitFor(() => expect(box).toHaveValue('twilio'))
  })

  it('puts the cursor in the search box on /', async () => {
    const user = userEvent.setup()
    renderWithProviders(<DirectoryScreen />, { route: '/apis' })
    const box = await screen.findByRole('searchbox', { name: 'Search APIs' })
    await user.keyboard('/')
    expect(box).toHaveFocus()
    expect(box).toHaveValue('')
  })
})
