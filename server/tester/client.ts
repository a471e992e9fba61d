// The tester's outbound HTTP client: public unicast addresses only, checked on the address each
// socket actually dials, at every redirect hop (notes/outbound-guard.md §1–§7).
import dns from 'node:dns'
import { STATUS_CODES } from 'node:http'
import net from 'node:net'
import { performance } from 'node:perf_hooks'
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'
import { Agent, buildConnector } from 'undici'
import {
  PRIVATE_ADDRESS_MESSAGE,
  type ParsedTestRequest,
  type SentRequest,
  type TestRedirect,
  type TestResponseData,
  type TesterMethod,
} from '../../src/contract/tester'
import { forbiddenClass, type AddressClass } from './addresses'
import { maskHeaders, maskUrl } from '../../src/contract/testerMask'

export type ResolvedAddress = { address: string; family: number }
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export type TesterClientOptions = {
  /** `host` or `host:port` the tester may reach although private (TESTER_ALLOWED_HOSTS). */
  allowedHosts: string[]
  /** `host:port` of this site itself, always refused so the tester cannot loop through us. */
  selfHosts: string[]
  connectTimeoutMs: number
  headersTimeoutMs: number
  totalTimeoutMs: number
  /** Cap on the decoded body; the rest is dropped and `truncated` set. */
  maxResponseBytes: number
  maxRedirects: number
  /** Name resolution (tests answer with chosen addresses); every answer is checked. */
  resolve: Resolver
  /** Opens the socket to an already checked address; tests wrap it to count dials. */
  dial?: buildConnector.connector
}

export const DEFAULT_TESTER_CLIENT_OPTIONS: Omit<
  TesterClientOptions,
  'allowedHosts' | 'selfHosts'
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

/** The tester refused to reach the destination; answered as 400 with this message. */
export class TesterRefusal extends Error {
  readonly code = 'ESSRF'
  constructor(message: string) {
    super(message)
    this.name = 'TesterRefusal'
  }
}

const describeClass = (cls: AddressClass) =>
  cls === 'metadata' ? 'cloud metadata' : cls === 'invalid' ? 'unrecognised' : cls

export const privateRefusal = (cls: AddressClass) =>
  new TesterRefusal(`${PRIVATE_ADDRESS_MESSAGE} (${describeClass(cls)} address)`)

// Hop-by-hop, proxy and forwarding headers are ours to set, never the user's (§4).
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

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

const stripBrackets = (host: string) => host.replace(/^\[|\]$/g, '')
const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80)

type HostRule = { hostname: string; port?: number }

/** `host[:port]` entries in the WHATWG parser's normal form, so `0x7f.1` matches `127.0.0.1`. */
export const parseHostRules = (entries: string[]): HostRule[] =>
  entries.flatMap((entry) => {
    try {
      const url = new URL(`http://${entry}`)
      const explicitPort = /:\d+$/.test(entry)
      return [
        {
          hostname: stripBrackets(url.hostname),
          port: explicitPort ? Number(url.port || 80) : undefined,
        },
      ]
    } catch {
      return []
    }
  })

const matchesRule = (rules: HostRule[], hostname: string, port: number) =>
  rules.some(
    (rule) => rule.hostname === hostname && (rule.port === undefined || rule.port === port),
  )

type Timing = { dns: number; connect: number; tls: number }

/** One guarded connector per test request, so the timing it records belongs to that request. */
const guardedConnector = (
  options: TesterClientOptions,
  allowed: HostRule[],
  self: HostRule[],
  timing: Timing,
): buildConnector.connector => {
  const dial = options.dial ?? buildConnector({ timeout: options.connectTimeoutMs })
  return (opts, callback) => {
    const hostname = stripBrackets(opts.hostname).toLowerCase()
    const port = Number(opts.port) || defaultPort(opts.protocol)
    const fail = (error: Error) => callback(error, null)
    if (matchesRule(self, hostname, port)) {
      fail(new TesterRefusal('Requests to this site itself are not allowed'))
      return
    }
    const exempt = matchesRule(allowed, hostname, port)
    const started = performance.now()
    const literal = net.isIP(hostname)
    const lookup: Promise<ResolvedAddress[]> = literal
      ? Promise.resolve([{ address: hostname, family: literal }])
      : withTimeout(options.resolve(hostname), options.connectTimeoutMs, hostname)
    lookup.then(
      (addresses) => {
        const resolved = performance.now()
        timing.dns = literal ? 0 : resolved - started
        if (addresses.length === 0) {
          fail(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }))
          return
        }
        // Every answer, not just the first: the connector could fall through to another.
        if (!exempt) {
          for (const { address } of addresses) {
            const cls = forbiddenClass(address)
            if (cls) {
              fail(privateRefusal(cls))
              return
            }
          }
        }
        const [target] = addresses as [ResolvedAddress]
        // Dial the checked address itself; TLS still names the host (SNI and certificate).
        let tcpDone = resolved
        const socket = dial({ ...opts, hostname: target.address }, (error, connected) => {
          if (error || !connected) {
            fail(error ?? new Error('Connection failed'))
            return
          }
          const done = performance.now()
          if (opts.protocol === 'https:') {
            timing.connect = tcpDone - resolved
            timing.tls = done - tcpDone
          } else {
            timing.connect = done - resolved
          }
          callback(null, connected)
        }) as unknown as net.Socket | undefined
        socket?.once?.('connect', () => {
          tcpDone = performance.now()
        })
      },
      (error: Error) => fail(error),
    )
  }
}

