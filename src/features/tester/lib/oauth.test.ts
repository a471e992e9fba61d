import { describe, expect, it } from 'vitest'
import type { SecurityScheme } from '@/contract/operations'
import { CODE_VERIFIER } from '@/contract/testerOAuth'
import {
  authorizationRequestUrl,
  challengeOf,
  createPkce,
  readDeviceAnswer,
  readPastedCallback,
  readTokenAnswer,
  refreshClientFromEnvironment,
  refreshClientOf,
  refreshRequest,
  settingsFromScheme,
  slowedInterval,
  tokenFromEnvironment,
  withTokenVariables,
  type RefreshClient,
} from './oauth'

describe('PKCE', () => {
  it('matches RFC 7636’s worked example', async () => {
    // Appendix B.
    expect(await challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })

  it('makes a verifier the token route accepts and its S256 challenge', async () => {
    const { verifier, challenge } = await createPkce()
    expect(verifier).toMatch(CODE_VERIFIER)
    expect(challenge).toBe(await challengeOf(verifier))
    expect(challenge).not.toMatch(/[=+/]/)
  })

  it('builds the authorization address with S256 and the state', () => {
    const url = new URL(
      authorizationRequestUrl(
        {
          authorizationUrl: 'https://login.example/authorize?tenant=x',
          clientId: 'app',
          scope: 'a b',
        },
        'https://atlas.example/oauth/callback',
        'st',
        'ch',
      ),
    )
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: 'x',
      response_type: 'code',
      client_id: 'app',
      redirect_uri: 'https://atlas.example/oauth/callback',
      scope: 'a b',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    })
  })
})

describe('readPastedCallback', () => {
  it.each([
    ['http://localhost/cb?code=abc&state=s1', { code: 'abc', state: 's1' }],
    ['?code=abc&state=s1', { code: 'abc', state: 's1' }],
    ['code=abc', { code: 'abc', state: '' }],
    ['  abc-123  ', { code: 'abc-123', state: '' }],
    [
      'https://x.example/cb?error=access_denied&error_description=No&state=s',
      { code: '', error: 'access_denied', errorDescription: 'No', state: 's' },
    ],
  ])('reads %s', (text, expected) => {
    expect(readPastedCallback(text)).toMatchObject(expected)
  })

  it('reads nothing from blank text or an address without a code', () => {
    expect(readPastedCallback('   ')).toBeNull()
    expect(readPastedCallback('https://x.example/cb?foo=1')).toBeNull()
  })
})

describe('readTokenAnswer', () => {
  const now = Date.UTC(2026, 0, 1)
  it('reads a granted token with its expiry and scopes', () => {
    expect(
      readTokenAnswer(
        {
          status: 200,
          fields: { access_token: 'at', refresh_token: 'rt', expires_in: 60, scope: 'a b' },
        },
        now,
        { scope: '' },
      ),
    ).toEqual({
      kind: 'granted',
      token: {
        accessToken: 'at',
        refreshToken: 'rt',
        tokenType: 'Bearer',
        expiresAt: now + 60_000,
        scopes: ['a', 'b'],
      },
    })
  })

  it('keeps the old refresh token when a refresh brings none, and the asked scope', () => {
    const outcome = readTokenAnswer({ status: 200, fields: { access_token: 'at2' } }, now, {
      scope: 'x',
      refreshToken: 'old',
    })
    expect(outcome).toMatchObject({
      token: { refreshToken: 'old', expiresAt: null, scopes: ['x'] },
    })
  })

  it('tells pending, slow down and a refusal apart', () => {
    const answer = (error: string) =>
      readTokenAnswer({ status: 400, fields: { error, error_description: 'why' } }, now, {
        scope: '',
      })
    expect(answer('authorization_pending')).toEqual({ kind: 'pending' })
    expect(answer('slow_down')).toEqual({ kind: 'slowDown' })
    expect(answer('access_denied')).toEqual({
      kind: 'denied',
      error: 'access_denied',
      description: 'why',
    })
    expect(
      readTokenAnswer({ status: 200, fields: {}, note: 'not JSON' }, now, { scope: '' }),
    ).toEqual({ kind: 'denied', error: 'HTTP 200', description: 'not JSON' })
    expect(slowedInterval(5)).toBe(10)
  })
})

describe('readDeviceAnswer', () => {
  it('reads the codes, the address and the interval (5 s when none)', () => {
    const started = readDeviceAnswer(
      {
        status: 200,
        fields: {
          device_code: 'dc',
          user_code: 'ABCD-EFGH',
          verification_url: 'https://example.com/device',
          expires_in: 100,
        },
      },
      0,
    )
    expect(started).toEqual({
      kind: 'started',
      device: {
        deviceCode: 'dc',
        userCode: 'ABCD-EFGH',
        verificationUri: 'https://example.com/device',
        verificationUriComplete: null,
        expiresAt: 100_000,
        interval: 5,
      },
    })
    expect(readDeviceAnswer({ status: 400, fields: { error: 'invalid_client' } }, 0)).toMatchObject(
      { kind: 'denied', error: 'invalid_client' },
    )
  })
})

