// A collection run's requests go through the same endpoint as Send (testerApi's sendTest).
import type { TestRequest, TestResponseData } from '@/contract/tester'
import { errorMessage, isNetworkError, type QueryError } from '@/lib/store/errors'
import type { AppThunk } from '@/lib/store/store'
import { testerApi } from '../api/testerApi'
import { isGuardRefusal, retryAfterMs, type SendResult } from './collectionRunner'

type MutationResult = { data: TestResponseData } | { error: QueryError & { retryAfter?: string } }

/** The endpoint's result as a run reads it. */
export function sendResultOf(result: MutationResult, aborted: boolean): SendResult {
  if ('data' in result) return { kind: 'answer', data: result.data }
  const { error } = result
  if (aborted) return { kind: 'aborted' }
  if (isNetworkError(error)) return { kind: 'unreachable' }
  const message = errorMessage(error, 'The request could not be sent. Please try again.')
  if (error && 'status' in error && error.status === 429) {
    return { kind: 'rateLimited', retryAfterMs: retryAfterMs(error.retryAfter), message }
  }
  return { kind: 'refused', message, blocked: isGuardRefusal(message) }
}

/** Sends one request; an abort of the signal aborts it in flight. */
export const sendThroughServer =
  (request: TestRequest, signal: AbortSignal): AppThunk<Promise<SendResult>> =>
  async (dispatch) => {
    const pending = dispatch(testerApi.endpoints.sendTest.initiate(request))
    const abort = () => pending.abort()
    signal.addEventListener('abort', abort)
    try {
      return sendResultOf(await pending, signal.aborted)
    } finally {
      signal.removeEventListener('abort', abort)
      // The run keeps the answer (masked); the store need not keep the raw one.
      pending.reset()
    }
  }

/** Resolves after `ms`, or as soon as the signal aborts. */
export const waitOrAbort = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
  })
