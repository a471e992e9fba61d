import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { apisHandlers } from '@mocks/handlers/apis'
import { authHandlers } from '@mocks/handlers/auth'
import { contentMarketingHandlers, dashboardHandlers } from '@mocks/handlers/contentMarketing'
import { AUTH_ISSUED_AT, staffCredentials } from '@mocks/data/auth'
import { DASHBOARD_NOW } from '@mocks/data/contentMarketing'
import { apiSummaries } from '@mocks/data/apis'
import { createStaffClient, type StaffClientConfig } from '@/lib/supabase'
import { DashboardRoute } from '@/app/routes/DashboardRoute'
import { createManualClock } from '@/testing/manualClock'
import { withAuthServices } from '@/testing/withAuthServices'

/** A page whose client signed in already (supabase-js against the MSW auth), as after /bpm-login. */
const signedIn = async (config: StaffClientConfig) => {
  const client = await createStaffClient(config)
  await client.auth.signInWithPassword(staffCredentials)
  return client
}

const MINUTE = 60_000

// The screen as routed: the staff session of features/auth handed to the dashboard screen.
const meta = {
  title: 'Screens/Dashboard',
  component: DashboardRoute,
  // The session runs on the story's auth services: a signed-in client and a clock of its own.
  decorators: [withAuthServices],
  args: { now: () => DASHBOARD_NOW },
  parameters: { route: '/dashboard', authServices: { connect: signedIn } },
} satisfies Meta<typeof DashboardRoute>

export default meta
type Story = StoryObj<typeof meta>
type Canvas = ReturnType<typeof within>
type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent']

const welcome = (canvas: Canvas) =>
  canvas.findByText('Welcome back, Ada Lovelace', {}, { timeout: 30_000 })

/** The figures of a network's card, as its term and value pairs read: `{ posts: '6', ... }`. */
const figuresOf = (card: HTMLElement) => {
  const terms = within(card).getAllByRole('term')
  const values = within(card).getAllByRole('definition')
  return Object.fromEntries(
    terms.map((term, index) => [term.textContent, values[index]?.textContent]),
  )
}

/** Once the panel has its figures: Blog Views shows a number. */
const figuresLoaded = async (canvas: Canvas) =>
  within(await canvas.findByRole('region', { name: 'Blog Views' }, { timeout: 30_000 }))

/** Types a post into the form and sends it to the network the form shows (LinkedIn at first). */
const typeAndPost = async (canvas: Canvas, userEvent: UserEvent, text: string) => {
  await figuresLoaded(canvas)
  const box = canvas.getByRole('textbox', { name: 'Post content' })
  await userEvent.type(box, text)
  await expect(canvas.getByText(`${text.length} / 3,000 characters`)).toBeVisible()
  await userEvent.click(canvas.getByRole('button', { name: 'Post to LinkedIn' }))
}

