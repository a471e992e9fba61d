// A loopback OAuth 2 identity provider for the tester's tests and journeys: authorization code with
// PKCE (S256 checked), client credentials, device authorization with polling, refresh with
// rotation, and a protected resource that accepts only the tokens it issued. Plain node:http, no
// state beyond the process.
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export const IDP_CLIENTS = {
  /** A public browser client: PKCE, no secret. */
  browser: { id: 'atlas-browser' },
  /** A confidential client for client credentials. */
  machine: { id: 'atlas-machine', secret: 'machine-secret-123' },
  /** A device (RFC 8628): public. */
  device: { id: 'atlas-device' },
  /** Its authorization requests are refused by the "user". */
  refused: { id: 'atlas-refused' },
} as const

export type IdpRequest = {
  method: string
  path: string
  headers: IncomingMessage['headers']
  form: Record<string, string>
}

export type IdentityProvider = {
  port: number
  origin: string
  /** Requests to its token and device endpoints, newest last. */
  seen: IdpRequest[]
  /** Approves a device's user code, as the person would on the verification page. */
  approveDevice: (userCode: string) => void
  /** Device polls answered `slow_down` before the usual answers (RFC 8628 §3.5). */
  slowDownPolls: number
  close: () => Promise<void>
}

type Issued = { clientId: string; scope: string }

const base64url = (bytes: Buffer) => bytes.toString('base64url')
const token = (prefix: string) => `${prefix}-${base64url(randomBytes(18))}`

const readForm = async (request: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  response.end(JSON.stringify(body))
}

const oauthError = (response: ServerResponse, status: number, error: string, description: string) =>
  json(response, status, { error, error_description: description })

/** The client a request authenticates as: HTTP Basic, else the form's fields. */
const clientOf = (request: IncomingMessage, form: Record<string, string>) => {
  const basic = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '')
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')
    return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) }
  }
  return { id: form.client_id ?? '', secret: form.client_secret ?? '' }
}

/**
 * Starts the provider on `port` (0: any free one). Access tokens last `expiresIn` seconds; a
 * device's interval is `interval` seconds.
 */
