// Running a collection: its requests one at a time, in order, through the same path as Send
// (variables filled from the active environment, secrets masked in what comes back), each answer
// checked. The sending itself and the waiting are passed in, so tests drive them exactly.
import type { TestRequest, TestResponseData } from '@/contract/tester'
import type { SendResult } from '../api/testerApi'
import { evaluateChecks, type CheckResult } from './checks'
import type { Check } from './checkTypes'
import { toTestRequest, type Draft } from './draft'
import { multipartBody } from './multipart'
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
  | { state: 'answered'; data: TestResponseData; results: CheckResult[]; passed: boolean }
  | { state: 'notSent'; missing: string[] }
  | { state: 'refused'; title: string; message: string }
  /** Aborted while it was out, by Stop. */
  | { state: 'stopped' }
  /** Never reached: the run was stopped before it. */
  | { state: 'skipped' }
  /** Not sent: it would have carried secret variables to a host the environment has not used. */
  | { state: 'withheld'; host: string; names: string[] }

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
}

/** A request passed when it was answered and every check it has passed. */
const passedAll = (results: CheckResult[]) => results.every((r) => r.outcome === 'pass')

async function runOne(request: RunRequest, index: number, deps: RunDeps): Promise<RunOutcome> {
  const resolved = resolveDraft(request.draft, deps.environment)
  if (resolved.missing.length > 0) return { state: 'notSent', missing: resolved.missing }
  const hide = <T>(value: T) => redactSecrets(value, resolved.secrets)
  const sent = toTestRequest(resolved.draft, multipartBody)
  for (;;) {
    deps.onChange(index, { state: 'sending' })
    const result = await deps.send(sent, deps.signal)
    switch (result.kind) {
      case 'answer': {
        const data = hide(result.data)
        const results = evaluateChecks(request.checks, data)
        return {
          state: 'answered',
          data,
          results,
          passed: data.status !== 'Error' && passedAll(results),
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
    deps.onChange(index, await runOne(request, index, deps))
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
