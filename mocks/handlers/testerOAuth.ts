import { http, HttpResponse } from 'msw'
import type { OAuthResponse, OAuthTokenRequest } from '@/contract/testerOAuth'

const tokenUrl = '*/api/tester/oauth/token'
const deviceUrl = '*/api/tester/oauth/device'

const ok = (status: number, fields: OAuthResponse['data']['fields']) =>
  HttpResponse.json({ success: true, data: { status, fields } } satisfies OAuthResponse)

/** The tester's token exchange (server/routes/testerOAuth.ts), as a provider would answer it. */
export const testerOAuthHandlers = {
  /** Tokens for any grant; a device is approved at its first poll. */
  default: [
    http.post(tokenUrl, async ({ request }) => {
      const sent = (await request.json()) as OAuthTokenRequest
      return ok(200, {
        access_token: `at-${sent.grant}-0123456789`,
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: 'rt-0123456789',
        scope: sent.scope || 'reports.read',
      })
    }),
    http.post(deviceUrl, () =>
      ok(200, {
        device_code: 'dc-1',
        user_code: 'WDJB-MJHT',
        verification_uri: 'https://login.example.com/device',
        expires_in: 900,
        interval: 5,
      }),
    ),
  ],
  /** The provider refuses the client. */
  refused: [
    http.post(tokenUrl, () =>
      ok(401, { error: 'invalid_client', error_description: 'Client authentication failed' }),
    ),
  ],
  /** Our server would not send it: the token endpoint is inside a private network. */
  blocked: [
    http.post(tokenUrl, () =>
      HttpResponse.json(
        {
          success: false,
          error:
            'Requests to private or local network addresses are not allowed (private address) (the token endpoint)',
          code: 'blocked_address',
        },
        { status: 400 },
      ),
    ),
  ],
}
