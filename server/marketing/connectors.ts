import {
  NETWORK_NAMES,
  type ConnectorMode,
  type Network,
} from '../../src/contract/contentMarketing'

/** What sending a post produced on the network. */
export type Sent = { externalId: string; url: string | null }

/**
 * One per network. A connected connector sends through the network's API; the outbox connector
 * sends nothing and says so: nothing is claimed to be on a network it was not sent to
 * (docs/analytics.md).
 */
export type Connector = {
  network: Network
  mode: ConnectorMode
  /** Resolves with the network's id for the post, null for the outbox; rejects with a ConnectorError. */
  send: (post: { title: string; content: string }) => Promise<Sent | null>
}

export class ConnectorError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'ConnectorError'
  }
}

export type ConnectorCredentials = {
  linkedin?: { accessToken: string; authorUrn: string }
  twitter?: { accessToken: string }
  reddit?: { accessToken: string; subreddit: string }
}

export type ConnectorOptions = {
  fetch?: typeof fetch
  /** Per network, for tests against a local stand-in. */
  baseUrls?: Partial<Record<Network, string>>
  timeoutMs?: number
}

const USER_AGENT = 'api-atlas/0.1 (content marketing)'
const LINKEDIN_VERSION = '202510'

const outbox = (network: Network): Connector => ({
  network,
  mode: 'outbox',
  send: () => Promise.resolve(null),
})

/** Posts JSON or a form, and turns every way it can fail into a sentence naming the network. */
const call = async (
  network: Network,
  options: Required<Pick<ConnectorOptions, 'fetch' | 'timeoutMs'>>,
  url: string,
  init: RequestInit,
) => {
  const name = NETWORK_NAMES[network]
  let response: Response
  try {
    response = await options.fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) })
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${options.timeoutMs / 1000} s`
        : 'could not be reached'
    throw new ConnectorError(`${name} ${reason}`, { cause: error })
  }
  const text = await response.text()
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    // keep null: some error pages are HTML
  }
  if (!response.ok) {
    const detail =
      body && typeof body === 'object'
        ? ((body as Record<string, unknown>).detail ??
          (body as Record<string, unknown>).message ??
          (body as Record<string, unknown>).title)
        : undefined
    throw new ConnectorError(
      `${name} refused the post (HTTP ${response.status}${typeof detail === 'string' ? `: ${detail.slice(0, 200)}` : ''})`,
    )
  }
  return { response, body }
}

const twitter = (
  credentials: NonNullable<ConnectorCredentials['twitter']>,
  options: Required<Pick<ConnectorOptions, 'fetch' | 'timeoutMs'>>,
  baseUrl = 'https://api.x.com',
): Connector => ({
  network: 'twitter',
  mode: 'connected',
  send: async ({ content }) => {
    // X API v2 with an OAuth 2.0 user-context token that has the tweet.write scope.
    const { body } = await call('twitter', options, `${baseUrl}/2/tweets`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${credentials.accessToken}`,
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
      },
      body: JSON.stringify({ text: content }),
    })
    const id = (body as { data?: { id?: unknown } } | null)?.data?.id
    if (typeof id !== 'string') throw new ConnectorError('Twitter answered without a post id')
    return { externalId: id, url: `https://x.com/i/web/status/${id}` }
  },
})

const linkedin = (
  credentials: NonNullable<ConnectorCredentials['linkedin']>,
  options: Required<Pick<ConnectorOptions, 'fetch' | 'timeoutMs'>>,
  baseUrl = 'https://api.linkedin.com',
): Connector => ({
  network: 'linkedin',
  mode: 'connected',
  send: async ({ content }) => {
    // LinkedIn's versioned Posts API; the new post's URN comes back in a header.
    const { response } = await call('linkedin', options, `${baseUrl}/rest/posts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${credentials.accessToken}`,
        'content-type': 'application/json',
        'linkedin-version': LINKEDIN_VERSION,
        'x-restli-protocol-version': '2.0.0',
        'user-agent': USER_AGENT,
      },
      body: JSON.stringify({
        author: credentials.authorUrn,
        commentary: content,
        visibility: 'PUBLIC',
        distribution: {
          feedDistribution: 'MAIN_FEED',
          targetEntities: [],
          thirdPartyDistributionChannels: [],
        },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      }),
    })
    const urn = response.headers.get('x-restli-id')
    if (!urn) throw new ConnectorError('LinkedIn answered without a post id')
    return {
      externalId: urn,
      url: `https://www.linkedin.com/feed/update/${encodeURIComponent(urn)}/`,
    }
  },
})

type RedditSubmit = { json?: { errors?: unknown[][]; data?: { id?: string; url?: string } } }

const reddit = (
  credentials: NonNullable<ConnectorCredentials['reddit']>,
  options: Required<Pick<ConnectorOptions, 'fetch' | 'timeoutMs'>>,
  baseUrl = 'https://oauth.reddit.com',
): Connector => ({
  network: 'reddit',
  mode: 'connected',
  send: async ({ title, content }) => {
    const form = new URLSearchParams({
      api_type: 'json',
      kind: 'self',
      sr: credentials.subreddit,
      title: title.slice(0, 300),
      text: content,
    })
    const { body } = await call('reddit', options, `${baseUrl}/api/submit`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${credentials.accessToken}`,
        'content-type': 'application/x-www-form-urlencoded',
        // Reddit refuses generic user agents.
        'user-agent': USER_AGENT,
      },
      body: form.toString(),
    })
    const result = (body as RedditSubmit | null)?.json
    // Reddit answers 200 with its refusals listed in json.errors.
    const [firstError] = result?.errors ?? []
    if (firstError) {
      throw new ConnectorError(`Reddit refused the post: ${firstError.map(String).join(' ')}`)
    }
    const id = result?.data?.id
    if (!id) throw new ConnectorError('Reddit answered without a post id')
    return { externalId: id, url: result.data?.url ?? null }
  },
})

export type Connectors = Record<Network, Connector>

/** A connected connector where the network's credentials are configured, the outbox otherwise. */
export const createConnectors = (
  credentials: ConnectorCredentials,
  options: ConnectorOptions = {},
): Connectors => {
  const resolved = { fetch: options.fetch ?? fetch, timeoutMs: options.timeoutMs ?? 10_000 }
  const urls = options.baseUrls ?? {}
  return {
    linkedin: credentials.linkedin
      ? linkedin(credentials.linkedin, resolved, urls.linkedin)
      : outbox('linkedin'),
    twitter: credentials.twitter
      ? twitter(credentials.twitter, resolved, urls.twitter)
      : outbox('twitter'),
    reddit: credentials.reddit
      ? reddit(credentials.reddit, resolved, urls.reddit)
      : outbox('reddit'),
  }
}

export const connectorModes = (connectors: Connectors) => ({
  linkedin: connectors.linkedin.mode,
  twitter: connectors.twitter.mode,
  reddit: connectors.reddit.mode,
})
