import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRIVATE_ADDRESS_MESSAGE } from '../../src/contract/tester'
import {
  oauthResponseSchema,
  type OAuthAnswer,
  type OAuthDeviceRequest,
  type OAuthTokenRequest,
} from '../../src/contract/testerOAuth'
import { buildApp } from '../app'
import { fakeDns, loopbackOnlyDial } from '../testing/loopbackNet'
import { openTestDb, testConfig, type TestDb } from '../testing/testDb'
import {
  IDP_CLIENTS,
  startIdentityProvider,
  type IdentityProvider,
} from '../tester/testIdentityProvider'
import type { TesterRouteOptions } from './tester'

const fakeResolve = fakeDns({ 'idp.internal': ['127.0.0.1'] })
const { dial: countingDial, dials } = loopbackOnlyDial()

let db: TestDb
let idp: IdentityProvider
let app: FastifyInstance
const REDIRECT_URI = 'http://localhost:5173/oauth/callback'

const build = (options: TesterRouteOptions = {}, allowed = `127.0.0.1:${idp.port}`) =>
  buildApp(testConfig({ TESTER_ALLOWED_HOSTS: allowed }), {
    db,
    logger: false,
    operations: { load: false },
    tester: {
      rateLimit: { max: 100_000, timeWindowMs: 60_000 },
      oauthRateLimit: { max: 100_000, timeWindowMs: 60_000 },
      resolve: fakeResolve,
      dial: countingDial,
      connectTimeoutMs: 1000,
      headersTimeoutMs: 1000,
      totalTimeoutMs: 3000,
      ...options,
    },
  })

beforeAll(async () => {
  db = await openTestDb()
  idp = await startIdentityProvider()
  app = build()
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await idp?.close()
  await db?.dispose()
})

const tokenRequest = (payload: OAuthTokenRequest | Record<string, unknown>, target = app) =>
  target.inject({ method: 'POST', url: '/api/tester/oauth/token', payload })

const answer = async (payload: OAuthTokenRequest | OAuthDeviceRequest, url = 'token') => {
  const response = await app.inject({ method: 'POST', url: `/api/tester/oauth/${url}`, payload })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['cache-control']).toBe('no-store')
  return oauthResponseSchema.parse(response.json()).data
}

/** A PKCE pair as the browser makes it (RFC 7636). */
const pkce = () => {
  const verifier = randomBytes(48).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  return { verifier, challenge }
}

/** Asks the provider for a code as the browser would, following its redirect by hand. */
const authorize = async (challenge: string, clientId: string = IDP_CLIENTS.browser.id) => {
  const url = new URL(`${idp.origin}/authorize`)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    state: 'state-1',
    scope: 'mail.read',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString()
  const response = await fetch(url, { redirect: 'manual' })
  return new URL(response.headers.get('location')!).searchParams
}

const tokenUrl = () => `${idp.origin}/token`

