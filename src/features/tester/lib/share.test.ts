import { describe, expect, it } from 'vitest'
import {
  sharedCustomerFragment,
  sharedCustomerRequest,
  sharedGraphqlFragment,
  secretsElsewhereFragment,
  sharedGraphqlRequest,
} from '@mocks/data/share'
import { emptyDraft, type Draft } from './draft'
import {
  decodeShare,
  encodeShare,
  isSecretName,
  SHARE_LINK_LIMIT,
  shareLink,
  shareRequest,
  type SharedRequest,
} from './share'

const PAGE = 'https://atlas.example/tools/tester'
const noMode = { graphql: false, auth: null }

const draft = (patch: Partial<Draft>): Draft => ({ ...emptyDraft, ...patch })

const request = (patch: Partial<SharedRequest> = {}): SharedRequest => ({
  method: 'POST',
  url: 'https://api.example.com/v1/items?limit=2',
  headers: { 'Content-Type': 'application/json', Authorization: 'Bearer {{token}}' },
  body: '{\n  "name": "Ada"\n}',
  followRedirects: true,
  graphql: false,
  auth: { kind: 'bearer', name: 'X-API-Key' },
  ...patch,
})

/** The fragment's packed data, to damage on purpose. */
const dataOf = (fragment: string) => fragment.slice('#share=1.'.length)

