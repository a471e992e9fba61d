// OAuth 2 in the tester, without the network: PKCE and state, the authorization address, the
// callback's answer, what a token endpoint's answer means, and the environment variables a token
// is kept in. Loaded with the OAuth panel, never with the tester.
import type { OAuthFlows, SecurityScheme } from '@/contract/operations'
import type { OAuthAnswer, OAuthTokenRequest } from '@/contract/testerOAuth'
import { OAUTH_CHANNEL } from '@/contract/testerOAuthConstants'
import type { Environment, Variable } from './workbenchTypes'

export { OAUTH_CALLBACK_PATH, OAUTH_CHANNEL } from '@/contract/testerOAuthConstants'

export type OAuthGrant = 'authorizationCode' | 'clientCredentials' | 'deviceCode'

/** What the person fills in (or the document fills for them), per scheme. */
export type OAuthSettings = {
  grant: OAuthGrant
  authorizationUrl: string
  tokenUrl: string
  deviceAuthorizationUrl: string
  /** Where a refresh goes: the flow's refreshUrl, else its token URL. */
  refreshUrl: string
  clientId: string
  clientSecret: string
  clientAuth: 'basic' | 'body'
  scope: string
}

export type OAuthToken = {
  accessToken: string
  refreshToken: string | null
  tokenType: string
  /** Epoch milliseconds, or null when the provider gave no lifetime. */
  expiresAt: number | null
  scopes: string[]
}

export type TokenOutcome =
  | { kind: 'granted'; token: OAuthToken }
  | { kind: 'pending' }
  | { kind: 'slowDown' }
  | { kind: 'denied'; error: string; description: string }

export type DeviceStart = {
  deviceCode: string
  userCode: string
  verificationUri: string
  verificationUriComplete: string | null
  /** Epoch milliseconds after which the device code is dead. */
  expiresAt: number
  /** Seconds between polls (RFC 8628 §3.2: 5 when not given). */
  interval: number
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

/** RFC 7636: 32 random bytes as a 43-character verifier, and its S256 challenge. */
export async function createPkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)))
  return { verifier, challenge: await challengeOf(verifier) }
}

/** BASE64URL(SHA-256(verifier)), no padding. */
export async function challengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return base64url(new Uint8Array(digest))
}

/** An unguessable `state` binding the callback to the request that started it (§10.12). */
export const createState = () => base64url(crypto.getRandomValues(new Uint8Array(16)))

/** The provider's authorization address for a code with PKCE. Throws on an invalid base URL. */
export function authorizationRequestUrl(
  settings: Pick<OAuthSettings, 'authorizationUrl' | 'clientId' | 'scope'>,
  redirectUri: string,
  state: string,
  challenge: string,
): string {
  const url = new URL(settings.authorizationUrl)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', settings.clientId)
  url.searchParams.set('redirect_uri', redirectUri)
  if (settings.scope.trim()) url.searchParams.set('scope', settings.scope.trim())
  url.searchParams.set('state', state)
  url.searchParams.set('code_challenge', challenge)
  url.searchParams.set('code_challenge_method', 'S256')
  return url.href
}

export type CallbackAnswer = {
  code: string
  state: string
  error: string
  errorDescription: string
}

/**
 * What was pasted by hand: the whole address the provider sent the browser to, its query alone,
 * or the bare code. A bare code carries no state; the tester then trusts the flow it started.
 */