const withTimeout = <T>(promise: Promise<T>, ms: number, hostname: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error(`DNS lookup of ${hostname} timed out`), { code: 'EAI_AGAIN' }),
        ),
      ms,
    )
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })

const findCode = (error: unknown): { code?: string; name?: string; message: string } => {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const { code } = current as { code?: unknown }
    if (
      typeof code === 'string' ||
      current.name === 'AbortError' ||
      current.name === 'TimeoutError'
    )
      return {
        code: typeof code === 'string' ? code : undefined,
        name: current.name,
        message: current.message,
      }
    current = current.cause
  }
  return { message: error instanceof Error ? error.message : String(error) }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`

/** A sentence a person understands for why the upstream could not be reached. */
export const describeNetworkError = (
  error: unknown,
  hostname: string,
  options: Pick<TesterClientOptions, 'connectTimeoutMs' | 'headersTimeoutMs' | 'totalTimeoutMs'>,
) => {
  const { code, name, message } = findCode(error)
  if (name === 'AbortError' || name === 'TimeoutError' || code === 'ABORT_ERR')
    return `The request timed out after ${seconds(options.totalTimeoutMs)}`
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_NONAME':
    case 'EAI_NODATA':
      return `Could not resolve host ${hostname}`
    case 'EAI_AGAIN':
      return `DNS lookup of ${hostname} failed or timed out`
    case 'ECONNREFUSED':
      return `Connection refused by ${hostname}`
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'EPIPE':
      return `The connection to ${hostname} was closed unexpectedly`
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${hostname} is unreachable`
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return `Connecting to ${hostname} timed out after ${seconds(options.connectTimeoutMs)}`
    case 'UND_ERR_HEADERS_TIMEOUT':
      return `${hostname} sent no response within ${seconds(options.headersTimeoutMs)}`
    case 'UND_ERR_BODY_TIMEOUT':
      return `${hostname} stopped sending the response body`
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_STATUS':
    case 'HPE_INVALID_HEADER_TOKEN':
      return `${hostname} did not answer with valid HTTP`
  }
  if (
    code &&
    (code.startsWith('ERR_TLS') ||
      code.startsWith('ERR_SSL') ||
      /CERT|SELF_SIGNED|UNABLE_TO/.test(code))
  )
    return `TLS error with ${hostname}: ${message}`
  return message || 'The request failed'
}

// Text we show as text; anything else that is not valid UTF-8 is base64.
const TEXTUAL =
  /^text\/|[/+](json|xml|javascript|ecmascript|x-www-form-urlencoded|graphql|yaml|csv|html)\b/i
const JSONISH = /[/+]json\b/i

const decodeBody = (
  bytes: Buffer,
  contentType: string | null,
  truncated: boolean,
): Pick<TestResponseData, 'data' | 'bodyEncoding'> => {
  if (bytes.length === 0) return { data: null, bodyEncoding: 'none' }
  let text: string | undefined
  if (contentType && TEXTUAL.test(contentType)) {
    text = bytes.toString('utf8')
  } else if (!contentType || !/^(image|audio|video|font)\//i.test(contentType)) {
    try {
      const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      if (!decoded.includes('\0')) text = decoded
    } catch {
      // not text
    }
  }
  if (text === undefined) return { data: bytes.toString('base64'), bodyEncoding: 'base64' }
  if (!truncated && (JSONISH.test(contentType ?? '') || (!contentType && /^\s*[[{]/.test(text)))) {
    try {
      return { data: JSON.parse(text) as unknown, bodyEncoding: 'json' }
    } catch {
      // JSON in name only: show the text
    }
  }
  return { data: text, bodyEncoding: 'text' }
}

const decoderFor = (
  encoding: string,
): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null => {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip()
    case 'deflate':
      return zlib.createInflate()
    case 'br':
      return zlib.createBrotliDecompress()
    default:
      return null
  }
}

/** Reads at most `cap` decoded bytes; counts wire bytes; a compression bomb stops at the cap. */
const readCapped = async (
  body: Readable,
  encoding: string,
  cap: number,
): Promise<{ bytes: Buffer; wire: number; truncated: boolean }> => {
  let wire = 0
  body.on('data', (chunk: Buffer) => {
    wire += chunk.length
  })
  const decoder = decoderFor(encoding)
  const source: Readable = decoder ? body.pipe(decoder) : body
  if (decoder) body.once('error', (error) => decoder.destroy(error))
  const chunks: Buffer[] = []
  let size = 0
  let truncated = false
  for await (const chunk of source as AsyncIterable<Buffer>) {
    if (size + chunk.length > cap) {
      chunks.push(chunk.subarray(0, cap - size))
      size = cap
      truncated = true
      break
    }
    chunks.push(chunk)
    size += chunk.length
  }
  if (truncated) {
    decoder?.destroy()
    body.destroy()
  }
  return { bytes: Buffer.concat(chunks, size), wire, truncated }
}

const headerBytes = (headers: Record<string, string | string[] | undefined>) =>
  Object.entries(headers).reduce((sum, [name, value]) => {
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value]
    return sum + values.reduce((s, v) => s + name.length + v.length + 4, 0)
  }, 0)