describe('a share link round trip', () => {
  it('opens the same request it was made from', async () => {
    const fragment = await encodeShare(request())
    expect(fragment).toMatch(/^#share=1\.[A-Za-z0-9_-]+$/)
    const opened = await decodeShare(fragment)
    expect(opened).toEqual({
      ok: true,
      request: request(),
      draft: {
        method: 'POST',
        url: 'https://api.example.com/v1/items?limit=2',
        headersText: JSON.stringify(request().headers, null, 2),
        bodyText: request().body,
        followRedirects: true,
      },
      placeholders: ['token'],
    })
  })

  it('keeps a GraphQL query, its variables, and text in any script', async () => {
    const graphql = request({
      body: JSON.stringify({
        query: 'query ($id: ID!) { user(id: $id) { name } }',
        variables: { id: 'ü-名前' },
      }),
      graphql: true,
      auth: null,
    })
    await expect(decodeShare(await encodeShare(graphql))).resolves.toMatchObject({
      ok: true,
      request: graphql,
    })
  })

  it('still opens the stories’ link as the request it was made from', async () => {
    await expect(decodeShare(sharedCustomerFragment)).resolves.toMatchObject({
      ok: true,
      request: sharedCustomerRequest,
    })
    await expect(decodeShare(sharedGraphqlFragment)).resolves.toMatchObject({
      ok: true,
      request: sharedGraphqlRequest,
    })
    await expect(decodeShare(secretsElsewhereFragment)).resolves.toMatchObject({
      ok: true,
      request: {
        url: 'https://collector.example/v1/charges',
        headers: { Authorization: 'Bearer {{stripeToken}}' },
      },
    })
  })

  it('is compressed: a repetitive body packs into far fewer characters', async () => {
    const body = JSON.stringify({
      items: Array.from({ length: 200 }, (_, i) => ({ id: i, tag: 'same' })),
    })
    const fragment = await encodeShare(request({ body }))
    expect(fragment.length).toBeLessThan(body.length / 4)
  })
})

describe('secrets left out of a share', () => {
  it('replaces a literal bearer token and API key with placeholders, and says where', () => {
    const built = shareRequest(
      draft({
        url: 'https://api.example.com/v1/items',
        headersText: JSON.stringify({
          Authorization: 'Bearer sk_live_abc123',
          'X-API-Key': 'k-999',
          Accept: 'application/json',
        }),
      }),
      noMode,
    )
    expect(built.request.headers).toEqual({
      Authorization: 'Bearer {{token}}',
      'X-API-Key': '{{apiKey}}',
      Accept: 'application/json',
    })
    expect(built.replaced).toEqual([
      { placeholder: '{{token}}', where: 'the Authorization header' },
      { placeholder: '{{apiKey}}', where: 'the X-API-Key header' },
    ])
    expect(JSON.stringify(built.request)).not.toMatch(/sk_live_abc123|k-999/)
  })

  it('keeps {{variables}} as names and never puts values in', () => {
    const built = shareRequest(
      draft({
        url: '{{base}}/items?api_key={{key}}',
        headersText: JSON.stringify({ Authorization: 'Bearer {{token}}', Cookie: '{{cookie}}' }),
      }),
      noMode,
    )
    expect(built.replaced).toEqual([])
    expect(built.request.url).toBe('{{base}}/items?api_key={{key}}')
    expect(built.request.headers).toEqual({
      Authorization: 'Bearer {{token}}',
      Cookie: '{{cookie}}',
    })
  })

  it('replaces credentials in the query, a cookie, and the URL’s user and password', () => {
    const built = shareRequest(
      draft({
        url: 'https://ada:hunter2@api.example.com/search?q=cats&access_token=abc%2Fdef&sig=xyz&page=2',
        headersText: JSON.stringify({ Cookie: 'sid=42; theme=dark', 'X-Session-Id': 's-1' }),
      }),
      noMode,
    )
    expect(built.request.url).toBe(
      'https://{{userInfo}}@api.example.com/search?q=cats&access_token={{accessToken}}&sig={{sig}}&page=2',
    )
    expect(built.request.headers).toEqual({ Cookie: '{{cookie}}', 'X-Session-Id': '{{sessionId}}' })
    expect(built.replaced.map((r) => r.placeholder)).toEqual([
      '{{userInfo}}',
      '{{accessToken}}',
      '{{sig}}',
      '{{cookie}}',
      '{{sessionId}}',
    ])
  })

  it('replaces the auth helper’s key under whatever name it was applied', () => {
    const built = shareRequest(
      draft({ url: 'https://api.example.com/v1?appid=123', headersText: '{"X-Custom": "c-1"}' }),
      { graphql: false, auth: { kind: 'apiKeyQuery', name: 'appid' } },
    )
    expect(built.request.url).toBe('https://api.example.com/v1?appid={{appid}}')
    expect(built.request.headers).toEqual({ 'X-Custom': 'c-1' })
    expect(built.request.auth).toEqual({ kind: 'apiKeyQuery', name: 'appid' })
  })

  it('keeps Basic auth’s scheme and reads the helper’s kind from the headers', () => {
    const built = shareRequest(
      draft({ headersText: JSON.stringify({ Authorization: `Basic ${btoa('ada:pw')}` }) }),
      noMode,
    )
    expect(built.request.headers.Authorization).toBe('Basic {{basicCredentials}}')
    expect(built.request.auth).toEqual({ kind: 'basic', name: 'X-API-Key' })
  })

  it('replaces credential fields of a JSON body, GraphQL variables included', () => {
    const body = JSON.stringify({
      query: 'mutation ($password: String!) { login(password: $password) { id } }',
      variables: { user: 'ada', password: 'hunter2', key: 'row-1' },
    })
    const built = shareRequest(draft({ method: 'POST', bodyText: body }), {
      graphql: true,
      auth: null,
    })
    expect(JSON.parse(built.request.body)).toEqual({
      query: 'mutation ($password: String!) { login(password: $password) { id } }',
      variables: { user: 'ada', password: '{{password}}', key: 'row-1' },
    })
    expect(built.replaced).toEqual([
      { placeholder: '{{password}}', where: 'the body’s variables.password' },
    ])
    expect(built.request.graphql).toBe(true)
  })

  it('names where in a nested body each value was', () => {
    const body = JSON.stringify({ users: [{ name: 'ada', apiKey: 'k1' }], auth: { token: 't1' } })
    const built = shareRequest(draft({ bodyText: body }), noMode)
    expect(JSON.parse(built.request.body)).toEqual({
      users: [{ name: 'ada', apiKey: '{{apiKey}}' }],
      auth: { token: '{{token}}' },
    })
    expect(built.replaced.map((r) => r.where)).toEqual([
      'the body’s users[0].apiKey',
      'the body’s auth.token',
    ])
  })

  it('gives one placeholder to one secret, and never reuses a name the request has', () => {
    const built = shareRequest(
      draft({
        url: 'https://api.example.com/?token=t-1',
        headersText: JSON.stringify({ Authorization: 'Bearer other', 'X-Token': 't-1' }),
        bodyText: '{"user": "{{token}}"}',
      }),
      noMode,
    )
    expect(built.request.url).toBe('https://api.example.com/?token={{token2}}')
    expect(built.request.headers).toEqual({
      Authorization: 'Bearer {{token3}}',
      'X-Token': '{{token2}}',
    })
  })

  it('says when the body is text it cannot read, and when the headers fall back', () => {
    const built = shareRequest(
      draft({ headersText: '{broken', bodyText: 'password=hunter2' }),
      noMode,
    )
    expect(built.bodyUnchecked).toBe(true)
    expect(built.headersDefaulted).toBe(true)
    expect(built.request.headers).toEqual({ 'Content-Type': 'application/json' })
  })

  it('reads names word by word', () => {
    expect(isSecretName('keyword', 'query')).toBe(false)
    expect(isSecretName('key', 'query')).toBe(true)
    expect(isSecretName('key', 'body')).toBe(false)
    expect(isSecretName('apiKey', 'body')).toBe(true)
    expect(isSecretName('Idempotency-Key', 'header')).toBe(true)
    expect(isSecretName('author', 'query')).toBe(false)
    expect(isSecretName('api_keys', 'header')).toBe(true)
    expect(isSecretName('refreshTokens', 'body')).toBe(true)
    expect(isSecretName('address', 'body')).toBe(false)
  })
})

describe('a request too large for a link', () => {
  it('says how long the link would be', async () => {
    // Random text does not compress: well over the limit once packed.
    const noise = Array.from({ length: 9_000 }, (_, i) => ((i * 7919) % 9973).toString(36)).join('')
    const result = await shareLink(request({ body: noise }), PAGE)
    expect(result.kind).toBe('tooLarge')
    expect(result.length).toBeGreaterThan(SHARE_LINK_LIMIT)
  })

  it('gives the link when it fits', async () => {
    const result = await shareLink(request(), PAGE)
    expect(result).toMatchObject({ kind: 'link' })
    expect(result.kind === 'link' && result.link.startsWith(`${PAGE}#share=1.`)).toBe(true)
    expect(result.length).toBeLessThanOrEqual(SHARE_LINK_LIMIT)
  })
})

describe('a damaged link', () => {
  const DAMAGED = /damaged or cut short/

  it('refuses a link cut short', async () => {
    const fragment = await encodeShare(request())
    const cut = fragment.slice(0, fragment.length - 12)
    await expect(decodeShare(cut)).resolves.toMatchObject({
      ok: false,
      problem: expect.stringMatching(DAMAGED),
    })
  })

  it('refuses characters a link never holds, and data that is not deflated', async () => {
    await expect(decodeShare('#share=1.abc$def')).resolves.toMatchObject({
      ok: false,
      problem: expect.stringMatching(DAMAGED),
    })
    await expect(decodeShare('#share=1.aGVsbG8gd29ybGQ')).resolves.toMatchObject({ ok: false })
    await expect(decodeShare('#share=')).resolves.toMatchObject({
      ok: false,
      problem: expect.stringMatching(DAMAGED),
    })
  })

  it('refuses a changed byte', async () => {
    const data = dataOf(await encodeShare(request()))
    const flipped = `${data.slice(0, 10)}${data[10] === 'A' ? 'B' : 'A'}${data.slice(11)}`
    await expect(decodeShare(`#share=1.${flipped}`)).resolves.toMatchObject({ ok: false })
  })

  it('names an unknown version', async () => {
    const data = dataOf(await encodeShare(request()))
    await expect(decodeShare(`#share=7.${data}`)).resolves.toEqual({
      ok: false,
      problem: expect.stringMatching(/format 7, which this version of API Atlas does not read/),
    })
  })

  it('names what is wrong with a request that does not fit the tester’s limits', async () => {
    const headers = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`X-H${i}`, 'v']))
    await expect(decodeShare(await encodeShare(request({ headers })))).resolves.toEqual({
      ok: false,
      problem: 'The share link’s request cannot be opened: headers is more than 50 headers.',
    })
    const method = await encodeShare({ ...request(), method: 'TRACE' as 'GET' })
    await expect(decodeShare(method)).resolves.toMatchObject({
      ok: false,
      problem: expect.stringMatching(/method/),
    })
  })

  it('stops unpacking a link that would unpack to a flood', async () => {
    const flood = await encodeShare(request({ body: 'a'.repeat(2 * 1024 * 1024) }))
    await expect(decodeShare(flood)).resolves.toEqual({
      ok: false,
      problem: 'The share link unpacks to more than 1 MiB, more than a request may hold.',
    })
  })
})

describe('a secret variable’s value typed in', () => {
  it('becomes the variable’s name, wherever it was typed', () => {
    const built = shareRequest(
      draft({
        url: 'https://api.example.com/v1?q=sk_test_4eC39',
        headersText: JSON.stringify({ 'X-Trace': 'id sk_test_4eC39' }),
      }),
      { graphql: false, auth: null, secrets: [{ name: 'stripeKey', value: 'sk_test_4eC39' }] },
    )
    expect(built.request.url).toBe('https://api.example.com/v1?q={{stripeKey}}')
    expect(built.request.headers).toEqual({ 'X-Trace': 'id {{stripeKey}}' })
    expect(built.replaced).toEqual([
      { placeholder: '{{stripeKey}}', where: 'place of the secret variable’s value' },
    ])
  })
})