export function readPastedCallback(text: string): CallbackAnswer | null {
  const trimmed = text.trim()
  if (!trimmed) return null
  let query: string | null = null
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      const url = new URL(trimmed)
      query = url.search || url.hash.replace(/^#/, '?')
    } catch {
      return null
    }
  } else if (/^[?#]?[^=\s]+=/.test(trimmed) && /(^|[?#&])(code|error)=/.test(trimmed)) {
    query = trimmed.replace(/^[#]/, '?')
  }
  if (query === null) return { code: trimmed, state: '', error: '', errorDescription: '' }
  const params = new URLSearchParams(query)
  const answer = {
    code: params.get('code') ?? '',
    state: params.get('state') ?? '',
    error: params.get('error') ?? '',
    errorDescription: params.get('error_description') ?? '',
  }
  return answer.code || answer.error ? answer : null
}

/** The callback page's message, if `data` is one. */
export function callbackMessage(data: unknown): CallbackAnswer | null {
  if (!data || typeof data !== 'object') return null
  const message = data as Record<string, unknown>
  if (message.type !== OAUTH_CHANNEL) return null
  const text = (key: string) => (typeof message[key] === 'string' ? message[key] : '')
  return {
    code: text('code'),
    state: text('state'),
    error: text('error'),
    errorDescription: text('errorDescription'),
  }
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''

/** What a token endpoint's answer means (RFC 6749 §5.1, §5.2; RFC 8628 §3.5). */
export function readTokenAnswer(
  answer: OAuthAnswer,
  now: number,
  asked: { scope: string; refreshToken?: string | null },
): TokenOutcome {
  const { fields } = answer
  const accessToken = text(fields.access_token)
  if (answer.status >= 200 && answer.status < 300 && accessToken) {
    const expiresIn = Number(fields.expires_in)
    const scope = text(fields.scope) || asked.scope
    return {
      kind: 'granted',
      token: {
        accessToken,
        // §6: a new refresh token replaces the old; without one, the old stays good.
        refreshToken: text(fields.refresh_token) || asked.refreshToken || null,
        tokenType: text(fields.token_type) || 'Bearer',
        expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? now + expiresIn * 1000 : null,
        scopes: scope.split(/[\s,]+/).filter(Boolean),
      },
    }
  }
  const error = text(fields.error)
  if (error === 'authorization_pending') return { kind: 'pending' }
  if (error === 'slow_down') return { kind: 'slowDown' }
  if (error) return { kind: 'denied', error, description: text(fields.error_description) }
  return {
    kind: 'denied',
    error: `HTTP ${answer.status}`,
    description:
      answer.note ??
      (answer.status < 300
        ? 'The token endpoint answered without an access_token'
        : 'The token endpoint refused without an OAuth error'),
  }
}

/** A device authorization answer (RFC 8628 §3.2), or the refusal it holds. */
export function readDeviceAnswer(
  answer: OAuthAnswer,
  now: number,
): { kind: 'started'; device: DeviceStart } | Extract<TokenOutcome, { kind: 'denied' }> {
  const { fields } = answer
  const deviceCode = text(fields.device_code)
  const userCode = text(fields.user_code)
  // Google says verification_url.
  const verificationUri = text(fields.verification_uri) || text(fields.verification_url)
  if (answer.status < 300 && deviceCode && userCode && verificationUri) {
    const expiresIn = Number(fields.expires_in)
    const interval = Number(fields.interval)
    return {
      kind: 'started',
      device: {
        deviceCode,
        userCode,
        verificationUri,
        verificationUriComplete: text(fields.verification_uri_complete) || null,
        expiresAt: now + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 600) * 1000,
        interval: Number.isFinite(interval) && interval > 0 ? interval : 5,
      },
    }
  }
  return {
    kind: 'denied',
    error: text(fields.error) || `HTTP ${answer.status}`,
    description:
      text(fields.error_description) ||
      answer.note ||
      'The device authorization endpoint gave no device code, user code and verification address',
  }
}

/** RFC 8628 §3.5: each slow_down adds 5 s to the interval. */
export const slowedInterval = (interval: number) => interval + 5

/** A page address the provider may send the browser to: only http(s), never script. */
export const safeLink = (value: string) => /^https?:\/\//i.test(value)

/** The variables a scheme's token is kept in: `{key}_access_token` and the like. */
export function variableNames(schemeKey: string) {
  const base = schemeKey.replace(/[^A-Za-z0-9_]/g, '_').replace(/^_+|_+$/g, '') || 'oauth2'
  return {
    accessToken: `${base}_access_token`,
    refreshToken: `${base}_refresh_token`,
    expiresAt: `${base}_expires_at`,
    scope: `${base}_scope`,
    refreshUrl: `${base}_refresh_url`,
    clientId: `${base}_client_id`,
    clientSecret: `${base}_client_secret`,
    clientAuth: `${base}_client_auth`,
  }
}

/** What refreshing a token takes besides the token: where it goes, and as which client. */
export type RefreshClient = Pick<OAuthSettings, 'clientId' | 'clientSecret' | 'clientAuth'> & {
  /** The flow's refresh URL, else its token URL. */
  refreshUrl: string
}

/** The client a panel's settings name for refreshing, or null when they do not name one yet. */
export function refreshClientOf(settings: OAuthSettings): RefreshClient | null {
  const refreshUrl = (settings.refreshUrl || settings.tokenUrl).trim()
  if (!refreshUrl || !settings.clientId.trim()) return null
  return {
    refreshUrl,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    clientAuth: settings.clientAuth,
  }
}

/** The header a token goes in: a variable, so the token itself never enters the request. */
export const authorizationValue = (schemeKey: string) =>
  `Bearer {{${variableNames(schemeKey).accessToken}}}`

/**
 * `variables` with the token's: the tokens secret (masked, out of history, share links and
 * exports), the expiry and scopes plain. A missing refresh token removes an old one. With the
 * client it came to, kept beside it (its secret secret too), so a refresh after a reload, or in a
 * collection run, knows where to go and as whom.
 */
export function withTokenVariables(
  variables: Variable[],
  schemeKey: string,
  token: OAuthToken,
  client: RefreshClient | null,
): Variable[] {
  const names = variableNames(schemeKey)
  const next: Variable[] = [
    { name: names.accessToken, value: token.accessToken, secret: true },
    ...(token.refreshToken
      ? [{ name: names.refreshToken, value: token.refreshToken, secret: true }]
      : []),
    {
      name: names.expiresAt,
      value: token.expiresAt === null ? '' : new Date(token.expiresAt).toISOString(),
      secret: false,
    },
    { name: names.scope, value: token.scopes.join(' '), secret: false },
    ...(token.refreshToken && client
      ? [
          { name: names.refreshUrl, value: client.refreshUrl, secret: false },
          { name: names.clientId, value: client.clientId, secret: false },
          { name: names.clientAuth, value: client.clientAuth, secret: false },
          ...(client.clientSecret
            ? [{ name: names.clientSecret, value: client.clientSecret, secret: true }]
            : []),
        ]
      : []),
  ]
  // Without a client named, the one kept from before stays: it is still where the token came from.
  const ours = new Set([
    names.accessToken,
    names.refreshToken,
    names.expiresAt,
    names.scope,
    ...(client ? [names.refreshUrl, names.clientId, names.clientAuth, names.clientSecret] : []),
  ])
  const kept = variables.filter((v) => !ours.has(v.name))
  return [...kept, ...next]
}

/** A scheme's variables in an environment, each by its part's name ('' when it holds none). */
function schemeValues(environment: Environment, schemeKey: string) {
  const names = variableNames(schemeKey)
  const named = (name: string) => environment.variables.find((v) => v.name === name)?.value ?? ''
  return (part: keyof typeof names) => named(names[part])
}

/** The token an environment holds for a scheme, if any. */
export function tokenFromEnvironment(
  environment: Environment | null,
  schemeKey: string,
): OAuthToken | null {
  if (!environment) return null
  const value = schemeValues(environment, schemeKey)
  const accessToken = value('accessToken')
  if (!accessToken) return null
  const expires = Date.parse(value('expiresAt'))
  return {
    accessToken,
    refreshToken: value('refreshToken') || null,
    tokenType: 'Bearer',
    expiresAt: Number.isFinite(expires) ? expires : null,
    scopes: value('scope').split(/\s+/).filter(Boolean),
  }
}

/** The client an environment keeps beside a scheme's token, if it keeps one. */
export function refreshClientFromEnvironment(
  environment: Environment | null,
  schemeKey: string,
): RefreshClient | null {
  if (!environment) return null
  const value = schemeValues(environment, schemeKey)
  const refreshUrl = value('refreshUrl').trim()
  const clientId = value('clientId')
  if (!refreshUrl || !clientId.trim()) return null
  return {
    refreshUrl,
    clientId,
    clientSecret: value('clientSecret'),
    clientAuth: value('clientAuth') === 'body' ? 'body' : 'basic',
  }
}

/**
 * The refresh request (RFC 6749 §6) for a token, as its client, to its refresh URL; a blank scope
 * asks for the one first granted.
 */
export const refreshRequest = (
  client: RefreshClient,
  refreshToken: string,
  scope = '',
): OAuthTokenRequest => ({
  grant: 'refresh_token',
  tokenUrl: client.refreshUrl,
  clientId: client.clientId,
  clientSecret: client.clientSecret || undefined,
  clientAuth: client.clientAuth,
  scope,
  refreshToken,
})

export const isExpired = (token: OAuthToken, now: number) =>
  token.expiresAt !== null && token.expiresAt <= now

/** The OAuth 2 schemes among an operation's security alternatives, each once. */
export function oauthSchemes(security: SecurityScheme[][]): SecurityScheme[] {
  const seen = new Map<string, SecurityScheme>()
  for (const scheme of security.flat()) {
    if (scheme.kind === 'oauth2' && !seen.has(scheme.key)) seen.set(scheme.key, scheme)
  }
  return [...seen.values()]
}

/**
 * The settings a scheme's flows give: the first of code, client credentials and device flows it
 * declares, its endpoints, and the scopes the operation asks for (else none).
 */
export function settingsFromScheme(scheme: SecurityScheme | null): OAuthSettings {
  const flows: OAuthFlows = scheme?.flows ?? {}
  const grant: OAuthGrant = flows.authorizationCode
    ? 'authorizationCode'
    : flows.clientCredentials
      ? 'clientCredentials'
      : flows.deviceAuthorization
        ? 'deviceCode'
        : 'authorizationCode'
  return settingsForGrant(scheme, grant)
}

/** The settings for one grant: its flow's endpoints when the scheme declares it. */
export function settingsForGrant(scheme: SecurityScheme | null, grant: OAuthGrant): OAuthSettings {
  const flows: OAuthFlows = scheme?.flows ?? {}
  const flow =
    grant === 'authorizationCode'
      ? flows.authorizationCode
      : grant === 'clientCredentials'
        ? flows.clientCredentials
        : flows.deviceAuthorization
  const anyTokenUrl =
    flow?.tokenUrl ??
    flows.authorizationCode?.tokenUrl ??
    flows.clientCredentials?.tokenUrl ??
    flows.deviceAuthorization?.tokenUrl ??
    ''
  return {
    grant,
    authorizationUrl: flows.authorizationCode?.authorizationUrl ?? '',
    tokenUrl: anyTokenUrl,
    deviceAuthorizationUrl: flows.deviceAuthorization?.deviceAuthorizationUrl ?? '',
    refreshUrl: flow?.refreshUrl ?? '',
    clientId: '',
    clientSecret: '',
    clientAuth: 'basic',
    scope: (scheme?.scopes ?? []).join(' '),
  }
}
