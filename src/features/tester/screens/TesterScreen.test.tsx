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
})