export async function startIdentityProvider(
  port = 0,
  { expiresIn = 3600, interval = 1 }: { expiresIn?: number; interval?: number } = {},
): Promise<IdentityProvider> {
  const codes = new Map<
    string,
    { clientId: string; redirectUri: string; challenge: string; scope: string }
  >()
  const accessTokens = new Map<string, Issued>()
  const refreshTokens = new Map<string, Issued>()
  const devices = new Map<string, Issued & { userCode: string; approved: boolean }>()
  const seen: IdpRequest[] = []

  const grant = (response: ServerResponse, issued: Issued) => {
    const access = token('at')
    const refresh = token('rt')
    accessTokens.set(access, issued)
    refreshTokens.set(refresh, issued)
    json(response, 200, {
      access_token: access,
      token_type: 'Bearer',
      expires_in: expiresIn,
      refresh_token: refresh,
      scope: issued.scope,
    })
  }

  const provider = {} as IdentityProvider
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://idp.test')
      const path = url.pathname
      if (request.method === 'GET' && path === '/authorize') {
        const q = url.searchParams
        const redirectUri = q.get('redirect_uri') ?? ''
        const back = new URL(redirectUri)
        back.searchParams.set('state', q.get('state') ?? '')
        if (q.get('client_id') === IDP_CLIENTS.refused.id) {
          back.searchParams.set('error', 'access_denied')
          back.searchParams.set('error_description', 'The user declined to share their mail')
        } else if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256') {
          back.searchParams.set('error', 'invalid_request')
          back.searchParams.set('error_description', 'PKCE with S256 is required')
        } else {
          const code = token('code')
          codes.set(code, {
            clientId: q.get('client_id') ?? '',
            redirectUri,
            challenge: q.get('code_challenge') ?? '',
            scope: q.get('scope') ?? '',
          })
          back.searchParams.set('code', code)
        }
        // The "user" approves at once: a journey waits for the tester, not for a sign-in form.
        response.writeHead(302, { location: back.href, 'cache-control': 'no-store' })
        response.end()
        return
      }
      if (request.method === 'GET' && path === '/me') {
        const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')
        const issued = bearer ? accessTokens.get(bearer[1]!) : undefined
        if (!issued) return oauthError(response, 401, 'invalid_token', 'Unknown access token')
        return json(response, 200, { client: issued.clientId, scope: issued.scope })
      }
      if (request.method === 'GET' && path === '/device') {
        const userCode = url.searchParams.get('user_code') ?? ''
        provider.approveDevice(userCode)
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
        response.end(`Approved ${userCode}`)
        return
      }
      if (request.method !== 'POST') return oauthError(response, 404, 'not_found', path)
      if (path === '/moved') {
        // A token endpoint that sends its caller elsewhere, to an address inside a network.
        response.writeHead(307, { location: 'http://10.0.0.5/token' })
        response.end()
        return
      }

      const form = await readForm(request)
      seen.push({ method: request.method, path, headers: request.headers, form })
      if (!/^application\/x-www-form-urlencoded/.test(request.headers['content-type'] ?? '')) {
        return oauthError(response, 400, 'invalid_request', 'The body must be form-encoded')
      }
      const client = clientOf(request, form)

      if (path === '/device/code') {
        const deviceCode = token('dc')
        const userCode =
          `${randomBytes(2).toString('hex')}-${randomBytes(2).toString('hex')}`.toUpperCase()
        devices.set(deviceCode, {
          clientId: client.id,
          scope: form.scope ?? '',
          userCode,
          approved: false,
        })
        return json(response, 200, {
          device_code: deviceCode,
          user_code: userCode,
          verification_uri: `${provider.origin}/device`,
          verification_uri_complete: `${provider.origin}/device?user_code=${userCode}`,
          expires_in: 600,
          interval,
        })
      }
      if (path !== '/token') return oauthError(response, 404, 'not_found', path)

      switch (form.grant_type) {
        case 'authorization_code': {
          const code = codes.get(form.code ?? '')
          codes.delete(form.code ?? '')
          if (!code || code.clientId !== client.id || code.redirectUri !== form.redirect_uri) {
            return oauthError(response, 400, 'invalid_grant', 'Unknown code or redirect_uri')
          }
          const challenge = base64url(
            createHash('sha256')
              .update(form.code_verifier ?? '')
              .digest(),
          )
          if (challenge !== code.challenge) {
            return oauthError(response, 400, 'invalid_grant', 'PKCE verification failed')
          }
          return grant(response, { clientId: client.id, scope: code.scope })
        }
        case 'client_credentials': {
          if (
            client.id !== IDP_CLIENTS.machine.id ||
            client.secret !== IDP_CLIENTS.machine.secret
          ) {
            return oauthError(response, 401, 'invalid_client', 'Client authentication failed')
          }
          return grant(response, { clientId: client.id, scope: form.scope ?? '' })
        }
        case 'refresh_token': {
          const issued = refreshTokens.get(form.refresh_token ?? '')
          if (!issued || issued.clientId !== client.id) {
            return oauthError(response, 400, 'invalid_grant', 'Unknown refresh token')
          }
          // Rotation: the old refresh token is spent.
          refreshTokens.delete(form.refresh_token ?? '')
          return grant(response, issued)
        }
        case 'urn:ietf:params:oauth:grant-type:device_code': {
          const device = devices.get(form.device_code ?? '')
          if (!device || device.clientId !== client.id) {
            return oauthError(response, 400, 'invalid_grant', 'Unknown device code')
          }
          if (provider.slowDownPolls > 0) {
            provider.slowDownPolls -= 1
            return oauthError(response, 400, 'slow_down', 'Polling too fast')
          }
          if (!device.approved) {
            return oauthError(response, 400, 'authorization_pending', 'Not approved yet')
          }
          devices.delete(form.device_code ?? '')
          return grant(response, device)
        }
        default:
          return oauthError(response, 400, 'unsupported_grant_type', String(form.grant_type))
      }
    })().catch((error: unknown) => {
      response.writeHead(500)
      response.end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address()
  const actual = typeof address === 'object' && address ? address.port : port
  Object.assign(provider, {
    port: actual,
    origin: `http://127.0.0.1:${actual}`,
    seen,
    slowDownPolls: 0,
    approveDevice: (userCode: string) => {
      for (const device of devices.values())
        if (device.userCode === userCode) device.approved = true
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
  return provider
}
