import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, type within } from 'storybook/test'
import { authHandlers } from '@mocks/handlers/auth'
import { AUTH_ISSUED_AT, staffCredentials } from '@mocks/data/auth'
import { createManualClock } from '@/testing/manualClock'
import { withAuthServices } from '@/testing/withAuthServices'
import { initialAuthState } from '../authSlice'
import type { BotSignals } from '../types'
import { LoginScreen } from './LoginScreen'

/** A desktop Chrome: what a member of staff signs in with. */
const person: BotSignals = {
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  hasBrowserFeatures: true,
}

const meta = {
  title: 'Screens/Login',
  component: LoginScreen,
  // Each story's store has a clock of its own (parameters.authServices), from AUTH_ISSUED_AT on.
  decorators: [withAuthServices],
  args: { signals: person },
  parameters: { route: '/bpm-login' },
} satisfies Meta<typeof LoginScreen>

export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>
type User = Parameters<NonNullable<Story['play']>>[0]['userEvent']

const email = (canvas: Canvas) => canvas.getByRole('textbox', { name: 'Email' })
const password = (canvas: Canvas) => canvas.getByLabelText(/^Password/)

async function signIn(canvas: Canvas, userEvent: User, secret = staffCredentials.password) {
  await userEvent.type(email(canvas), staffCredentials.email)
  await userEvent.type(password(canvas), secret)
  await userEvent.click(canvas.getByRole('button', { name: 'Access Dashboard' }))
}

const defaultClock = createManualClock(AUTH_ISSUED_AT)

export const Default: Story = {
  parameters: { authServices: { clock: defaultClock } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(canvas.getByText('Secure Access Portal')).toBeVisible()
    await expect(email(canvas)).toHaveAttribute('type', 'email')
    await expect(email(canvas)).toBeRequired()
    await expect(password(canvas)).toHaveAttribute('type', 'password')
    await expect(password(canvas)).toBeRequired()
    await expect(canvas.getByRole('button', { name: 'Access Dashboard' })).toBeEnabled()
    await expect(canvas.getByText('Secure access only • No public links')).toBeVisible()
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument()
    // PageMeta writes the head from an effect, which may run after the first paint.
    await waitFor(() =>
      expect(document.querySelector('meta[name="robots"]')).toHaveAttribute(
        'content',
        'noindex,nofollow',
      ),
    )
  },
}

const signInClock = createManualClock(AUTH_ISSUED_AT)

/** Success goes to /dashboard. */
export const SignsIn: Story = {
  parameters: { authServices: { clock: signInClock } },
  play: async ({ canvas, userEvent }) => {
    signInClock.advance(1500)
    await signIn(canvas, userEvent)
    await expect(await canvas.findByText('Navigated to /dashboard')).toBeVisible()
  },
}

const busyClock = createManualClock(AUTH_ISSUED_AT)

/** The auth service has not answered yet. */
export const Busy: Story = {
  parameters: {
    authServices: { clock: busyClock },
    msw: { handlers: { auth: authHandlers.slow } },
  },
  play: async ({ canvas, userEvent }) => {
    busyClock.advance(1500)
    await signIn(canvas, userEvent)
    const button = await canvas.findByRole('button', { name: 'Authenticating...' })
    await expect(button).toBeDisabled()
    await expect(email(canvas)).toBeDisabled()
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument()
  },
}

const errorClock = createManualClock(AUTH_ISSUED_AT)

/** The auth service's message, in red above the button; what was typed stays. */
export const Error: Story = {
  parameters: {
    authServices: { clock: errorClock },
    msw: { handlers: { auth: authHandlers.invalidCredentials } },
  },
  play: async ({ canvas, userEvent }) => {
    errorClock.advance(1500)
    await signIn(canvas, userEvent, 'Wrong-pass-1')
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent('Invalid login credentials')
    const button = canvas.getByRole('button', { name: 'Access Dashboard' })
    await expect(alert.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    )
    await expect(getComputedStyle(alert).color).toMatch(/^rgb\((\d+), (\d+), (\d+)\)$/)
    const [red, green, blue] = getComputedStyle(alert).color.match(/\d+/g)!.map(Number)
    await expect(red! > green! && red! > blue!).toBe(true)
    await expect(button).toBeEnabled()
    await expect(email(canvas)).toHaveValue(staffCredentials.email)
  },
}