/** Signed in with an admin profile: the welcome line, the role, Logout and the panels. */
export const Default: Story = {
  parameters: { authServices: { clock: createManualClock(AUTH_ISSUED_AT) } },
  play: async ({ canvas }) => {
    await expect(await welcome(canvas)).toBeVisible()
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(canvas.getByLabelText('Role: Admin')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Logout' })).toBeVisible()
    await expect(canvas.queryByText(/viewer access for now/)).not.toBeInTheDocument()
    await expect(canvas.queryByText(/because of inactivity/)).not.toBeInTheDocument()
    const activity = canvas.getByRole('region', { name: 'Recent Activity' })
    await expect(activity).toBeVisible()

    // Visitors' tests are one counted line; what staff typed shows only as labelled input.
    await expect(
      await within(activity).findByText(
        '14 visitor tests in the last hour',
        {},
        { timeout: 30_000 },
      ),
    ).toBeVisible()
    await expect(within(activity).queryByText(/^Visitor input:/)).not.toBeInTheDocument()
    await expect(within(activity).getByText('Grace Hopper').parentElement).toHaveTextContent(
      /^Staff input: Grace Hopper$/,
    )
    // PageMeta writes the head from an effect, which may run after the first paint.
    await waitFor(() =>
      expect(document.querySelector('meta[name="robots"]')).toHaveAttribute(
        'content',
        'noindex,nofollow',
      ),
    )

    // The four tiles: the live catalogue count, and three samples that say so, money in USD.
    const total = await canvas.findByRole('region', { name: 'Total APIs' })
    // As many as the directory's fixtures list (entries, not every version).
    await waitFor(() => expect(total).toHaveTextContent(String(apiSummaries.length)))
    await expect(total).toHaveTextContent('Directory entries, versions grouped')
    for (const [label, value] of [
      ['Active Projects', '24'],
      ['Registered Users', '1,284'],
      ['Revenue', '$12,450.00'],
    ] as const) {
      const tile = canvas.getByRole('region', { name: label })
      await expect(within(tile).getByText(value)).toBeVisible()
      await expect(within(tile).getByText('Sample value')).toBeVisible()
    }

    // The content statistics, from the server's figures.
    await figuresLoaded(canvas)
    for (const [label, value] of [
      ['Blog Views', '3,184'],
      ['Social Engagement', '912'],
      ['Conversions', '47'],
      ['Reach', '20,450'],
    ] as const) {
      const tile = canvas.getByRole('region', { name: label })
      await expect(within(tile).getByText(value)).toBeVisible()
      await expect(within(tile).queryByText('Sample')).not.toBeInTheDocument()
    }

    // Per network.
    await expect(figuresOf(canvas.getByRole('region', { name: 'LinkedIn statistics' }))).toEqual({
      posts: '6',
      engagement: '540',
      reach: '11,200',
    })
    await expect(figuresOf(canvas.getByRole('region', { name: 'Twitter statistics' }))).toEqual({
      posts: '9',
      engagement: '301',
      reach: '7,650',
    })
    await expect(figuresOf(canvas.getByRole('region', { name: 'Reddit statistics' }))).toEqual({
      posts: '2',
      engagement: '71',
      reach: '1,600',
    })

    // Recent posts, linking to the network, and the scheduled one.
    const recent = canvas.getByRole('region', { name: 'Recent posts' })
    const first = within(recent).getByRole('link', {
      name: 'API security best practices: the checklist we use in reviews',
    })
    await expect(first).toHaveAttribute(
      'href',
      'https://www.linkedin.com/feed/update/urn%3Ali%3Ashare%3A7001/',
    )
    await expect(first).toHaveAttribute('target', '_blank')
    await expect(within(recent).getByText('2 hours ago')).toBeVisible()
    await expect(within(recent).getByText('212 engagements')).toBeVisible()
    await expect(
      within(recent).getByRole('link', {
        name: 'Retries without duplicates: idempotency keys in 3 steps',
      }),
    ).toBeVisible()
    await expect(within(recent).getByText('64 engagements')).toBeVisible()
    const scheduled = canvas.getByRole('region', { name: 'Scheduled posts' })
    await expect(
      within(scheduled).getByText('We catalogued 2,600 public APIs: what surprised us'),
    ).toBeVisible()
    await expect(within(scheduled).getByText(/Reddit/)).toBeVisible()

    // Every network connected: no outbox notice, no sample note; the form posts to LinkedIn.
    await expect(canvas.queryByText(/Outbox mode is on/)).not.toBeInTheDocument()
    await expect(canvas.queryByText(/Sample data/)).not.toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Post to LinkedIn' })).toBeDisabled()
    // In this tab, where the in-memory session is.
    const analytics = canvas.getByRole('link', { name: 'View Analytics' })
    await expect(analytics).toHaveAttribute('href', '/analytics')
    await expect(analytics).not.toHaveAttribute('target')
    await expect(canvas.getByRole('link', { name: 'Open Blog' })).toHaveAttribute('href', '/blog')
  },
}

/** Signed in; the catalogue count and the content-marketing figures are still on their way. */
export const Loading: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: {
      handlers: {
        apis: apisHandlers.loading,
        contentMarketing: contentMarketingHandlers.loading,
        dashboard: dashboardHandlers.loading,
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await welcome(canvas)).toBeVisible()
    const total = canvas.getByRole('region', { name: 'Total APIs' })
    await expect(within(total).getByText('…')).toBeVisible()
    await expect(within(total).getByText('Counting the live catalogue…')).toBeVisible()
    await expect(
      within(canvas.getByRole('region', { name: 'Revenue' })).getByText('Sample value'),
    ).toBeVisible()

    const panel = canvas.getByRole('region', { name: 'Content Marketing' })
    await expect(panel).toHaveAttribute('aria-busy', 'true')
    await expect(
      within(panel).getByRole('progressbar', { name: 'Loading content-marketing figures' }),
    ).toBeVisible()
    await expect(within(panel).getByText('Loading content-marketing figures…')).toBeVisible()
    await expect(
      within(panel).queryByRole('region', { name: 'Blog Views' }),
    ).not.toBeInTheDocument()
    await expect(within(panel).queryByText(/Sample data/)).not.toBeInTheDocument()
    await expect(within(panel).queryByText(/Outbox mode is on/)).not.toBeInTheDocument()
  },
}