describe('POST /api/tester/oauth/token against a loopback provider', () => {
  it('exchanges an authorization code with its PKCE verifier, form-encoded', async () => {
    const { verifier, challenge } = pkce()
    const code = (await authorize(challenge)).get('code')!
    const data = await answer({
      grant: 'authorization_code',
      tokenUrl: tokenUrl(),
      clientId: IDP_CLIENTS.browser.id,
      code,
      codeVerifier: verifier,
      redirectUri: REDIRECT_URI,
    })
    expect(data.status).toBe(200)
    expect(data.fields).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'mail.read',
      access_token: expect.stringMatching(/^at-/),
      refresh_token: expect.stringMatching(/^rt-/),
    })
    const seen = idp.seen.at(-1)!
    expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(seen.form).toEqual({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: IDP_CLIENTS.browser.id,
    })
  })

  it('passes on the provider’s refusal when the verifier does not match the challenge', async () => {
    const code = (await authorize(pkce().challenge)).get('code')!
    const data = await answer({
      grant: 'authorization_code',
      tokenUrl: tokenUrl(),
      clientId: IDP_CLIENTS.browser.id,
      code,
      codeVerifier: pkce().verifier,
      redirectUri: REDIRECT_URI,
    })
    expect(data).toEqual({
      status: 400,
      fields: { error: 'invalid_grant', error_description: 'PKCE verification failed' },
    })
  })

  it('gets a client credentials token with HTTP Basic, or with the two fields in the body', async () => {
    const basic = await answer({
      grant: 'client_credentials',
      tokenUrl: tokenUrl(),
      clientId: IDP_CLIENTS.machine.id,
      clientSecret: IDP_CLIENTS.machine.secret,
      clientAuth: 'basic',
      scope: 'reports',
    })
    expect(basic.fields).toMatchObject({ access_token: expect.any(String), scope: 'reports' })
    const seenBasic = idp.seen.at(-1)!
    expect(seenBasic.headers.authorization).toBe(
      `Basic ${Buffer.from(`${IDP_CLIENTS.machine.id}:${IDP_CLIENTS.machine.secret}`).toString('base64')}`,
    )
    expect(seenBasic.form).toEqual({ grant_type: 'client_credentials', scope: 'reports' })

    const body = await answer({
      grant: 'client_credentials',
      tokenUrl: tokenUrl(),
      clientId: IDP_CLIENTS.machine.id,
      clientSecret: IDP_CLIENTS.machine.secret,
      clientAuth: 'body',
    })
    expect(body.status).toBe(200)
    expect(idp.seen.at(-1)!.form).toMatchObject({
      client_id: IDP_CLIENTS.machine.id,
      client_secret: IDP_CLIENTS.machine.secret,
    })
    expect(idp.seen.at(-1)!.headers.authorization).toBeUndefined()

    const wrong = await answer({
      grant: 'client_credentials',
      tokenUrl: tokenUrl(),
      clientId: IDP_CLIENTS.machine.id,
      clientSecret: 'wrong',
    })
    expect(wrong).toEqual({
      status: 401,
      fields: { error: 'invalid_client', error_description: 'Client authentication failed' },
    })
  })

  it('runs a device flow: pending, slow down, then a token once approved', async () => {
    const device = await answer(
      {
        deviceAuthorizationUrl: `${idp.origin}/device/code`,
        clientId: IDP_CLIENTS.device.id,
        scope: 'tv',
      },
      'device',
    )
    expect(device.fields).toMatchObject({
      device_code: expect.any(String),
      user_code: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/),
      verification_uri: `${idp.origin}/device`,
      interval: 1,
    })
    const poll = () =>
      answer({
        grant: 'device_code',
        tokenUrl: tokenUrl(),
        clientId: IDP_CLIENTS.device.id,
        deviceCode: String(device.fields.device_code),
      })
    expect((await poll()).fields.error).toBe('authorization_pending')
    idp.slowDownPolls = 1
    expect((await poll()).fields.error).toBe('slow_down')
    expect(idp.seen.at(-1)!.form.grant_type).toBe('urn:ietf:params:oauth:grant-type:device_code')
    idp.approveDevice(String(device.fields.user_code))
    const granted = await poll()
    expect(granted.status).toBe(200)
    expect(granted.fields).toMatchObject({ access_token: expect.any(String), scope: 'tv' })
  })

  it('refreshes a token, and the spent refresh token is refused after rotation', async () => {
    const first = await answer({
      grant: 'client_credentials',
      tokenUrl: tokenUrl(),
      clientId: IDP_CLIENTS.machine.id,
      clientSecret: IDP_CLIENTS.machine.secret,
    })
    const refresh = (refreshToken: string): Promise<OAuthAnswer> =>
      answer({
        grant: 'refresh_token',
        tokenUrl: tokenUrl(),
        clientId: IDP_CLIENTS.machine.id,
        clientSecret: IDP_CLIENTS.machine.secret,
        refreshToken,
      })
    const second = await refresh(String(first.fields.refresh_token))
    expect(second.status).toBe(200)
    expect(second.fields.access_token).not.toBe(first.fields.access_token)
    expect(second.fields.refresh_token).not.toBe(first.fields.refresh_token)
    expect(idp.seen.at(-1)!.form).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: first.fields.refresh_token,
    })
    expect((await refresh(String(first.fields.refresh_token))).fields.error).toBe('invalid_grant')
  })
})