describe('token variables', () => {
  it('keeps tokens as secret variables beside the rest, and reads them back', () => {
    const variables = withTokenVariables(
      [
        { name: 'base', value: 'https://api.example', secret: false },
        { name: 'mail_login_refresh_token', value: 'old', secret: true },
      ],
      'mail-login',
      {
        accessToken: 'at',
        refreshToken: 'rt',
        tokenType: 'Bearer',
        expiresAt: Date.UTC(2026, 0, 1),
        scopes: ['a'],
      },
      null,
    )
    expect(variables).toEqual([
      { name: 'base', value: 'https://api.example', secret: false },
      { name: 'mail_login_access_token', value: 'at', secret: true },
      { name: 'mail_login_refresh_token', value: 'rt', secret: true },
      { name: 'mail_login_expires_at', value: '2026-01-01T00:00:00.000Z', secret: false },
      { name: 'mail_login_scope', value: 'a', secret: false },
    ])
    expect(tokenFromEnvironment({ id: 'e', name: 'E', variables }, 'mail-login')).toEqual({
      accessToken: 'at',
      refreshToken: 'rt',
      tokenType: 'Bearer',
      expiresAt: Date.UTC(2026, 0, 1),
      scopes: ['a'],
    })
  })
})

describe('the client kept beside a token', () => {
  const token = {
    accessToken: 'at',
    refreshToken: 'rt',
    tokenType: 'Bearer',
    expiresAt: null,
    scopes: [],
  }
  const client: RefreshClient = {
    refreshUrl: 'https://id.example/token',
    clientId: 'atlas',
    clientSecret: 's3cret',
    clientAuth: 'body',
  }

  it('is kept with a refresh token, its secret secret, and read back for a refresh', () => {
    const variables = withTokenVariables([], 'login', token, client)
    expect(variables).toContainEqual({ name: 'login_client_id', value: 'atlas', secret: false })
    expect(variables).toContainEqual({
      name: 'login_client_secret',
      value: 's3cret',
      secret: true,
    })
    const environment = { id: 'e', name: 'E', variables }
    expect(refreshClientFromEnvironment(environment, 'login')).toEqual(client)
    expect(refreshRequest(client, 'rt')).toMatchObject({
      grant: 'refresh_token',
      tokenUrl: 'https://id.example/token',
      clientId: 'atlas',
      clientSecret: 's3cret',
      clientAuth: 'body',
      refreshToken: 'rt',
    })
  })

  it('stays when a later token names no client, and is not kept without a refresh token', () => {
    const first = withTokenVariables([], 'login', token, client)
    const again = withTokenVariables(first, 'login', { ...token, accessToken: 'at2' }, null)
    expect(refreshClientFromEnvironment({ id: 'e', name: 'E', variables: again }, 'login')).toEqual(
      client,
    )
    const noRefresh = withTokenVariables([], 'login', { ...token, refreshToken: null }, client)
    expect(noRefresh.map((v) => v.name)).not.toContain('login_client_id')
  })

  it('is named by settings only once they hold a token URL and a client ID', () => {
    const settings = settingsFromScheme(null)
    expect(refreshClientOf(settings)).toBeNull()
    expect(
      refreshClientOf({ ...settings, tokenUrl: 'https://id.example/token', clientId: 'atlas' }),
    ).toMatchObject({ refreshUrl: 'https://id.example/token', clientId: 'atlas' })
  })
})

describe('settingsFromScheme', () => {
  const scheme: SecurityScheme = {
    key: 'login',
    kind: 'oauth2',
    scopes: ['mail.read'],
    description: '',
    flows: {
      clientCredentials: { tokenUrl: 'https://login.example/cc', scopes: [] },
      authorizationCode: {
        authorizationUrl: 'https://login.example/authorize',
        tokenUrl: 'https://login.example/token',
        refreshUrl: 'https://login.example/refresh',
        scopes: ['mail.read', 'mail.send'],
      },
    },
  }
  it('starts from the code flow with the document’s endpoints and the operation’s scopes', () => {
    expect(settingsFromScheme(scheme)).toMatchObject({
      grant: 'authorizationCode',
      authorizationUrl: 'https://login.example/authorize',
      tokenUrl: 'https://login.example/token',
      refreshUrl: 'https://login.example/refresh',
      scope: 'mail.read',
    })
    expect(settingsFromScheme(null)).toMatchObject({ grant: 'authorizationCode', tokenUrl: '' })
  })
})