/** The figures cannot be loaded: sample figures and posts, with a note saying they are samples. */
export const MarketingUnavailable: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { contentMarketing: contentMarketingHandlers.error } },
  },
  play: async ({ canvas }) => {
    await expect(await welcome(canvas)).toBeVisible()
    const note = await canvas.findByText(
      /Sample data: the content-marketing figures could not be loaded/,
      {},
      { timeout: 30_000 },
    )
    await expect(note).toBeVisible()
    await expect(note).toHaveTextContent(
      "the numbers and posts below are examples, not this site's",
    )
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeVisible()
    const blogViews = canvas.getByRole('region', { name: 'Blog Views' })
    await expect(within(blogViews).getByText('12,450')).toBeVisible()
    await expect(within(blogViews).getByText('Sample')).toBeVisible()
    const recent = canvas.getByRole('region', { name: 'Recent posts' })
    await expect(within(recent).getByText('Sample')).toBeVisible()
    await expect(
      within(recent).getByText('How to integrate APIs in 2024: a step-by-step guide'),
    ).toBeVisible()
    await expect(
      within(canvas.getByRole('region', { name: 'Scheduled posts' })).getByText('Sample'),
    ).toBeVisible()
    await expect(canvas.queryByText(/Outbox mode is on/)).not.toBeInTheDocument()
  },
}

/** No network credentials: the panel says outbox mode is on, and that outbox posts have no figures. */
export const OutboxMode: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { contentMarketing: contentMarketingHandlers.outbox } },
  },
  play: async ({ canvas }) => {
    await expect(await welcome(canvas)).toBeVisible()
    await canvas.findByText('Outbox mode is on', {}, { timeout: 30_000 })
    // The notice can come before every figure has: read the panel once nothing is loading.
    await figuresLoaded(canvas)
    await waitFor(() =>
      expect(canvas.queryByText('Loading content-marketing figures…')).not.toBeInTheDocument(),
    )
    const status = within(canvas.getByRole('region', { name: 'Content Marketing' })).getByRole(
      'status',
    )
    await expect(status).toBeVisible()
    await expect(status).toHaveTextContent(
      'Outbox mode is on for LinkedIn, Twitter and Reddit: posts are saved here and not sent to those networks.',
    )
    await expect(status).toHaveTextContent('Outbox posts have no engagement or reach figures.')
    for (const label of ['Social Engagement', 'Reach']) {
      await expect(
        within(canvas.getByRole('region', { name: label })).getByText('None from outbox posts'),
      ).toBeVisible()
    }
    const linkedin = canvas.getByRole('region', { name: 'LinkedIn statistics' })
    await expect(within(linkedin).getByText('Outbox')).toBeVisible()
    await expect(
      within(linkedin).getByText('Outbox posts have no engagement or reach figures.'),
    ).toBeVisible()
    const recent = canvas.getByRole('region', { name: 'Recent posts' })
    await expect(
      within(recent).getByText('New on the blog: how to test APIs effectively'),
    ).toBeVisible()
    await expect(within(recent).getByText('Outbox')).toBeVisible()
    await expect(within(recent).getByText('no engagement figures')).toBeVisible()
    await expect(within(recent).queryByText(/\d engagements/)).not.toBeInTheDocument()
    await expect(
      within(canvas.getByRole('region', { name: 'Scheduled posts' })).getByText(
        /Nothing scheduled/,
      ),
    ).toBeVisible()
    await expect(canvas.getByText('Outbox mode: saved here only')).toBeVisible()
  },
}

/** A post the network took: the spec's success text, and nothing about the outbox. */
export const Posted: Story = {
  parameters: { authServices: { clock: createManualClock(AUTH_ISSUED_AT) } },
  play: async ({ canvas, userEvent }) => {
    await typeAndPost(canvas, userEvent, 'Shipped the new API tester')
    const result = await canvas.findByRole('alert')
    await expect(result).toHaveTextContent('Posted to LinkedIn successfully!')
    await expect(result).not.toHaveTextContent(/outbox/i)
    await expect(canvas.getByRole('textbox', { name: 'Post content' })).toHaveValue('')
  },
}

