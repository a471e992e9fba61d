// Running a collection: its requests one at a time, in order, through the same path as Send
// (variables filled from the active environment, secrets masked in what comes back), each answer
// checked. The sending itself and the waiting are passed in, so tests drive them exactly.
import type { TestRequest, TestResponseData } from '@/contract/tester'
import type { SendResult } from '../api/testerApi'
import { evaluateChecks, type CheckResult } from './checks'
import type { Check } from './checkTypes'
import { toTestRequest, type Draft } from './draft'
import { multipartBody } from './multipart'
import { isExpired, tokenFromEnvironment } from './oauth'
import { redactSecrets, resolveDraft } from './variables'
import type { CollectionItem, Environment } from './workbenchTypes'

// What one send came to, and how long a 429 asks to wait: the send function's (api/testerApi).
export { retryAfterMs, type SendResult } from '../api/testerApi'

/** A saved request as a run takes it, with the folders it sits in. */
export type RunRequest = {
  id: string
  name: string
  folders: string[]
  draft: Draft
  checks: Check[]
}

/** Every request in the items, depth first: the order they are listed in. */
export function requestsIn(items: CollectionItem[], folders: string[] = []): RunRequest[] {
  return items.flatMap((item) =>
    item.kind === 'folder'
      ? requestsIn(item.items, [...folders, item.name])
      : [{ id: item.id, name: item.name, folders, draft: item.draft, checks: item.checks ?? [] }],
  )
}

export type RunOutcome =
  | { state: 'queued' }
  | { state: 'sending' }
  | { state: 'waiting'; seconds: number; message: string }
  | {
      state: 'answered'
      data: TestResponseData
      results: CheckResult[]
      passed: boolean
      /** Its OAuth 2 token was refreshed before it went (or before it went again), or could not be. */
      refresh?: TokenRefresh
    }
  | { state: 'notSent'; missing: string[] }
  | { state: 'refused'; title: string; message: string }
  /** Aborted while it was out, by Stop. */
  | { state: 'stopped' }
  /** Never reached: the run was stopped before it. */
  | { state: 'skipped' }
  /** Not sent: it would have carried secret variables to a host the environment has not used. */
  | { state: 'withheld'; host: string; names: string[] }

/** A token refresh the run made for a request, and why. */
export type TokenRefresh = {
  /** The scheme's variable base: `{scheme}_access_token`. */
  scheme: string
  /** The token had expired before sending, or the upstream answered 401. */
  reason: 'expired' | 'unauthorized'
  refreshed: boolean
  /** Why it could not be refreshed. */
  message?: string
}

export type RefreshResult =
  { kind: 'refreshed'; environment: Environment } | { kind: 'failed'; message: string }

const ACCESS_TOKEN_VARIABLE = /\{\{\s*([A-Za-z0-9_]+)_access_token\s*\}\}/g

/**
 * The OAuth 2 schemes whose token a request names (`{{scheme_access_token}}`, as the OAuth panel
 * writes it) and the environment holds with a refresh token: those a run can refresh.
 */
export function refreshableSchemes(draft: Draft, environment: Environment | null): string[] {
  const text = `${draft.url}\n${draft.headersText}\n${draft.bodyText}`
  const named = new Set([...text.matchAll(ACCESS_TOKEN_VARIABLE)].map((match) => match[1]!))
  return [...named].filter((scheme) => tokenFromEnvironment(environment, scheme)?.refreshToken)
}

export const UNREACHABLE_MESSAGE =
  'Could not reach the API Atlas server. Check your connection and try again.'

export type RunDeps = {
  environment: Environment | null
  send: (request: TestRequest, signal: AbortSignal) => Promise<SendResult>
  /** Resolves after `ms`, or at once when the signal aborts. */
  wait: (ms: number, signal: AbortSignal) => Promise<void>
  signal: AbortSignal
  onChange: (index: number, outcome: RunOutcome) => void
  /** Requests, by index, that are not to be sent, with the host and secrets that held them back. */
  withheld?: ReadonlyMap<number, { host: string; names: string[] }>
  /**
   * Refreshes a scheme's OAuth 2 token with its refresh token (the OAuth panel's refresh) and
   * keeps the new one: the environment holding it. Without it, a run never refreshes.
   */
  refreshToken?: (
    scheme: string,
    environment: Environment,
    signal: AbortSignal,
  ) => Promise<RefreshResult>
}

/** The environment as the run goes: a refreshed token is the next request's too. */
type RunState = { environment: Environment | null }

/** A request passed when it was answered and every check it has passed. */
const passedAll = (results: CheckResult[]) => results.every((r) => r.outcome === 'pass')

