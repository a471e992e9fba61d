// The tester's OAuth 2 token requests, made by our server: the browser cannot POST to most token
// endpoints itself (no CORS), and a confidential client's secret should not need a proxy of the
// visitor's own. Every request goes through the tester's client, so the address guard, allowed
// ports and exceptions (TESTER_ALLOWED_HOSTS) are exactly those of any test request.
import type { FastifyPluginAsync, FastifyRequest, RawServerDefault } from 'fastify'
import { apiErrorSchema } from '../../src/contract/common'
import type { ParsedTestRequest, TestResponseData } from '../../src/contract/tester'
import {
  DEVICE_CODE_GRANT,
  oauthDeviceRequestSchema,
  oauthResponseSchema,
  oauthTokenRequestSchema,
  type OAuthAnswer,
  type ParsedOAuthTokenRequest,
} from '../../src/contract/testerOAuth'
import { maskUrl } from '../../src/shared/testerMask'
import type { Gate } from '../admission'
import { HttpError } from '../errors'
import { sendTestRequest, VIA_MARKER, type TesterClientOptions } from '../tester/client'
import { SELF_REFUSAL_MESSAGE, TesterRefusal } from '../tester/guard'
import type { ZodTypeProvider } from '../zodTypes'

export type TesterOAuthOptions = {
  client: TesterClientOptions
  /** The tester's process-wide gate: a token request holds a socket like any test request. */
  sending: Gate
  /** Token and device requests per address and window. */
  rateLimit: { max: number; timeWindowMs: number }
}

/** A token answer is a few hundred bytes; anything past this is not one. */
export const OAUTH_MAX_ANSWER_BYTES = 64 * 1024

/** Default: a device flow polls every 5 s (12 a minute), with room for a refresh and a retry. */
export const OAUTH_RATE_LIMIT = { max: 30, timeWindowMs: 60_000 }

type Client = { clientId: string; clientSecret?: string; clientAuth: 'basic' | 'body' }

/** RFC 6749 §2.3.1: each part form-encoded before joining, then base64. */
const basicCredentials = (id: string, secret: string) =>
  Buffer.from(
    `${new URLSearchParams({ a: id }).toString().slice(2)}:${new URLSearchParams({ a: secret }).toString().slice(2)}`,
  ).toString('base64')

/** The form and headers of a token request, with the client authenticated as asked. */
export const tokenRequestOf = (
  form: URLSearchParams,
  client: Client,
): { headers: Record<string, string>; body: string } => {
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    // GitHub answers form fields unless asked for JSON.
    Accept: 'application/json',
  }
  const secret = client.clientSecret ?? ''
  if (client.clientAuth === 'basic' && secret !== '') {
    headers.Authorization = `Basic ${basicCredentials(client.clientId, secret)}`
  } else {
    form.set('client_id', client.clientId)
    if (secret !== '') form.set('client_secret', secret)
  }
  return { headers, body: form.toString() }
}

/** The grant's own fields (RFC 6749 §4.1.3, §4.4.2, §6; RFC 8628 §3.4). */
export const tokenFormOf = (request: ParsedOAuthTokenRequest) => {
  const form = new URLSearchParams()
  switch (request.grant) {
    case 'authorization_code':
      form.set('grant_type', 'authorization_code')
      form.set('code', request.code)
      form.set('redirect_uri', request.redirectUri)
      form.set('code_verifier', request.codeVerifier)
      break
    case 'client_credentials':
      form.set('grant_type', 'client_credentials')
      break
    case 'refresh_token':
      form.set('grant_type', 'refresh_token')
      form.set('refresh_token', request.refreshToken)
      break
    case 'device_code':
      form.set('grant_type', DEVICE_CODE_GRANT)
      form.set('device_code', request.deviceCode)
      break
  }
  const scope = request.scope?.trim()
  // A code grant's scope was fixed at the authorization request.
  if (scope && request.grant !== 'authorization_code') form.set('scope', scope)
  return form
}

const FIELD_LIMIT = 50
const FIELD_LENGTH = 16 * 1024

