// The tester's outbound HTTP client: sends one request through the address guard (guard.ts),
// follows redirects by the hop policy (hops.ts), reads the answer (body.ts) and explains failures
// (networkErrors.ts).
import dns from 'node:dns'
import { STATUS_CODES } from 'node:http'
import { performance } from 'node:perf_hooks'
import type {
  ParsedTestRequest,
  SentRequest,
  TestRedirect,
  TestResponseData,
} from '../../src/contract/tester'
import { maskHeaders, maskUrl } from '../../src/shared/testerMask'
import { cleanHeaders, decodeBody, decoderFor, firstValue, headerBytes, readCapped } from './body'
import { guardedConnector, parseHostRules, type GuardOptions, type Timing } from './guard'
import { nextHop, type Outgoing } from './hops'
import { undici } from './undici'
import { explainFailure, networkError, round } from './networkErrors'

export type TesterClientOptions = GuardOptions & {
  /**
   * `host` or `host:port` the tester may reach although private (TESTER_ALLOWED_HOSTS). A
   * `host:port` entry also allows its port; a bare `host` only the allowed ports.
   */
  allowedHosts: string[]
  /** `host:port` of this site itself, always refused so the tester cannot loop through us. */
  selfHosts: string[]
  headersTimeoutMs: number
  totalTimeoutMs: number
  /** Cap on the decoded body; the rest is dropped and `truncated` set. */
  maxResponseBytes: number
  maxRedirects: number
}

export const DEFAULT_TESTER_CLIENT_OPTIONS: Omit<
  TesterClientOptions,
  'allowedHosts' | 'allowedPorts' | 'selfHosts'
> = {
  connectTimeoutMs: 5_000,
  headersTimeoutMs: 10_000,
  totalTimeoutMs: 15_000,
  maxResponseBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
  resolve: (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true }),
}

/** Our marker on every outbound request; a tester request arriving with it is a loop. */
export const VIA_MARKER = 'api-atlas-tester'
const USER_AGENT = 'API-Atlas-Tester/1.0 (+https://api-atlas.example/tools/tester)'

// Hop-by-hop, proxy and forwarding headers are ours to set, never the user's (docs/security.md).
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'content-length',
  'forwarded',
  'via',
  'x-real-ip',
  'http2-settings',
])
const droppedHeader = (name: string) =>
  DROPPED_REQUEST_HEADERS.has(name) || name.startsWith('proxy-') || name.startsWith('x-forwarded-')

/** What the user asked to send, with our own headers and theirs cleaned (docs/security.md). */
export const buildOutgoing = (request: ParsedTestRequest): Outgoing => {
  const headers: Record<string, string> = {}
  const seen = new Set<string>()
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase()
    if (droppedHeader(lower) || seen.has(lower)) continue
    seen.add(lower)
    headers[name] = value
  }
  let body: string | Buffer | null = null
  if (request.method !== 'HEAD' && request.body !== null && request.body !== undefined) {
    if (typeof request.body === 'string' && request.bodyEncoding === 'base64') {
      body = request.body === '' ? null : Buffer.from(request.body, 'base64')
    } else if (typeof request.body === 'string') {
      body = request.body === '' ? null : request.body
    } else {
      body = JSON.stringify(request.body)
      if (!seen.has('content-type')) headers['Content-Type'] = 'application/json'
    }
  }
  if (!seen.has('user-agent')) headers['User-Agent'] = USER_AGENT
  if (!seen.has('accept')) headers.Accept = '*/*'
  if (!seen.has('accept-encoding')) headers['Accept-Encoding'] = 'gzip, deflate, br'
  headers.Via = `1.1 ${VIA_MARKER}`
  return { method: request.method, headers, body }
}

/**
 * Sends one test request. Throws TesterRefusal when the destination (or a redirect's) is not
 * allowed; any other failure to reach the upstream answers status 'Error'.
 */