/** Posting in outbox mode: saved, and plainly not sent; never "posted". */
export const PostedToOutbox: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { contentMarketing: contentMarketingHandlers.outbox } },
  },
  play: async ({ canvas, userEvent }) => {
    await typeAndPost(canvas, userEvent, 'Shipped the new API tester')
    const result = await canvas.findByRole('alert')
    await expect(result).toHaveTextContent('Saved to the outbox for LinkedIn: nothing was sent')
    await expect(result).not.toHaveTextContent('Posted to')
    await expect(result).toHaveTextContent(
      'Saved to the outbox. LinkedIn is not connected, so nothing was sent to LinkedIn: outbox mode is on.',
    )
    await expect(canvas.getByRole('textbox', { name: 'Post content' })).toHaveValue('')
  },
}

/** The post is on its way: the button says so and waits, the text stays. */
export const Posting: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { contentMarketing: contentMarketingHandlers.posting } },
  },
  play: async ({ canvas, userEvent }) => {
    await typeAndPost(canvas, userEvent, 'Shipped the new API tester')
    const button = await canvas.findByRole('button', { name: 'Posting...' })
    await expect(button).toBeDisabled()
    await expect(canvas.getByRole('progressbar', { name: 'Posting...' })).toBeVisible()
    await expect(canvas.getByRole('textbox', { name: 'Post content' })).toHaveValue(
      'Shipped the new API tester',
    )
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument()
  },
}

/** The network refused the post: the spec's failure text with the network's reason; the text stays. */
export const PostFailed: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { contentMarketing: contentMarketingHandlers.postFailed } },
  },
  play: async ({ canvas, userEvent }) => {
    await typeAndPost(canvas, userEvent, 'Shipped the new API tester')
    const result = await canvas.findByRole('alert')
    await expect(result).toHaveTextContent(
      'Failed to post to LinkedIn: LinkedIn refused the post (HTTP 401: The token used in the request has expired)',
    )
    await expect(canvas.getByRole('textbox', { name: 'Post content' })).toHaveValue(
      'Shipped the new API tester',
    )
    await expect(canvas.getByRole('button', { name: 'Post to LinkedIn' })).toBeEnabled()
  },
}

/** Our own server did not answer the post: 'Error posting to LinkedIn'. */
export const PostNetworkError: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { contentMarketing: contentMarketingHandlers.postNetworkError } },
  },
  play: async ({ canvas, userEvent }) => {
    await typeAndPost(canvas, userEvent, 'Shipped the new API tester')
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error posting to LinkedIn')
    await expect(canvas.getByRole('textbox', { name: 'Post content' })).toHaveValue(
      'Shipped the new API tester',
    )
  },
}

/** The account is a viewer: the figures and posts, and in place of the form, why it reads only. */
export const ViewerReadOnly: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { auth: authHandlers.viewer } },
  },
  play: async ({ canvas }) => {
    await expect(await welcome(canvas)).toBeVisible()
    await expect(canvas.getByLabelText('Role: Viewer')).toBeVisible()
    await figuresLoaded(canvas)
    await expect(
      within(canvas.getByRole('region', { name: 'Recent posts' })).getByText(
        'API security best practices: the checklist we use in reviews',
      ),
    ).toBeVisible()
    const posting = canvas.getByRole('region', { name: 'Post to a network' })
    await expect(within(posting).getByRole('note')).toHaveTextContent(
      "Read-only for viewers. You can see these figures and posts, but posting and scheduling on the company's accounts needs the admin role, or the user role with the publish permission. Ask an admin if you need it.",
    )
    await expect(canvas.queryByRole('textbox', { name: 'Post content' })).not.toBeInTheDocument()
    await expect(canvas.queryByRole('button', { name: /^Post to / })).not.toBeInTheDocument()
  },
}

/** A user an admin has not let publish: read-only too, and the permission it lacks is named. */
export const UserWithoutPublishPermission: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { auth: authHandlers.user } },
  },
  play: async ({ canvas }) => {
    await expect(await welcome(canvas)).toBeVisible()
    await expect(canvas.getByLabelText('Role: User')).toBeVisible()
    await figuresLoaded(canvas)
    const posting = canvas.getByRole('region', { name: 'Post to a network' })
    await expect(within(posting).getByRole('note')).toHaveTextContent(
      'needs the publish permission, which your user account has not been given. Ask an admin to grant it.',
    )
    await expect(canvas.queryByRole('textbox', { name: 'Post content' })).not.toBeInTheDocument()
  },
}

