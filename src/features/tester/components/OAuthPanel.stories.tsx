import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor } from 'storybook/test'
import type { SecurityScheme } from '@/contract/operations'
import { testerOAuthHandlers } from '@mocks/handlers/testerOAuth'
import { OAuthPanel } from './OAuthPanel'

const scheme: SecurityScheme = {
  key: 'reports',
  kind: 'oauth2',
  scopes: ['reports.read'],
  description: '',
  flows: {
    authorizationCode: {
      authorizationUrl: 'https://login.example.com/authorize',
      tokenUrl: 'https://login.example.com/token',
      scopes: ['reports.read', 'reports.write'],
    },
    clientCredentials: { tokenUrl: 'https://login.example.com/token', scopes: ['reports.read'] },
    deviceAuthorization: {
      deviceAuthorizationUrl: 'https://login.example.com/device/code',
      tokenUrl: 'https://login.example.com/token',
      scopes: [],
    },
  },
}

// The Auth tab's OAuth 2 panel, filled from the document's flows, with the token exchange mocked.
const meta = {
  title: 'Tester/OAuth panel',
  component: OAuthPanel,
  parameters: { layout: 'padded' },
  args: { schemeKey: 'reports', schemes: [scheme], onGranted: fn() },
} satisfies Meta<typeof OAuthPanel>

export default meta
type Story = StoryObj<typeof meta>

/** The document's endpoints and the operation's scopes, filled in; the redirect to register. */
export const FromTheDocument: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Grant type' })).toHaveValue(
      'authorizationCode',
    )
    await expect(canvas.getByRole('textbox', { name: 'Authorization URL' })).toHaveValue(
      'https://login.example.com/authorize',
    )
    await expect(canvas.getByRole('textbox', { name: 'Token URL' })).toHaveValue(
      'https://login.example.com/token',
    )
    await expect(canvas.getByRole('textbox', { name: 'Scopes' })).toHaveValue('reports.read')
    await expect(canvas.getByText(/Offered: reports.read reports.write/)).toBeVisible()
    await expect(canvas.getByText(/Redirect URI to register/)).toHaveTextContent('/oauth/callback')
    // No client yet: nothing to start.
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeDisabled()
  },
}

/** Client credentials: the token arrives and is kept as a secret variable. */
export const ClientCredentialsGranted: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Grant type' }),
      'clientCredentials',
    )
    await userEvent.type(canvas.getByRole('textbox', { name: 'Client ID' }), 'reporting-job')
    await userEvent.type(canvas.getByLabelText('Client secret'), 's3cret')
    await userEvent.click(canvas.getByRole('button', { name: 'Get token' }))
    const granted = await canvas.findByRole('alert', { name: 'Token granted' })
    await expect(granted).toHaveTextContent('{{reports_access_token}}')
    await expect(granted).toHaveTextContent('reports.read')
    await expect(granted).not.toHaveTextContent('at-client_credentials-0123456789')
    await waitFor(() => expect(args.onGranted).toHaveBeenCalled())
  },
}

/** The provider refuses the client: its error and description are shown. */
export const ClientCredentialsDenied: Story = {
  parameters: { msw: { handlers: { testerOAuth: testerOAuthHandlers.refused } } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Grant type' }),
      'clientCredentials',
    )
    await userEvent.type(canvas.getByRole('textbox', { name: 'Client ID' }), 'reporting-job')
    await userEvent.click(canvas.getByRole('button', { name: 'Get token' }))
    const refused = await canvas.findByRole('alert', { name: 'Token refused' })
    await expect(refused).toHaveTextContent('Refused: invalid_client')
    await expect(refused).toHaveTextContent('Client authentication failed')
  },
}

/** Our server would not reach the token endpoint: its reason, as any blocked request says. */
export const TokenEndpointBlocked: Story = {
  parameters: { msw: { handlers: { testerOAuth: testerOAuthHandlers.blocked } } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Grant type' }),
      'clientCredentials',
    )
    await userEvent.type(canvas.getByRole('textbox', { name: 'Client ID' }), 'x')
    await userEvent.click(canvas.getByRole('button', { name: 'Get token' }))
    const refused = await canvas.findByRole('alert', { name: 'Token refused' })
    await expect(refused).toHaveTextContent('Refused: Not sent')
    await expect(refused).toHaveTextContent('private or local network addresses')
  },
}

/** A device code: the user code to enter and where, while the tester waits. */
export const DeviceCodeStarted: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Grant type' }),
      'deviceCode',
    )
    await expect(canvas.getByRole('textbox', { name: 'Device authorization URL' })).toHaveValue(
      'https://login.example.com/device/code',
    )
    await userEvent.type(canvas.getByRole('textbox', { name: 'Client ID' }), 'tv-app')
    await userEvent.click(canvas.getByRole('button', { name: 'Start device sign-in' }))
    const status = await canvas.findByRole('status', { name: 'Waiting for the device approval' })
    await expect(status).toHaveTextContent('WDJB-MJHT')
    await expect(status).toHaveTextContent('every 5 s')
  },
}

export const ClientCredentialsGrantedDark: Story = {
  ...ClientCredentialsGranted,
  globals: { theme: 'dark' },
}
