// One health check of one API: a GET of its address, the http:// form's redirect, and a CORS
// preflight from our own origin, all through the tester's address guard (server/tester/guard.ts):
// no private address, whatever the spelling, unless TESTER_ALLOWED_HOSTS names it.
import dns from 'node:dns'
import { performance } from 'node:perf_hooks'
import type { TLSSocket } from 'node:tls'
import type { buildConnector } from 'undici'
import { explainFailure } from '../tester/networkErrors'
import { guardedConnector, parseHostRules, type Resolver, type Timing } from '../tester/guard'
import { undici } from '../tester/undici'

export type ProbeOptions = {
  /** TESTER_ALLOWED_HOSTS: private `host[:port]` the checker may reach (tests, intranets). */
  allowedHosts: string[]
  /** Ports reached on any host (TESTER_ALLOWED_PORTS and the defaults). */
  allowedPorts: number[]
  /** `host:port` of this site itself, never checked. */
  selfHosts: string[]
  /** Our public origin, sent as `Origin` in the preflight, as a page of ours would. */
  origin: string
  /** Name resolution; tests answer with chosen addresses or failures. */
  resolve: Resolver
  connectTimeoutMs: number
  /** Whole check, redirects included. */
  timeoutMs: number
  maxRedirects: number
  /** Cuts the check short (the server is stopping). */
  signal?: AbortSignal
}

export const DEFAULT_PROBE_LIMITS = {
  connectTimeoutMs: 5_000,
  timeoutMs: 15_000,
  maxRedirects: 5,
  resolve: ((hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true })) as Resolver,
}

/** A failure to reach anything at all, as a machine without a network meets it. */
export type NetworkClass = 'dns' | 'route' | 'connect-timeout'

export type ProbeResult = {
  url: string
  status: 'up' | 'down'
  /** The final answer's status; null when none came. */
  httpStatus: number | null
  /** Until the final answer's headers, redirects included; null without an answer. */
  latencyMs: number | null
  /** The address answered over HTTPS with a valid certificate (null: no answer either way). */
  https: boolean | null
  /** The http:// form of the address (or the address itself) redirects to https://. */
  redirectsToHttps: boolean | null
  tlsValid: boolean | null
  tlsExpiresAt: string | null
  /** The preflight from our origin was allowed; null when the API did not answer at all. */
  cors: 'allowed' | 'blocked' | null
  corsOrigins: string | null
  corsMethods: string | null
  /** Why it is down, in words. */
  error: string | null
  /** Set when nothing was reached for a reason a missing network also gives. */
  networkClass: NetworkClass | null
}

const USER_AGENT = 'API-Atlas-Health/1.0 (+https://api-atlas.example/apis)'
const REDIRECTS = new Set([301, 302, 303, 307, 308])

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME'])
const ROUTE_CODES = new Set(['ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN'])

const codeOf = (error: unknown): string | undefined => {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const { code } = current as { code?: unknown }
    if (typeof code === 'string') return code
    current = current.cause
  }
  return undefined
}

export const networkClassOf = (error: unknown): NetworkClass | null => {
  const code = codeOf(error)
  if (code === undefined) return null
  if (DNS_CODES.has(code)) return 'dns'
  if (ROUTE_CODES.has(code)) return 'route'
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'connect-timeout'
  return null
}

const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO|ERR_TLS|ERR_SSL/

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name]
  return Array.isArray(value) ? value.join(', ') : (value ?? null)
}

/** Does the preflight's answer let a page at `origin` send a GET? */
export const corsAllows = (
  status: number,
  allowOrigin: string | null,
  allowMethods: string | null,
  origin: string,
) => {
  if (status < 200 || status >= 300 || !allowOrigin) return false
  const origins = allowOrigin.split(',').map((value) => value.trim())
  if (!origins.includes('*') && !origins.includes(origin)) return false
  // Without Allow-Methods a browser still allows the simple methods, GET among them.
  if (!allowMethods) return true
  const methods = allowMethods.split(',').map((value) => value.trim().toUpperCase())
  return methods.includes('GET') || methods.includes('*')
}