/** A user an admin let publish: the post form, as an admin has it. */
export const UserWithPublishPermission: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { auth: authHandlers.publisher } },
  },
  play: async ({ canvas }) => {
    await expect(await welcome(canvas)).toBeVisible()
    await expect(canvas.getByLabelText('Role: User')).toBeVisible()
    await figuresLoaded(canvas)
    await expect(canvas.getByRole('textbox', { name: 'Post content' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Post to LinkedIn' })).toBeDisabled()
    await expect(canvas.queryByRole('note')).not.toBeInTheDocument()
  },
}

/** The server refuses the post (the permission was taken away since sign-in): its reason shows. */
export const PostRefused: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { contentMarketing: contentMarketingHandlers.postForbidden } },
  },
  play: async ({ canvas, userEvent }) => {
    await typeAndPost(canvas, userEvent, 'Shipped the new API tester')
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Failed to post to LinkedIn: Publishing and scheduling posts needs the admin role or the publish permission',
    )
    await expect(canvas.getByRole('textbox', { name: 'Post content' })).toHaveValue(
      'Shipped the new API tester',
    )
  },
}

/** The account posted as often as the server allows for now: when it may post again. */
export const PostRateLimited: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { contentMarketing: contentMarketingHandlers.postRateLimited } },
  },
  play: async ({ canvas, userEvent }) => {
    await typeAndPost(canvas, userEvent, 'Shipped the new API tester')
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Failed to post to LinkedIn: Too many posts from this account: at most 10 an hour, scheduled ones included. Try again in 42 minutes.',
    )
    await expect(canvas.getByRole('button', { name: 'Post to LinkedIn' })).toBeEnabled()
  },
}

/** The session and profile are still being checked. */
export const AuthLoading: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { auth: authHandlers.slow } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Checking your session' })).toBeVisible()
    await expect(canvas.getByText('Checking your session…')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument()
  },
}

const stuckClock = createManualClock(AUTH_ISSUED_AT)

/** Still checking after 10 seconds: say so, and offer to try again or to go to the login page. */
export const AuthStuck: Story = {
  parameters: {
    authServices: { clock: stuckClock },
    msw: { handlers: { auth: authHandlers.slow } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Checking your session' })).toBeVisible()
    await waitFor(() => expect(stuckClock.pending).toBeGreaterThan(0))
    stuckClock.advance(9_999)
    await expect(canvas.getByRole('progressbar', { name: 'Checking your session' })).toBeVisible()
    stuckClock.advance(1)
    const stuck = await canvas.findByRole('heading', { name: 'Authentication is taking too long' })
    await expect(stuck).toBeVisible()
    await expect(canvas.getByRole('alert')).toHaveTextContent(/Try again, or go to the login page/)
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Go to login' })).toHaveAttribute(
      'href',
      '/bpm-login',
    )
  },
}

const stuckRetryClock = createManualClock(AUTH_ISSUED_AT)

/** Try Again checks the session once more, back to 'Checking your session'. */
export const AuthStuckRetry: Story = {
  parameters: {
    authServices: { clock: stuckRetryClock },
    msw: { handlers: { auth: authHandlers.slow } },
  },
  play: async ({ canvas, userEvent }) => {
    await waitFor(() => expect(stuckRetryClock.pending).toBeGreaterThan(0))
    stuckRetryClock.advance(10_000)
    await userEvent.click(await canvas.findByRole('button', { name: 'Try Again' }))
    await expect(canvas.getByRole('progressbar', { name: 'Checking your session' })).toBeVisible()
  },
}

const stuckToLoginClock = createManualClock(AUTH_ISSUED_AT)

/** Go to login leaves the stuck check for the login page. */
export const AuthStuckGoToLogin: Story = {
  parameters: {
    authServices: { clock: stuckToLoginClock },
    msw: { handlers: { auth: authHandlers.slow } },
  },
  play: async ({ canvas, userEvent }) => {
    await waitFor(() => expect(stuckToLoginClock.pending).toBeGreaterThan(0))
    stuckToLoginClock.advance(10_000)
    await userEvent.click(await canvas.findByRole('link', { name: 'Go to login' }))
    await expect(await canvas.findByText('Navigated to /bpm-login')).toBeVisible()
  },
}