/**
 * Refreshes the request's schemes' tokens, once per request: the first that fails is said, and the
 * request goes with what the environment holds then.
 */
async function refreshFor(
  schemes: string[],
  reason: TokenRefresh['reason'],
  deps: RunDeps,
  run: RunState,
): Promise<TokenRefresh | undefined> {
  let done: TokenRefresh | undefined
  for (const scheme of schemes) {
    if (!deps.refreshToken || !run.environment) return done
    const result = await deps.refreshToken(scheme, run.environment, deps.signal)
    if (result.kind === 'failed')
      return { scheme, reason, refreshed: false, message: result.message }
    run.environment = result.environment
    done = { scheme, reason, refreshed: true }
  }
  return done
}

async function runOne(
  request: RunRequest,
  index: number,
  deps: RunDeps,
  run: RunState,
): Promise<RunOutcome> {
  const schemes = deps.refreshToken ? refreshableSchemes(request.draft, run.environment) : []
  const now = Date.now()
  const expired = schemes.filter((scheme) => {
    const token = tokenFromEnvironment(run.environment, scheme)
    return token !== null && isExpired(token, now)
  })
  let refresh: TokenRefresh | undefined
  if (expired.length > 0) {
    deps.onChange(index, { state: 'sending' })
    refresh = await refreshFor(expired, 'expired', deps, run)
    if (deps.signal.aborted) return { state: 'stopped' }
  }
  let resolved = resolveDraft(request.draft, run.environment)
  if (resolved.missing.length > 0) return { state: 'notSent', missing: resolved.missing }
  for (;;) {
    const hide = <T>(value: T) => redactSecrets(value, resolved.secrets)
    deps.onChange(index, { state: 'sending' })
    const result = await deps.send(toTestRequest(resolved.draft, multipartBody), deps.signal)
    switch (result.kind) {
      case 'answer': {
        // Refused for its token, with none refreshed yet: refreshed once, then sent once more.
        if (result.data.status === 401 && refresh === undefined && schemes.length > 0) {
          refresh = await refreshFor(schemes, 'unauthorized', deps, run)
          if (deps.signal.aborted) return { state: 'stopped' }
          if (refresh?.refreshed) {
            resolved = resolveDraft(request.draft, run.environment)
            continue
          }
        }
        const data = hide(result.data)
        const results = evaluateChecks(request.checks, data)
        return {
          state: 'answered',
          data,
          results,
          passed: data.status !== 'Error' && passedAll(results),
          ...(refresh ? { refresh } : {}),
        }
      }
      case 'refused':
        return {
          state: 'refused',
          title: result.blocked ? 'Request blocked' : 'The request was not sent',
          message: hide(result.message),
        }
      case 'unreachable':
        return { state: 'refused', title: 'Network error', message: UNREACHABLE_MESSAGE }
      case 'aborted':
        return { state: 'stopped' }
      case 'rateLimited': {
        const seconds = Math.ceil(result.retryAfterMs / 1000)
        deps.onChange(index, { state: 'waiting', seconds, message: result.message })
        await deps.wait(result.retryAfterMs, deps.signal)
        if (deps.signal.aborted) return { state: 'stopped' }
      }
    }
  }
}

/** Runs the requests in order; a stopped run marks what it did not reach as skipped. */
export async function runRequests(requests: RunRequest[], deps: RunDeps): Promise<void> {
  const run: RunState = { environment: deps.environment }
  for (const [index, request] of requests.entries()) {
    if (deps.signal.aborted) {
      deps.onChange(index, { state: 'skipped' })
      continue
    }
    const held = deps.withheld?.get(index)
    if (held) {
      deps.onChange(index, { state: 'withheld', host: held.host, names: held.names })
      continue
    }
    deps.onChange(index, await runOne(request, index, deps, run))
  }
}

export type RunSummary = {
  total: number
  /** Requests answered with every check passing. */
  passed: number
  /** Requests done one way or another (answered, not sent, refused, withheld). */
  finished: number
}

export function summarize(outcomes: RunOutcome[]): RunSummary {
  return {
    total: outcomes.length,
    passed: outcomes.filter((o) => o.state === 'answered' && o.passed).length,
    finished: outcomes.filter((o) =>
      ['answered', 'notSent', 'refused', 'withheld'].includes(o.state),
    ).length,
  }
}

/** "7 of 8 requests passed their checks" */
export function summaryText({ total, passed }: RunSummary) {
  return `${passed} of ${total} request${total === 1 ? '' : 's'} passed ${total === 1 ? 'its' : 'their'} checks`
}