const cleanHeaders = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, value] as const],
    ),
  )

const firstValue = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value

type Outgoing = { method: TesterMethod; headers: Record<string, string>; body: string | null }

/** What the user asked to send, with our own headers and theirs cleaned (§4). */
export const buildOutgoing = (request: ParsedTestRequest): Outgoing => {
  const headers: Record<string, string> = {}
  const seen = new Set<string>()
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase()
    if (droppedHeader(lower) || seen.has(lower)) continue
    seen.add(lower)
    headers[name] = value
  }
  let body: string | null = null
  if (request.method !== 'HEAD' && request.body !== null && request.body !== undefined) {
    if (typeof request.body === 'string') {
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

const withoutHeaders = (headers: Record<string, string>, names: string[]) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !names.includes(name.toLowerCase())),
  )

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
  const agent = new Agent({
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
    body: first.body,
  }
  const redirects: TestRedirect[] = []
  let url = new URL(request.url)
  let outgoing = first

  const base = () => ({
    redirects,
    url: maskUrl(url.href),
    timestamp: startedAt.toISOString(),
    request: sent,
  })

  try {
    for (let hop = 0; ; hop += 1) {
      timing.dns = 0
      timing.connect = 0
      timing.tls = 0
      const hopStarted = performance.now()
      const response = await agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: outgoing.method,
        headers: outgoing.headers,
        body: outgoing.body,
        signal,
      })
      const headersAt = performance.now()
      const location = firstValue(response.headers.location)

      if (request.followRedirects && REDIRECT_STATUSES.has(response.statusCode) && location) {
        await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined)
        if (hop >= options.maxRedirects) {
          return networkError(
            `Stopped after ${options.maxRedirects} redirects`,
            started,
            timing,
            base(),
          )
        }
        let next: URL
        try {
          next = new URL(location, url)
        } catch {
          return networkError(
            `The redirect to '${location}' is not a valid URL`,
            started,
            timing,
            base(),
          )
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          throw new TesterRefusal(`Redirects to ${next.protocol} addresses are not followed`)
        }
        if (next.username || next.password) {
          throw new TesterRefusal(
            'Redirects to addresses with a user name or password are not followed',
          )
        }
        redirects.push({
          url: maskUrl(url.href),
          status: response.statusCode,
          location: maskUrl(next.href),
        })
        const changesToGet =
          response.statusCode === 303
            ? outgoing.method !== 'HEAD'
            : (response.statusCode === 301 || response.statusCode === 302) &&
              outgoing.method === 'POST'
        if (changesToGet) {
          outgoing = {
            method: 'GET',
            headers: withoutHeaders(outgoing.headers, ['content-type', 'content-encoding']),
            body: null,
          }
        }
        // Credentials stay with the origin they were typed for.
        if (next.origin !== url.origin) {
          outgoing = {
            ...outgoing,
            headers: withoutHeaders(outgoing.headers, ['authorization', 'cookie']),
          }
        }
        url = next
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
        ...base(),
      }
    }
  } catch (error) {
    const refusal = findRefusal(error)
    if (refusal) throw refusal
    return networkError(describeNetworkError(error, url.hostname, options), started, timing, base())
  } finally {
    // close, not destroy: every body is read or cancelled by now, and destroy builds an error.
    agent.close().catch(() => undefined)
  }
}

const findRefusal = (error: unknown): TesterRefusal | undefined => {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof TesterRefusal) return current
    current = current.cause
  }
  return undefined
}

const round = (ms: number) => Math.round(ms * 100) / 100

const networkError = (
  reason: string,
  started: number,
  timing: Timing,
  rest: Pick<TestResponseData, 'redirects' | 'url' | 'timestamp' | 'request'>,
): TestResponseData => {
  const total = round(performance.now() - started)
  return {
    status: 'Error',
    statusText: 'Network Error',
    headers: {},
    data: null,
    bodyEncoding: 'none',
    contentType: null,
    truncated: false,
    size: { headers: 0, body: 0 },
    responseTime: total,
    timing: {
      dns: round(timing.dns),
      connect: round(timing.connect),
      tls: round(timing.tls),
      firstByte: 0,
      download: 0,
      total,
    },
    error: reason,
    ...rest,
  }
}