const lockedClock = createManualClock(AUTH_ISSUED_AT)

/** Three wrong passwords, then the fourth attempt is refused and the form blocked. */
export const Locked: Story = {
  parameters: {
    authServices: { clock: lockedClock },
    msw: { handlers: { auth: authHandlers.invalidCredentials } },
  },
  play: async ({ canvas, userEvent }) => {
    lockedClock.advance(1500)
    await userEvent.type(email(canvas), staffCredentials.email)
    await userEvent.type(password(canvas), 'Wrong-pass-1')
    const button = () => canvas.getByRole('button', { name: 'Access Dashboard' })
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await userEvent.click(button())
      await waitFor(() =>
        expect(canvas.getByRole('alert')).toHaveTextContent('Invalid login credentials'),
      )
      await waitFor(() => expect(button()).toBeEnabled())
    }
    await userEvent.click(button())
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('Access denied'))
    await expect(button()).toBeDisabled()
    await expect(email(canvas)).toBeDisabled()
    await expect(password(canvas)).toBeDisabled()
  },
}

const headless: BotSignals = {
  ...person,
  userAgent: person.userAgent.replace('Chrome/', 'HeadlessChrome/'),
}

const botClock = createManualClock(AUTH_ISSUED_AT)

/** A headless browser's user agent: no form, only 'Access Denied'. */
export const BotBlocked: Story = {
  args: { signals: headless },
  parameters: { authServices: { clock: botClock } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Access Denied')
    await expect(canvas.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument()
    await expect(canvas.queryByRole('button', { name: 'Access Dashboard' })).not.toBeInTheDocument()
    await expect(canvas.getByText('Secure access only • No public links')).toBeVisible()
    botClock.advance(999)
    await expect(canvas.queryByText(/Navigated to/)).not.toBeInTheDocument()
  },
}

const redirectClock = createManualClock(AUTH_ISSUED_AT)

/** A blocked bot is sent to /404 one second after it was caught. */
export const BotRedirected: Story = {
  args: { signals: headless },
  parameters: { authServices: { clock: redirectClock } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Access Denied')
    redirectClock.advance(999)
    await expect(canvas.queryByText(/Navigated to/)).not.toBeInTheDocument()
    redirectClock.advance(1)
    await expect(await canvas.findByText('Navigated to /404')).toBeVisible()
  },
}

/** A browser without storage or event listeners is no browser a person uses. */
export const BotBlockedMissingFeatures: Story = {
  args: { signals: { ...person, hasBrowserFeatures: false } },
  parameters: { authServices: { clock: createManualClock(AUTH_ISSUED_AT) } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Access Denied')
    await expect(canvas.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument()
  },
}

const earlyClock = createManualClock(AUTH_ISSUED_AT)

/** A click within 1 second of the page loading is a script's, not a person's. */
export const BotBlockedEarlyClick: Story = {
  parameters: { authServices: { clock: earlyClock } },
  play: async ({ canvas, userEvent }) => {
    earlyClock.advance(999)
    await userEvent.click(email(canvas))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Access Denied')
    await expect(canvas.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument()
  },
}

/** After 30 minutes without activity the dashboard sends staff here, saying why. */
export const SignedOutForInactivity: Story = {
  parameters: {
    authServices: { clock: createManualClock(AUTH_ISSUED_AT) },
    store: { auth: { ...initialAuthState, status: 'anonymous', signedOutBy: 'timeout' } },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        'You were signed out after 30 minutes without activity. Sign in again to continue.',
      ),
    ).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Access Dashboard' })).toBeEnabled()
  },
}
