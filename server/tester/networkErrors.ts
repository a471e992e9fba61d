// Failures to reach an upstream, in sentences a person understands, and the answer that carries
// them (status 'Error'); refusals found anywhere in an error's chain of causes.
import { performance } from 'node:perf_hooks'
import type { TestResponseData } from '../../src/contract/tester'
import { TesterRefusal, type Timing } from './guard'
import { networkErrorAnswer } from '../../src/shared/testerAnswers'

/** The error and its causes, outermost first, at most five deep. */
function* causes(error: unknown) {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    yield current
    current = current.cause
  }
}

type ErrorFacts = { code?: string; name?: string; message: string }

/**
 * What the chain says, in one walk: the first cause with a code or an abort name, and the first
 * TesterRefusal anywhere in it.
 */
const readChain = (error: unknown): { facts: ErrorFacts; refusal?: TesterRefusal } => {
  let facts: ErrorFacts | undefined
  let refusal: TesterRefusal | undefined
  for (const cause of causes(error)) {
    if (cause instanceof TesterRefusal) refusal ??= cause
    const { code } = cause as { code?: unknown }
    if (
      !facts &&
      (typeof code === 'string' || cause.name === 'AbortError' || cause.name === 'TimeoutError')
    ) {
      facts = {
        code: typeof code === 'string' ? code : undefined,
        name: cause.name,
        message: cause.message,
      }
    }
  }
  return {
    facts: facts ?? { message: error instanceof Error ? error.message : String(error) },
    refusal,
  }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`

export type TimeLimits = {
  connectTimeoutMs: number
  headersTimeoutMs: number
  totalTimeoutMs: number
}

/** A sentence a person understands for why the upstream could not be reached. */
const describe = ({ code, name, message }: ErrorFacts, hostname: string, options: TimeLimits) => {
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

/**
 * What a failed request comes to: the refusal to throw when the guard refused a hop, else the
 * sentence for why the upstream could not be reached.
 */
export const explainFailure = (
  error: unknown,
  hostname: string,
  options: TimeLimits,
): { refusal: TesterRefusal } | { reason: string } => {
  const { facts, refusal } = readChain(error)
  return refusal ? { refusal } : { reason: describe(facts, hostname, options) }
}

export const round = (ms: number) => Math.round(ms * 100) / 100

/** The answer for a request that got no response: status 'Error', with why. */
export const networkError = (
  reason: string,
  started: number,
  timing: Timing,
  rest: Pick<
    TestResponseData,
    'redirects' | 'url' | 'timestamp' | 'request' | 'cookies' | 'cookieChanges'
  >,
): TestResponseData => {
  const total = round(performance.now() - started)
  return networkErrorAnswer({
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
  })
}