export const sendTestRequest = async (
  request: ParsedTestRequest,
  options: TesterClientOptions,
): Promise<TestResponseData> => {
  const startedAt = new Date()
  const started = performance.now()
  const allowed = parseHostRules(options.allowedHosts)
  const self = parseHostRules(options.selfHosts)
  const timing: Timing = { dns: 0, connect: 0, tls: 0 }
  const agent = new (undici().Agent)({
    connect: guardedConnector(options, allowed, self, timing),
    connections: 2,
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.headersTimeoutMs,
    // Plenty for any decoded cap we use: wire bytes of an uncompressed body equal decoded bytes.
    maxResponseSize: -1,
  })
  const signal = AbortSignal.timeout(options.totalTimeoutMs)

  const first = buildOutgoing(request)
  const sent: SentRequest = {
    method: first.method,
    url: maskUrl(request.url),
    headers: maskHeaders(first.headers),
    // Bytes (a multipart upload, files and all) are summed up rather than echoed back.
    body:
      first.body === null || typeof first.body === 'string'
        ? first.body
        : `(${first.body.length} bytes sent as they were encoded)`,
  }
  // tough-cookie loads with the first request, not with the server (a restart stays short).
  const { jarOutcome, openJar, takeSetCookies, withJarCookies } = await import('./cookies')
  const jar = await openJar(request.cookies)
  const redirects: TestRedirect[] = []
  let url = new URL(request.url)
  let outgoing: Outgoing = first

  const base = async () => ({
    redirects,
    url: maskUrl(url.href),
    timestamp: startedAt.toISOString(),
    request: sent,
    // Only for a request that carried a jar or an answer that set a cookie.
    ...(request.cookies !== undefined || jar.touched ? await jarOutcome(jar) : {}),
  })

  try {
    for (let hop = 0; ; hop += 1) {
      timing.dns = 0
      timing.connect = 0
      timing.tls = 0
      const hopHeaders = await withJarCookies(jar, url, outgoing.headers)
      if (hop === 0) sent.headers = maskHeaders(hopHeaders)
      const hopStarted = performance.now()
      const response = await agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: outgoing.method,
        headers: hopHeaders,
        body: outgoing.body,
        signal,
      })
      // Before the next hop, so a cookie a redirect sets goes with it, as in a browser.
      await takeSetCookies(jar, url, response.headers['set-cookie'])
      const headersAt = performance.now()
      const decision = nextHop(
        { status: response.statusCode, location: firstValue(response.headers.location) },
        { url, outgoing, hop },
        { followRedirects: request.followRedirects, maxRedirects: options.maxRedirects },
      )
      if (decision.kind !== 'final') {
        await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined)
        if (decision.kind === 'fail') {
          return networkError(decision.reason, started, timing, await base())
        }
        redirects.push(decision.redirect)
        url = decision.url
        outgoing = decision.outgoing
        continue
      }

      const contentType = firstValue(response.headers['content-type']) ?? null
      const encoding = (firstValue(response.headers['content-encoding']) ?? '').trim().toLowerCase()
      const { bytes, wire, truncated } = await readCapped(
        response.body,
        encoding,
        options.maxResponseBytes,
      )
      const ended = performance.now()
      // Bodies in an encoding we cannot decode go out as they came, in base64.
      const decodable = encoding === '' || encoding === 'identity' || decoderFor(encoding) !== null
      const body = decodable
        ? decodeBody(bytes, contentType, truncated)
        : { data: bytes.toString('base64'), bodyEncoding: 'base64' as const }
      const headers = cleanHeaders(response.headers)
      return {
        status: response.statusCode,
        statusText: response.statusText || STATUS_CODES[response.statusCode] || '',
        headers,
        ...body,
        contentType,
        truncated,
        size: { headers: headerBytes(headers), body: wire },
        responseTime: round(ended - started),
        timing: {
          dns: round(timing.dns),
          connect: round(timing.connect),
          tls: round(timing.tls),
          firstByte: round(
            Math.max(0, headersAt - hopStarted - timing.dns - timing.connect - timing.tls),
          ),
          download: round(ended - headersAt),
          total: round(ended - started),
        },
        ...(await base()),
      }
    }
  } catch (error) {
    const failure = explainFailure(error, url.hostname, options)
    if ('refusal' in failure) throw failure.refusal
    return networkError(failure.reason, started, timing, await base())
  } finally {
    // close, not destroy: every body is read or cancelled by now, and destroy builds an error.
    agent.close().catch(() => undefined)
  }
}