describe('POST /api/tester/oauth/token under the tester’s address guard', () => {
  it('refuses a private address not in TESTER_ALLOWED_HOSTS and dials nothing', async () => {
    const before = dials.length
    for (const url of ['http://10.0.0.5/token', 'http://idp.internal/token']) {
      const response = await tokenRequest({
        grant: 'client_credentials',
        tokenUrl: url,
        clientId: 'x',
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toContain(PRIVATE_ADDRESS_MESSAGE)
      expect(response.json().error).toContain('token endpoint')
    }
    const other = await app.inject({
      method: 'POST',
      url: '/api/tester/oauth/device',
      payload: { deviceAuthorizationUrl: 'http://127.0.0.1:8080/device', clientId: 'x' },
    })
    expect(other.statusCode).toBe(400)
    expect(other.json().error).toContain('device authorization endpoint')
    expect(dials.slice(before)).toEqual([])
  })

  it('never follows a redirect from the token endpoint', async () => {
    const before = dials.length
    const response = await tokenRequest({
      grant: 'client_credentials',
      tokenUrl: `${idp.origin}/moved`,
      clientId: 'x',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatch(/answered 307 with a redirect to http:\/\/10\.0\.0\.5/)
    expect(dials.slice(before)).toEqual([`127.0.0.1:${idp.port}`])
  })

  it('answers 502 naming the endpoint when nothing listens there', async () => {
    const closed = await startIdentityProvider()
    await closed.close()
    // Allowed, but closed: a network failure, not the visitor's mistake.
    const local = build({}, `127.0.0.1:${closed.port}`)
    const response = await tokenRequest(
      { grant: 'client_credentials', tokenUrl: `${closed.origin}/token`, clientId: 'x' },
      local,
    )
    await local.close()
    expect(response.statusCode).toBe(502)
    expect(response.json().error).toBe(
      'Could not reach the token endpoint: Connection refused by 127.0.0.1',
    )
  })
})

describe('POST /api/tester/oauth/token input', () => {
  const good = {
    grant: 'authorization_code',
    tokenUrl: 'https://login.example.com/token',
    clientId: 'app',
    code: 'abc',
    codeVerifier: 'a'.repeat(43),
    redirectUri: REDIRECT_URI,
  }
  it.each([
    [{ ...good, grant: 'password' }, 'grant must be one of'],
    [{ ...good, codeVerifier: 'short' }, 'codeVerifier must be 43 to 128'],
    [{ ...good, codeVerifier: `${'a'.repeat(43)}!` }, 'codeVerifier must be 43 to 128'],
    [{ ...good, clientId: '' }, 'clientId is required'],
    [{ ...good, tokenUrl: 'ftp://login.example.com/token' }, 'must use http or https'],
    [{ ...good, tokenUrl: 'not a url' }, "'tokenUrl'"],
    [{ ...good, redirectUri: 'nope' }, 'redirectUri must be an absolute URL'],
    [
      { grant: 'refresh_token', tokenUrl: good.tokenUrl, clientId: 'app' },
      'refreshToken is required',
    ],
    [{ ...good, clientAuth: 'jwt' }, 'clientAuth must be basic or body'],
  ])('answers 400 naming the problem: %j', async (payload, message) => {
    const response = await tokenRequest(payload)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toEqual({ success: false, error: expect.stringContaining(message) })
  })

  it('refuses a request that comes from the tester itself', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/tester/oauth/token',
      headers: { via: '1.1 api-atlas-tester' },
      payload: { grant: 'client_credentials', tokenUrl: tokenUrl(), clientId: 'x' },
    })
    expect(response.statusCode).toBe(400)
  })

  it('limits each address, answering 429 with when to try again', async () => {
    const limited = build({ oauthRateLimit: { max: 2, timeWindowMs: 60_000 } })
    const statuses: number[] = []
    for (let i = 0; i < 3; i += 1) {
      const response = await tokenRequest(
        { grant: 'client_credentials', tokenUrl: tokenUrl(), clientId: 'x' },
        limited,
      )
      statuses.push(response.statusCode)
      if (response.statusCode === 429) expect(response.json().error).toMatch(/at most 2 a minute/)
    }
    await limited.close()
    expect(statuses).toEqual([200, 200, 429])
  })
})
