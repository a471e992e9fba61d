import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { contentMarketingHandlers, dashboardHandlers } from '@mocks/handlers/contentMarketing'
import { DASHBOARD_NOW } from '@mocks/data/contentMarketing'
import { server } from '@mocks/node'
import { makeSignedInStore } from '@/testing/makeSignedInStore'
import { renderWithProviders } from '@/testing/renderWithProviders'
import { ContentMarketingPanel } from './ContentMarketingPanel'
import { DashboardPanels } from './DashboardPanels'
import { QuickActions } from './QuickActions'
import type { StaffAccess } from './staffAccess'

const now = () => DASHBOARD_NOW
const signedIn = () => ({ store: makeSignedInStore('token-1') })
const admin: StaffAccess = { role: 'admin', canPublish: true }
const renderPanel = (access = admin) =>
  renderWithProviders(<ContentMarketingPanel access={access} now={now} />, signedIn())

const figure = async (label: string) =>
  within(await screen.findByRole('region', { name: label })).getByText(/[\d,]+/)

describe('ContentMarketingPanel', () => {
  it("shows the server's figures and posts, sending the staff member's token", async () => {
    const tokens: (string | null)[] = []
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/content-marketing/'))
        tokens.push(request.headers.get('authorization'))
    })
    renderPanel()
    expect((await figure('Blog Views')).textContent).toBe('3,184')
    expect((await figure('Reach')).textContent).toBe('20,450')
    const recent = screen.getByRole('region', { name: 'Recent posts' })
    expect(
      within(recent).getByRole('link', { name: /API security best practices/ }),
    ).toHaveAttribute('target', '_blank')
    expect(within(recent).getByText('2 hours ago')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Scheduled posts' })).toHaveTextContent(
      'We catalogued 2,600 public APIs',
    )
    expect(screen.queryByText(/Outbox mode is on/)).not.toBeInTheDocument()
    expect(screen.queryByText(/Sample data/)).not.toBeInTheDocument()
    expect(new Set(tokens)).toEqual(new Set(['Bearer token-1']))
    server.events.removeAllListeners()
  })

  it('says that outbox mode is on when no network is connected', async () => {
    server.use(...contentMarketingHandlers.outbox)
    renderPanel()
    expect(screen.getByRole('status')).toHaveTextContent('Loading content-marketing figures')
    await screen.findByText('Outbox mode is on')
    const notice = screen.getByRole('status')
    expect(notice).toHaveTextContent('Outbox mode is on for LinkedIn, Twitter and Reddit')
    expect(notice).toHaveTextContent('Outbox posts have no engagement or reach figures.')
    const recent = screen.getByRole('region', { name: 'Recent posts' })
    expect(await within(recent).findByText('Outbox')).toBeInTheDocument()
    // An outbox post has no figures: it says so rather than showing '0 engagements'.
    expect(within(recent).getByText('no engagement figures')).toBeInTheDocument()
    expect(within(recent).queryByText('0 engagements')).not.toBeInTheDocument()
  })

  it('shows sample data, saying so, when the figures cannot be loaded, and tries again', async () => {
    server.use(...contentMarketingHandlers.error)
    renderPanel()
    expect(
      await screen.findByText(/Sample data: the content-marketing figures could not be loaded/),
    ).toBeVisible()
    expect((await figure('Blog Views')).textContent).toBe('12,450')
    expect(screen.getAllByText('Sample').length).toBeGreaterThan(2)

    server.use(...contentMarketingHandlers.default)
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    await waitFor(() => expect(screen.queryByText(/Sample data/)).not.toBeInTheDocument())
    expect((await figure('Blog Views')).textContent).toBe('3,184')
  })

  it('posts to the chosen network, says so, and reloads the figures', async () => {
    server.use(...contentMarketingHandlers.outbox)
    const user = userEvent.setup()
    let reloads = 0
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'GET' && request.url.endsWith('/stats')) reloads++
    })
    renderPanel()
    await screen.findByText(/Outbox mode is on/)
    await user.click(screen.getByRole('combobox', { name: 'Network' }))
    await user.click(await screen.findByRole('option', { name: 'Twitter' }))
    await user.type(screen.getByRole('textbox', { name: 'Post content' }), 'Shipped the new tester')
    await user.click(screen.getByRole('button', { name: 'Post to Twitter' }))
    const alert = await screen.findByRole('alert')
    // Nothing reached Twitter: the confirmation says so, never "posted".
    expect(alert).toHaveTextContent('Saved to the outbox for Twitter: nothing was sent')
    expect(alert).not.toHaveTextContent('Posted to')
    expect(alert).toHaveTextContent('outbox mode is on')
    expect(screen.getByRole('textbox', { name: 'Post content' })).toHaveValue('')
    await waitFor(() => expect(reloads).toBe(2))
    server.events.removeAllListeners()
  })

  it('says "posted" only for a post the network took', async () => {
    const user = userEvent.setup()
    renderPanel()
    await user.type(
      await screen.findByRole('textbox', { name: 'Post content' }),
      'Shipped the new tester',
    )
    await user.click(screen.getByRole('button', { name: 'Post to LinkedIn' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Posted to LinkedIn successfully!')
    expect(alert).not.toHaveTextContent('outbox')
  })

  it.each([
    [
      'postFailed',
      'Failed to post to LinkedIn: LinkedIn refused the post (HTTP 401: The token used in the request has expired)',
    ],
    ['postNetworkError', 'Error posting to LinkedIn'],
  ] as const)(
    'reports %s in the words of the spec, keeping what was typed',
    async (variant, text) => {
      server.use(...contentMarketingHandlers[variant])
      const user = userEvent.setup()
      renderPanel()
      await figure('Blog Views')
      await user.type(screen.getByRole('textbox', { name: 'Post content' }), 'Hello')
      await user.click(screen.getByRole('button', { name: 'Post to LinkedIn' }))
      expect(await screen.findByRole('alert')).toHaveTextContent(text)
      expect(screen.getByRole('textbox', { name: 'Post content' })).toHaveValue('Hello')
    },
  )

  it("counts characters against the network's limit and will not send an empty or too long post", async () => {
    const user = userEvent.setup()
    renderPanel()
    await figure('Blog Views')
    const button = screen.getByRole('button', { name: 'Post to LinkedIn' })
    expect(button).toBeDisabled()
    await user.click(screen.getByRole('combobox', { name: 'Network' }))
    await user.click(await screen.findByRole('option', { name: 'Twitter' }))
    const box = screen.getByRole('textbox', { name: 'Post content' })
    await user.click(box)
    await user.paste('x'.repeat(281))
    expect(
      screen.getByText('Twitter takes at most 280 characters; this post has 281'),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Post to Twitter' })).toBeDisabled()
  })
})

describe('ContentMarketingPanel for a role that may not publish', () => {
  it.each([
    [
      'viewer',
      /Read-only for viewers\..*needs the admin role, or the user role with the publish permission/,
    ],
    [
      'user',
      /Read-only for your account\..*needs the publish permission, which your user account has not been given/,
    ],
  ])('shows a %s the figures and posts, and why there is no post form', async (role, why) => {
    renderPanel({ role, canPublish: false })
    expect((await figure('Blog Views')).textContent).toBe('3,184')
    const posting = screen.getByRole('region', { name: 'Post to a network' })
    expect(within(posting).getByRole('note')).toHaveTextContent(why)
    expect(screen.queryByRole('textbox', { name: 'Post content' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^(Post|Schedule) / })).not.toBeInTheDocument()
  })
})

describe('DashboardPanels', () => {
  it('shows the live API count, sample tiles that say so, and recent activity', async () => {
    renderWithProviders(<DashboardPanels access={admin} now={now} />, signedIn())
    const total = await screen.findByRole('region', { name: 'Total APIs' })
    await waitFor(() => expect(total).not.toHaveTextContent('…'))
    expect(total).toHaveTextContent('Directory entries, versions grouped')
    for (const label of ['Active Projects', 'Registered Users', 'Revenue']) {
      expect(screen.getByRole('region', { name: label })).toHaveTextContent('Sample value')
    }
    expect(screen.getByRole('region', { name: 'Revenue' })).toHaveTextContent('$12,450.00')
    const activity = screen.getByRole('region', { name: 'Recent Activity' })
    expect(await within(activity).findByText('14 visitor tests in the last hour')).toBeVisible()
    expect(within(activity).getAllByText('Sample')).toHaveLength(2)
  })

  it('shows what a staff member typed only as labelled input, and visitor tests only as a count', async () => {
    renderWithProviders(<DashboardPanels access={admin} now={now} />, signedIn())
    const activity = screen.getByRole('region', { name: 'Recent Activity' })
    const name = await within(activity).findByText('Grace Hopper')
    expect(name.tagName).toBe('CODE')
    expect(name.parentElement).toHaveTextContent(/^Staff input: Grace Hopper$/)
    expect(within(name.closest('li')!).getByText('New staff account (user)')).toBeVisible()
    const tests = within(activity).getByText('14 visitor tests in the last hour').closest('li')!
    expect(within(tests).queryByText(/input:/)).not.toBeInTheDocument()
    expect(within(activity).queryByText(/^Visitor input:$/)).not.toBeInTheDocument()
    expect(within(activity).getAllByText(/^Staff input:$/)).toHaveLength(2)
  })

  it('says when recent activity cannot be loaded', async () => {
    server.use(...dashboardHandlers.error)
    renderWithProviders(<DashboardPanels access={admin} now={now} />, signedIn())
    expect(await screen.findByText('Recent activity could not be loaded.')).toBeVisible()
  })
})

describe('QuickActions', () => {
  it('only logs, as the spec says', async () => {
    const log = vi.fn()
    renderWithProviders(<QuickActions log={log} />)
    await userEvent.click(screen.getByRole('button', { name: 'Manage Users' }))
    expect(log).toHaveBeenCalledWith('Quick action: Manage Users')
  })
})
