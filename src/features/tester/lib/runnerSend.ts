// A collection run's requests go through the same route as Send, one at a time.
import type { TestRequest, TestResponse, TestResponseData } from '@/contract/tester'
import { errorMessage, isNetworkError, type QueryError } from '@/lib/store/errors'
import type { AppThunk } from '@/lib/store/store'
import { testerApi } from '../api/testerApi'
import { selectActiveJar, selectActiveJarKey } from '../workbenchSlice'
import { isGuardRefusal, retryAfterMs, type SendResult } from './collectionRunner'
import { answerCookiesKept } from './workbenchThunks'

/**
 * Send's route and answer, with our 429's Retry-After kept on the error so a run can wait that
 * long. Defined here, with the runner, so the tester page's first load does not carry it.
 */
const runnerApi = testerApi.injectEndpoints({
  endpoints: (build) => ({
    sendRunRequest: build.mutation<TestResponseData, TestRequest>({
      query: (body) => ({ url: 'apis/test', method: 'POST', body }),
      transformResponse: (response: TestResponse) => response.data,
      transformErrorResponse: (error, meta) => {
        const retryAfter = meta?.response?.headers.get('retry-after')
        return retryAfter ? { ...error, retryAfter } : error
      },
    }),
  }),
})

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

/**
 * Sends one request with the active environment's cookie jar, as Send does, and keeps what its
 * answer set there, so a cookie one request gets goes with the next. An abort of the signal aborts
 * it in flight.
 */
export const sendThroughServer =
  (request: TestRequest, signal: AbortSignal): AppThunk<Promise<SendResult>> =>
  async (dispatch, getState) => {
    const jar = selectActiveJarKey(getState())
    const pending = dispatch(
      runnerApi.endpoints.sendRunRequest.initiate({
        ...request,
        cookies: selectActiveJar(getState()),
      }),
    )
    const abort = () => pending.abort()
    signal.addEventListener('abort', abort)
    try {
      const result = sendResultOf(await pending, signal.aborted)
      // The answer as it came, before any secret is masked in it, as Send keeps it.
      if (result.kind === 'answer') await dispatch(answerCookiesKept(jar, result.data))
      return result
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