/** Checks one address; never throws (a refusal by the guard is a down API with its reason). */
export const probeApi = async (address: string, options: ProbeOptions): Promise<ProbeResult> => {
  const allowed = parseHostRules(options.allowedHosts)
  const self = parseHostRules(options.selfHosts)
  const timing: Timing = { dns: 0, connect: 0, tls: 0 }
  // Written by the connector, read once the check is over.
  const tls: { valid: boolean | null; expiresAt: string | null } = { valid: null, expiresAt: null }
  const guarded = guardedConnector(options, allowed, self, timing)
  // The certificate of the last TLS connection: its expiry is a fact worth keeping.
  const connect: buildConnector.connector = (opts, callback) =>
    guarded(opts, (error, socket) => {
      if (!error && socket && 'getPeerCertificate' in socket) {
        const cert = (socket as TLSSocket).getPeerCertificate()
        tls.valid = (socket as TLSSocket).authorized
        tls.expiresAt = cert?.valid_to ? new Date(cert.valid_to).toISOString() : null
      }
      if (error && TLS_CODE.test(codeOf(error) ?? '')) tls.valid = false
      if (error) callback(error, null)
      else callback(null, socket!)
    })
  const agent = new (undici().Agent)({
    connect,
    connections: 2,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  })
  const timeout = AbortSignal.timeout(options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout
  const send = async (url: URL, method: 'GET' | 'OPTIONS', extra: Record<string, string> = {}) => {
    const response = await agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method,
      headers: { 'user-agent': USER_AGENT, accept: '*/*', ...extra },
      signal,
    })
    // Only the status and headers count; the body is not needed.
    await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined)
    return response
  }

  let url = new URL(address)
  const result: ProbeResult = {
    url: url.href,
    status: 'down',
    httpStatus: null,
    latencyMs: null,
    https: null,
    redirectsToHttps: null,
    tlsValid: null,
    tlsExpiresAt: null,
    cors: null,
    corsOrigins: null,
    corsMethods: null,
    error: null,
    networkClass: null,
  }
  const started = performance.now()
  try {
    let wentToHttps = false
    for (let hop = 0; ; hop += 1) {
      const response = await send(url, 'GET', { origin: options.origin })
      const location = header(response.headers, 'location')
      if (REDIRECTS.has(response.statusCode) && location && hop < options.maxRedirects) {
        const next = new URL(location, url)
        if (next.protocol !== 'http:' && next.protocol !== 'https:') break
        if (url.protocol === 'http:' && next.protocol === 'https:') wentToHttps = true
        url = next
        continue
      }
      result.httpStatus = response.statusCode
      result.latencyMs = Math.round(performance.now() - started)
      break
    }
    result.url = url.href
    result.status = result.httpStatus !== null && result.httpStatus < 500 ? 'up' : 'down'
    if (result.status === 'down') result.error = `Answered ${result.httpStatus}`
    result.https = url.protocol === 'https:'
    if (url.protocol === 'https:') {
      // Is the plain-HTTP form sent to HTTPS? One hop, not followed.
      result.redirectsToHttps = wentToHttps
      if (!wentToHttps) {
        const plain = new URL(url.href)
        plain.protocol = 'http:'
        const answer = await send(plain, 'GET').catch(() => undefined)
        const location = answer && header(answer.headers, 'location')
        result.redirectsToHttps = Boolean(
          answer &&
          REDIRECTS.has(answer.statusCode) &&
          location &&
          new URL(location, plain).protocol === 'https:',
        )
      }
    } else result.redirectsToHttps = false

    // CORS as a page of ours meets it: the preflight a fetch with an API key header sends. An API
    // that is down is not judged.
    const preflight =
      result.status === 'up'
        ? await send(url, 'OPTIONS', {
            origin: options.origin,
            'access-control-request-method': 'GET',
          }).catch(() => undefined)
        : undefined
    if (preflight) {
      result.corsOrigins = header(preflight.headers, 'access-control-allow-origin')
      result.corsMethods = header(preflight.headers, 'access-control-allow-methods')
      result.cors = corsAllows(
        preflight.statusCode,
        result.corsOrigins,
        result.corsMethods,
        options.origin,
      )
        ? 'allowed'
        : 'blocked'
    } else if (result.status === 'up') result.cors = 'blocked'
  } catch (error) {
    const failure = explainFailure(error, url.hostname, {
      connectTimeoutMs: options.connectTimeoutMs,
      headersTimeoutMs: options.timeoutMs,
      totalTimeoutMs: options.timeoutMs,
    })
    result.status = 'down'
    result.error = 'refusal' in failure ? failure.refusal.message : failure.reason
    result.networkClass = 'refusal' in failure ? null : networkClassOf(error)
    if (url.protocol === 'https:' && tls.valid === false) result.https = false
  } finally {
    agent.close().catch(() => undefined)
  }
  result.tlsValid = tls.valid
  result.tlsExpiresAt = tls.expiresAt
  return result
}

export type FetchedAnswer = {
  status: number
  headers: Record<string, string>
  /** The body as text, cut at maxBytes (`truncated` says so). */
  body: string
  truncated: boolean
  latencyMs: number
}

/**
 * One GET through the same address guard as the probe, for a conformance check: no redirects
 * followed (an operation's answer is what it answers), the body read up to maxBytes. Throws on a
 * refusal or a network failure, with the reason in words.
 */
export const fetchGuarded = async (
  address: string,
  options: ProbeOptions & { maxBytes?: number; headers?: Record<string, string> },
): Promise<FetchedAnswer> => {
  const allowed = parseHostRules(options.allowedHosts)
  const self = parseHostRules(options.selfHosts)
  const timing: Timing = { dns: 0, connect: 0, tls: 0 }
  const agent = new (undici().Agent)({
    connect: guardedConnector(options, allowed, self, timing),
    connections: 1,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  })
  const timeout = AbortSignal.timeout(options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout
  const url = new URL(address)
  const maxBytes = options.maxBytes ?? 1024 * 1024
  const started = performance.now()
  try {
    const response = await agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: {
        'user-agent': USER_AGENT,
        accept: 'application/json, */*;q=0.5',
        ...options.headers,
      },
      signal,
    })
    const latencyMs = Math.round(performance.now() - started)
    const chunks: Buffer[] = []
    let size = 0
    let truncated = false
    for await (const chunk of response.body) {
      const buffer = chunk as Buffer
      if (size + buffer.length > maxBytes) {
        chunks.push(buffer.subarray(0, maxBytes - size))
        truncated = true
        response.body.destroy()
        break
      }
      chunks.push(buffer)
      size += buffer.length
    }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
    }
    return {
      status: response.statusCode,
      headers,
      body: Buffer.concat(chunks).toString('utf8'),
      truncated,
      latencyMs,
    }
  } catch (error) {
    const failure = explainFailure(error, url.hostname, {
      connectTimeoutMs: options.connectTimeoutMs,
      headersTimeoutMs: options.timeoutMs,
      totalTimeoutMs: options.timeoutMs,
    })
    throw new Error('refusal' in failure ? failure.refusal.message : failure.reason, {
      cause: error,
    })
  } finally {
    agent.close().catch(() => undefined)
  }
}