/** The answer's top-level fields: strings, numbers, booleans; a list of scopes joined by spaces. */
const fieldsOf = (data: TestResponseData): Pick<OAuthAnswer, 'fields' | 'note'> => {
  let source: Record<string, unknown> | undefined
  if (data.bodyEncoding === 'json' && data.data && typeof data.data === 'object') {
    source = Array.isArray(data.data) ? undefined : (data.data as Record<string, unknown>)
  } else if (
    typeof data.data === 'string' &&
    /application\/x-www-form-urlencoded/i.test(data.contentType ?? '')
  ) {
    source = Object.fromEntries(new URLSearchParams(data.data))
  }
  if (!source) {
    return {
      fields: {},
      note:
        data.data === null
          ? 'The token endpoint answered with no body'
          : `The token endpoint answered ${data.contentType ?? 'without a content type'}, not JSON`,
    }
  }
  const fields: OAuthAnswer['fields'] = {}
  for (const [name, value] of Object.entries(source).slice(0, FIELD_LIMIT)) {
    if (typeof value === 'string') fields[name] = value.slice(0, FIELD_LENGTH)
    else if (typeof value === 'number' || typeof value === 'boolean') fields[name] = value
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
      fields[name] = value.join(' ').slice(0, FIELD_LENGTH)
  }
  return { fields }
}

export const testerOAuthRoutes: FastifyPluginAsync<
  TesterOAuthOptions,
  RawServerDefault,
  ZodTypeProvider
> = async (app, options) => {
  const { client, sending, rateLimit } = options
  const clientOptions: TesterClientOptions = { ...client, maxResponseBytes: OAUTH_MAX_ANSWER_BYTES }
  const routeConfig = { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs } }
  const responses = {
    200: oauthResponseSchema,
    400: apiErrorSchema,
    429: apiErrorSchema,
    502: apiErrorSchema,
  }

  /** Posts the form through the guard and reads the provider's answer. */
  const post = async (
    request: FastifyRequest,
    what: string,
    url: string,
    form: URLSearchParams,
    who: Client,
  ): Promise<OAuthAnswer> => {
    const via = request.headers.via
    if ((Array.isArray(via) ? via.join(',') : (via ?? '')).includes(VIA_MARKER)) {
      throw new HttpError(400, SELF_REFUSAL_MESSAGE, 'blocked_self')
    }
    const { headers, body } = tokenRequestOf(form, who)
    const outgoing: ParsedTestRequest = {
      method: 'POST',
      url,
      headers,
      body,
      // A token request carries a code or a secret: it goes to the address typed and no other.
      followRedirects: false,
    }
    let data: TestResponseData
    try {
      data = await sending.run(() => sendTestRequest(outgoing, clientOptions))
    } catch (error) {
      if (error instanceof TesterRefusal) {
        request.log.warn({ url: maskUrl(url), reason: error.message }, `Tester refused ${what}`)
        throw new HttpError(400, `${error.message} (the ${what})`, error.reason)
      }
      throw error
    }
    if (data.status === 'Error') {
      throw new HttpError(502, `Could not reach the ${what}: ${data.error ?? 'the request failed'}`)
    }
    if (data.status >= 300 && data.status < 400) {
      const location = data.headers.location
      throw new HttpError(
        400,
        `The ${what} answered ${data.status} with a redirect${location ? ` to ${maskUrl(String(location))}` : ''}; token requests are not redirected, so enter the address it names`,
      )
    }
    if (data.truncated) {
      throw new HttpError(
        502,
        `The ${what} answered more than ${OAUTH_MAX_ANSWER_BYTES / 1024} KB, which is no token answer`,
      )
    }
    return { status: data.status, ...fieldsOf(data) }
  }

  app.post(
    '/tester/oauth/token',
    { config: routeConfig, schema: { body: oauthTokenRequestSchema, response: responses } },
    async (request, reply) => {
      const body = request.body
      const data = await post(request, 'token endpoint', body.tokenUrl, tokenFormOf(body), body)
      reply.header('cache-control', 'no-store')
      return { success: true as const, data }
    },
  )

  app.post(
    '/tester/oauth/device',
    { config: routeConfig, schema: { body: oauthDeviceRequestSchema, response: responses } },
    async (request, reply) => {
      const body = request.body
      const form = new URLSearchParams()
      const scope = body.scope?.trim()
      if (scope) form.set('scope', scope)
      const data = await post(
        request,
        'device authorization endpoint',
        body.deviceAuthorizationUrl,
        form,
        body,
      )
      reply.header('cache-control', 'no-store')
      return { success: true as const, data }
    },
  )
}
