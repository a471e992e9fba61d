import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, within } from 'storybook/test'
import { OAuthStatus } from './OAuthStatus'

// The OAuth panel's states, each as a person meets it under the panel's settings.
const meta = {
  title: 'Tester/OAuth status',
  component: OAuthStatus,
  parameters: { layout: 'padded' },
  args: { onCancel: fn(), onPaste: fn(), onRefresh: fn() },
} satisfies Meta<typeof OAuthStatus>

export default meta
type Story = StoryObj<typeof meta>

// Fixed instants, so a story draws the same dates every run.
const FUTURE = Date.UTC(2099, 0, 1, 12)
const PAST = Date.UTC(2020, 0, 1, 12)
const token = (expiresAt: number, refreshToken: string | null = 'rt-0123') => ({
  accessToken: 'at-9f8e7d6c5b4a',
  refreshToken,
  tokenType: 'Bearer',
  expiresAt,
  scopes: ['mail.read', 'mail.send'],
})

/** The authorization page is open in another window; a code can also be pasted by hand. */
export const Waiting: Story = {
  args: { view: { kind: 'waiting', url: 'https://login.example.com/authorize?client_id=app' } },
  play: async ({ canvas, args, userEvent }) => {
    const status = canvas.getByRole('status', { name: 'Waiting for the sign-in' })
    await expect(status).toHaveTextContent('Finish signing in in the window that opened')
    await expect(canvas.getByRole('link', { name: 'Open the sign-in page again' })).toHaveAttribute(
      'href',
      'https://login.example.com/authorize?client_id=app',
    )
    const use = canvas.getByRole('button', { name: 'Use this code' })
    await expect(use).toBeDisabled()
    await userEvent.type(canvas.getByRole('textbox', { name: 'Code or address to paste' }), 'abc')
    await userEvent.click(use)
    await expect(args.onPaste).toHaveBeenCalledWith('abc')
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel the sign-in' }))
    await expect(args.onCancel).toHaveBeenCalled()
  },
}

/** A device code: the user code and where to enter it, while the tester polls. */
export const DeviceCode: Story = {
  args: {
    view: {
      kind: 'device',
      interval: 10,
      device: {
        deviceCode: 'dc',
        userCode: 'WDJB-MJHT',
        verificationUri: 'https://login.example.com/device',
        verificationUriComplete: null,
        expiresAt: FUTURE,
        interval: 5,
      },
    },
  },
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status', { name: 'Waiting for the device approval' })
    await expect(within(status).getByLabelText('User code')).toHaveTextContent('WDJB-MJHT')
    await expect(
      canvas.getByRole('link', { name: 'https://login.example.com/device' }),
    ).toBeVisible()
    // Slowed down once: 5 s became 10 s.
    await expect(status).toHaveTextContent('every 10 s')
  },
}

/** A token granted: kept as a secret variable, with its expiry, scopes and a refresh. */
export const Granted: Story = {
  args: { view: { kind: 'granted', token: token(FUTURE), variable: 'login_access_token' } },
  play: async ({ canvas, args, userEvent }) => {
    const alert = canvas.getByRole('alert', { name: 'Token granted' })
    await expect(alert).toHaveTextContent('at-9••••••')
    await expect(alert).not.toHaveTextContent('at-9f8e7d6c5b4a')
    await expect(alert).toHaveTextContent('{{login_access_token}}')
    await expect(alert).toHaveTextContent('mail.read mail.send')
    await expect(alert).toHaveTextContent('2099')
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh the token' }))
    await expect(args.onRefresh).toHaveBeenCalled()
  },
}

/** The provider refused: its error and error_description, with what to do about a redirect. */
export const Denied: Story = {
  args: {
    view: {
      kind: 'denied',
      error: 'invalid_request',
      description: 'redirect_uri is not registered for this client',
      hint: 'Some providers send the browser back only to addresses registered for the client (often http://localhost).',
    },
  },
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert', { name: 'Token refused' })
    await expect(alert).toHaveTextContent('Refused: invalid_request')
    await expect(alert).toHaveTextContent('redirect_uri is not registered for this client')
    await expect(alert).toHaveTextContent('often http://localhost')
  },
}

/** The token's time is up: a refresh is offered. */
export const Expired: Story = {
  args: { view: { kind: 'expired', token: token(PAST), variable: 'login_access_token' } },
  play: async ({ canvas, args, userEvent }) => {
    const alert = canvas.getByRole('alert', { name: 'Token expired' })
    await expect(alert).toHaveTextContent('2020')
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh the token' }))
    await expect(args.onRefresh).toHaveBeenCalled()
  },
}

/** Expired without a refresh token: the way on is a new token. */
export const ExpiredWithoutRefresh: Story = {
  args: { view: { kind: 'expired', token: token(PAST, null), variable: 'login_access_token' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert', { name: 'Token expired' })).toHaveTextContent(
      'There is no refresh token',
    )
    await expect(canvas.queryByRole('button', { name: 'Refresh the token' })).toBeNull()
  },
}

export const WaitingDark: Story = { ...Waiting, globals: { theme: 'dark' } }
export const DeviceCodeDark: Story = { ...DeviceCode, globals: { theme: 'dark' } }
export const GrantedDark: Story = { ...Granted, globals: { theme: 'dark' } }
export const DeniedDark: Story = { ...Denied, globals: { theme: 'dark' } }
export const ExpiredDark: Story = { ...Expired, globals: { theme: 'dark' } }