/** Reading the profile is refused: the advice to contact support or log in again. */
export const ProfileNotFound: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { auth: authHandlers.profileRefused } },
  },
  play: async ({ canvas }) => {
    const heading = await canvas.findByRole(
      'heading',
      { name: 'Profile Not Found' },
      { timeout: 30_000 },
    )
    await expect(heading).toBeVisible()
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Contact support if this keeps happening, or log in again.',
    )
    await expect(canvas.getByRole('button', { name: 'Log in again' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument()
  },
}

/** Log in again ends the session and goes to the login page. */
export const ProfileNotFoundLogInAgain: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { auth: authHandlers.profileRefused } },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Log in again' }, { timeout: 30_000 }),
    )
    await expect(await canvas.findByText('Navigated to /bpm-login')).toBeVisible()
  },
}

/** No profile and none could be created: the default viewer profile, and the dashboard says so. */
export const DefaultViewerProfile: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { auth: authHandlers.profileInsertFails } },
  },
  play: async ({ canvas }) => {
    await expect(await welcome(canvas)).toBeVisible()
    await expect(canvas.getByLabelText('Role: Viewer')).toBeVisible()
    await expect(canvas.getByText(/you have viewer access for now/)).toBeVisible()
    await expect(await canvas.findByText(/Read-only for viewers/)).toBeVisible()
    await expect(canvas.queryByRole('textbox', { name: 'Post content' })).not.toBeInTheDocument()
  },
}

/** No profile yet: it is created as a viewer, named from the sign-in metadata. */
export const ProfileCreated: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    msw: { handlers: { auth: authHandlers.profileMissing } },
  },
  play: async ({ canvas }) => {
    await expect(await welcome(canvas)).toBeVisible()
    await expect(canvas.getByLabelText('Role: Viewer')).toBeVisible()
    await expect(canvas.queryByText(/viewer access for now/)).not.toBeInTheDocument()
  },
}

/** Nobody signed in on this page (a reload ends the session): off to the login page. */
export const NobodySignedIn: Story = {
  parameters: {
    authServices: { connect: createStaffClient, clock: createManualClock(AUTH_ISSUED_AT) },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Navigated to /bpm-login')).toBeVisible()
  },
}

/** Logout asks first; the second click ends the session and goes to the login page. */
export const Logout: Story = {
  parameters: { authServices: { clock: createManualClock(AUTH_ISSUED_AT) } },
  play: async ({ canvas, userEvent }) => {
    await welcome(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }))
    await expect(canvas.getByRole('button', { name: 'Are you sure?' })).toBeVisible()
    await expect(canvas.queryByText(/Navigated to/)).not.toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Are you sure?' }))
    await expect(await canvas.findByText('Navigated to /bpm-login')).toBeVisible()
  },
}

const expiringClock = createManualClock(AUTH_ISSUED_AT)

/** 26 minutes without activity: 4 left, and a way to stay signed in. */
export const ExpiringSoon: Story = {
  parameters: { authServices: { clock: expiringClock } },
  play: async ({ canvas }) => {
    await welcome(canvas)
    expiringClock.advance(26 * MINUTE)
    const warning = await canvas.findByRole('alert')
    await expect(warning).toHaveTextContent('Your session ends in 4 minutes because of inactivity.')
    await expect(within(warning).getByRole('button', { name: 'Stay signed in' })).toBeEnabled()
  },
}

const staySignedInClock = createManualClock(AUTH_ISSUED_AT)

/** Stay signed in counts as activity and refreshes the session: the warning goes. */
export const StaySignedIn: Story = {
  parameters: { authServices: { clock: staySignedInClock } },
  play: async ({ canvas, userEvent }) => {
    await welcome(canvas)
    staySignedInClock.advance(29 * MINUTE)
    const warning = await canvas.findByRole('alert')
    await expect(warning).toHaveTextContent('Your session ends in 1 minute because of inactivity.')
    await userEvent.click(within(warning).getByRole('button', { name: 'Stay signed in' }))
    await waitFor(() => expect(canvas.queryByText(/because of inactivity/)).not.toBeInTheDocument())
    await expect(canvas.getByText('Welcome back, Ada Lovelace')).toBeVisible()
  },
}

const inactiveClock = createManualClock(AUTH_ISSUED_AT)

/** 30 minutes without activity end the session (logged as SESSION_TIMEOUT). */
export const SignedOutWhenInactive: Story = {
  parameters: { authServices: { clock: inactiveClock } },
  play: async ({ canvas }) => {
    await welcome(canvas)
    inactiveClock.advance(30 * MINUTE)
    await expect(await canvas.findByText('Navigated to /bpm-login')).toBeVisible()
  },
}
