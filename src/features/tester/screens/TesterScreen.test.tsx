import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { testerHandlers } from '@mocks/handlers/tester'
import { server } from '@mocks/node'
import { renderWithProviders } from '@/testing/renderWithProviders'
import { TesterScreen } from './TesterScreen'

describe('TesterScreen', () => {
  it('sends the request and shows the response, then keeps it in history', async () => {
    const user = userEvent.setup()
    renderWithProviders(<TesterScreen />, { route: '/tools/tester' })
    await user.type(
      await screen.findByRole('textbox', { name: 'URL' }),
      'https://api.example.com/posts/1',
    )
    await user.click(screen.getByRole('button', { name: 'Send Request' }))
    const summary = await screen.findByLabelText('Response summary')
    expect(within(summary).getByText('200')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'JSON body' })).toHaveTextContent('"userId": 1')
    const history = within(screen.getByRole('region', { name: 'History' }))
    expect(await history.findByText('https://api.example.com/posts/1')).toBeInTheDocument()
  })

  it('says why a private address was refused', async () => {
    server.use(...testerHandlers.blocked)
    const user = userEvent.setup()
    renderWithProviders(<TesterScreen />, { route: '/tools/tester' })
    await user.type(await screen.findByRole('textbox', { name: 'URL' }), 'http://10.0.0.1/')
    await user.keyboard('{Control>}{Enter}{/Control}')
    expect(await screen.findByText('Request blocked')).toBeInTheDocument()
  })

  it('says which port was refused, as a blocked request', async () => {
    server.use(...testerHandlers.portBlocked)
    const user = userEvent.setup()
    renderWithProviders(<TesterScreen />, { route: '/tools/tester' })
    await user.type(await screen.findByRole('textbox', { name: 'URL' }), 'http://mail.example:25/')
    await user.keyboard('{Control>}{Enter}{/Control}')
    expect(await screen.findByText('Request blocked')).toBeInTheDocument()
    expect(
      screen.getByText(
        'Requests to port 25 are not allowed; the tester reaches ports 80, 443, 8080 and 8443 only',
      ),
    ).toBeInTheDocument()
  })

  it('opens history kept before requests had a version, and loads it into the form', async () => {
    // An entry as the first tester wrote it: no version, and no redirect switch yet.
    localStorage.setItem(
      'api-atlas:tester-history',
      JSON.stringify([
        {
          id: 'old',
          method: 'PUT',
          url: 'https://old.example.com/items/1',
          headersText: '{}',
          bodyText: '',
          status: 204,
          responseTime: 12,
          sentAt: '2026-01-02T10:00:00.000Z',
        },
      ]),
    )
    try {
      const user = userEvent.setup()
      renderWithProviders(<TesterScreen />, { route: '/tools/tester' })
      const history = within(await screen.findByRole('region', { name: 'History' }))
      await user.click(await history.findByText('https://old.example.com/items/1'))
      expect(screen.getByRole('textbox', { name: 'URL' })).toHaveValue(
        'https://old.example.com/items/1',
      )
      expect(screen.getByRole('checkbox', { name: /redirects/i })).toBeChecked()
      // Written back with the model's version.
      expect(JSON.parse(localStorage.getItem('api-atlas:tester-history') ?? '[]')).toEqual([
        expect.objectContaining({ v: 2, id: 'old', followRedirects: true }),
      ])
    } finally {
      localStorage.removeItem('api-atlas:tester-history')
    }
  })
})
