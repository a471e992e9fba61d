// The tester's OAuth 2 token exchange: the browser says which grant and where, our server makes the
// form-encoded POST through the tester's address guard and hands back what the provider said.
import { z } from 'zod'
import { testUrl } from './tester'

export * from './testerOAuthConstants'

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
export const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/

/** The device code grant's name (RFC 8628 §3.4). */
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code'

const field = (name: string, max: number) =>
  z
    .string({ message: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} is longer than ${max} characters`)

const client = {
  clientId: field('clientId', 512),
  /** Absent for a public client (a browser app using PKCE, a device). */
  clientSecret: z.string().max(2048, 'clientSecret is longer than 2048 characters').optional(),
  /**
   * `basic`: HTTP Basic with client id and secret (RFC 6749 §2.3.1, recommended); `body`: the two
   * as form fields, which some providers require.
   */
  clientAuth: z
    .enum(['basic', 'body'], { message: 'clientAuth must be basic or body' })
    .default('body'),
  /** Space-separated scopes, as typed. */
  scope: z.string().max(4096, 'scope is longer than 4096 characters').optional(),
}

export const oauthTokenRequestSchema = z.discriminatedUnion(
  'grant',
  [
    z.object({
      grant: z.literal('authorization_code'),
      tokenUrl: testUrl,
      ...client,
      code: field('code', 4096),
      codeVerifier: z
        .string({ message: 'codeVerifier is required' })
        .regex(CODE_VERIFIER, 'codeVerifier must be 43 to 128 letters, digits or -._~'),
      redirectUri: z.url({ message: 'redirectUri must be an absolute URL' }).max(2048),
    }),
    z.object({ grant: z.literal('client_credentials'), tokenUrl: testUrl, ...client }),
    z.object({
      grant: z.literal('refresh_token'),
      tokenUrl: testUrl,
      ...client,
      refreshToken: field('refreshToken', 8192),
    }),
    z.object({
      grant: z.literal('device_code'),
      tokenUrl: testUrl,
      ...client,
      deviceCode: field('deviceCode', 4096),
    }),
  ],
  {
    message:
      'grant must be one of authorization_code, client_credentials, refresh_token, device_code',
  },
)
export type OAuthTokenRequest = z.input<typeof oauthTokenRequestSchema>
export type ParsedOAuthTokenRequest = z.output<typeof oauthTokenRequestSchema>

/** A device authorization request (RFC 8628 §3.1). */
export const oauthDeviceRequestSchema = z.object({
  deviceAuthorizationUrl: testUrl,
  ...client,
})
export type OAuthDeviceRequest = z.input<typeof oauthDeviceRequestSchema>
export type ParsedOAuthDeviceRequest = z.output<typeof oauthDeviceRequestSchema>

/**
 * What the provider answered: its status and the top-level fields of its JSON (or form-encoded)
 * body, strings, numbers and booleans only. A provider's refusal (400 invalid_grant,
 * authorization_pending) is an answer, not our error: it comes here with its status.
 */
export const oauthAnswerSchema = z.object({
  status: z.number().int(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** Said when the body was not JSON or form fields, so the fields are empty. */
  note: z.string().optional(),
})
export type OAuthAnswer = z.infer<typeof oauthAnswerSchema>

export const oauthResponseSchema = z.object({
  success: z.literal(true),
  data: oauthAnswerSchema,
})
export type OAuthResponse = z.infer<typeof oauthResponseSchema>
