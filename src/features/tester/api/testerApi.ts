import type { ApiDetail } from '@/contract/apis'
import { isBlockedCode } from '@/contract/errorCodes'
import type { OperationDetail } from '@/contract/operations'
import type { TestRequest, TestResponse, TestResponseData } from '@/contract/tester'
import { baseApi } from '@/lib/store/baseApi'
import { errorCode, errorMessage, isNetworkError, type QueryError } from '@/lib/store/errors'
import type { AppThunk } from '@/lib/store/store'
import { apiAnswers, apiRequests, type OperationArgs } from '@/shared/apiRequests'

/** The tester's calls: the proxy route, and the catalogue entry a `?api=` link prefills from. */
export const testerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Sent only through sendTestRequest below, which reads its answer. */
    sendTest: build.mutation<TestResponseData, TestRequest>({
      query: (body) => ({ url: 'apis/test', method: 'POST', body }),
      transformResponse: (response: TestResponse) => response.data,
      // Our 429's Retry-After kept on the error, so a collection run can wait that long.
      transformErrorResponse: (error, meta) => {
        const retryAfter = meta?.response?.headers.get('retry-after')
        return retryAfter ? { ...error, retryAfter } : error
      },
    }),
    getTesterApi: build.query<ApiDetail, string>({
      query: apiRequests.getApi,
      transformResponse: apiAnswers.getTesterApi,
    }),
    /** The operation an `&op=` link prefills from. */
    getTesterOperation: build.query<OperationDetail, OperationArgs>({
      query: apiRequests.getOperation,
      transformResponse: apiAnswers.getOperation,
    }),
  }),
})

export const { useGetTesterApiQuery, useGetTesterOperationQuery } = testerApi

/** What sending one request through our server came to. */
export type SendResult =
  | { kind: 'answer'; data: TestResponseData }
  /** Our server would not send it (the guard, a bad field): its own message. */
  | { kind: 'refused'; message: string; blocked: boolean }
  /** Our server's rate limit: try again after this long. */
  | { kind: 'rateLimited'; retryAfterMs: number; message: string }
  /** Our own server did not answer at all. */
  | { kind: 'unreachable' }
  | { kind: 'aborted' }

/** Without a Retry-After our server means "soon": its in-flight limit says so with 1 s. */
const DEFAULT_RETRY_MS = 1000

/** Retry-After as milliseconds to wait: seconds, or an HTTP date; a default when unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number {
  const value = header?.trim() ?? ''
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? DEFAULT_RETRY_MS : Math.max(0, date - now)
}

type MutationResult = { data: TestResponseData } | { error: QueryError & { retryAfter?: string } }

export const NOT_SENT_MESSAGE = 'The request could not be sent. Please try again.'

/**
 * The endpoint's result as the tester reads it. Whether the guard blocked the request is the
 * error's code, set by the server where it refused; the message is only ever shown.
 */
export function sendResultOf(
  result: MutationResult,
  aborted: boolean,
  fallback = NOT_SENT_MESSAGE,
): SendResult {
  if ('data' in result) return { kind: 'answer', data: result.data }
  const { error } = result
  if (aborted) return { kind: 'aborted' }
  if (isNetworkError(error)) return { kind: 'unreachable' }
  const message = errorMessage(error, fallback)
  if (error && 'status' in error && error.status === 429) {
    return { kind: 'rateLimited', retryAfterMs: retryAfterMs(error.retryAfter), message }
  }
  return { kind: 'refused', message, blocked: isBlockedCode(errorCode(error)) }
}

/**
 * The one way the tester sends a request to `POST /api/apis/test`: Send, a collection run and a
 * GraphQL schema's introspection all come here. An abort of the signal aborts it in flight; the
 * store does not keep the raw answer (the caller masks what it keeps).
 */
export const sendTestRequest =
  (
    request: TestRequest,
    { signal, fallback }: { signal?: AbortSignal; fallback?: string } = {},
  ): AppThunk<Promise<SendResult>> =>
  async (dispatch) => {
    const pending = dispatch(testerApi.endpoints.sendTest.initiate(request))
    const abort = () => pending.abort()
    signal?.addEventListener('abort', abort)
    try {
      return sendResultOf(await pending, signal?.aborted ?? false, fallback)
    } finally {
      signal?.removeEventListener('abort', abort)
      pending.reset()
    }
  }
