import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ConnectorError, createConnectors } from './connectors'

type Seen = { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }
type Answer = { status: number; headers?: Record<string, string>; body?: unknown; delayMs?: number }

/** A local stand-in for the three networks' APIs that records what it was sent. */
let server: Server
let baseUrl: string
let seen: Seen[] = []
let answer: Answer = { status: 200 }

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      seen.push({ method: request.method, url: request.url, headers: request.headers, body })
      setTimeout(() => {
        response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
        response.end(answer.body === undefined ? '' : JSON.stringify(answer.body))
      }, answer.delayMs ?? 0)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  seen = []
})

const connected = () =>
  createConnectors(
    {
      linkedin: { accessToken: 'li-token', authorUrn: 'urn:li:organization:42' },
      twitter: { accessToken: 'x-token' },
      reddit: { accessToken: 'r-token', subreddit: 'apiatlas' },
    },
    { baseUrls: { linkedin: baseUrl, twitter: baseUrl, reddit: baseUrl }, timeoutMs: 500 },
  )

describe('connectors', () => {
  it('uses the outbox for every network without credentials, and sends nothing', async () => {
    const connectors = createConnectors({})
    for (const connector of Object.values(connectors)) {
      expect(connector.mode).toBe('outbox')
      await expect(connector.send({ title: 't', content: 'c' })).resolves.toBeNull()
    }
  })

  it('posts to X API v2 with the bearer token and returns the tweet', async () => {
    answer = { status: 201, body: { data: { id: '1790', text: 'Hello' } } }
    const sent = await connected().twitter.send({ title: 'Hello', content: 'Hello developers' })
    expect(sent).toEqual({ externalId: '1790', url: 'https://x.com/i/web/status/1790' })
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/2/tweets' })
    expect(seen[0]!.headers.authorization).toBe('Bearer x-token')
    expect(JSON.parse(seen[0]!.body)).toEqual({ text: 'Hello developers' })
  })

  it("posts to LinkedIn's Posts API as the configured author and reads the URN header", async () => {
    answer = { status: 201, headers: { 'x-restli-id': 'urn:li:share:77' } }
    const sent = await connected().linkedin.send({ title: 'New', content: 'New guide' })
    expect(sent?.externalId).toBe('urn:li:share:77')
    expect(seen[0]).toMatchObject({ url: '/rest/posts' })
    expect(seen[0]!.headers['linkedin-version']).toMatch(/^\d{6}$/)
    expect(seen[0]!.headers['x-restli-protocol-version']).toBe('2.0.0')
    expect(JSON.parse(seen[0]!.body)).toMatchObject({
      author: 'urn:li:organization:42',
      commentary: 'New guide',
      lifecycleState: 'PUBLISHED',
    })
  })

  it('submits a self post to the configured subreddit, and reports what Reddit refused', async () => {
    answer = {
      status: 200,
      body: { json: { errors: [], data: { id: 'abc', url: 'https://reddit.com/r/apiatlas/abc' } } },
    }
    const sent = await connected().reddit.send({ title: 'Title line', content: 'Title line\nmore' })
    expect(sent).toEqual({ externalId: 'abc', url: 'https://reddit.com/r/apiatlas/abc' })
    const form = new URLSearchParams(seen[0]!.body)
    expect(Object.fromEntries(form)).toMatchObject({
      sr: 'apiatlas',
      kind: 'self',
      title: 'Title line',
    })

    answer = {
      status: 200,
      body: { json: { errors: [['RATELIMIT', 'you are doing that too much', 'ratelimit']] } },
    }
    await expect(connected().reddit.send({ title: 't', content: 'c' })).rejects.toThrow(
      'Reddit refused the post: RATELIMIT you are doing that too much ratelimit',
    )
  })

  it('names the network and the status when it refuses, and gives up after the time-out', async () => {
    answer = { status: 401, body: { title: 'Unauthorized', detail: 'Token expired' } }
    await expect(connected().twitter.send({ title: 't', content: 'c' })).rejects.toThrow(
      'Twitter refused the post (HTTP 401: Token expired)',
    )
    answer = { status: 201, delayMs: 2000, body: {} }
    const slow = connected().linkedin.send({ title: 't', content: 'c' })
    await expect(slow).rejects.toBeInstanceOf(ConnectorError)
    await expect(slow).rejects.toThrow('LinkedIn no answer within 0.5 s')
  })

  it('says when a network cannot be reached at all', async () => {
    const connectors = createConnectors(
      { twitter: { accessToken: 'x' } },
      { baseUrls: { twitter: 'http://127.0.0.1:9' }, timeoutMs: 500 },
    )
    await expect(connectors.twitter.send({ title: 't', content: 'c' })).rejects.toThrow(
      'Twitter could not be reached',
    )
  })
})
