import type { SerializedError } from '@reduxjs/toolkit'
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'

export type QueryError = FetchBaseQueryError | SerializedError | undefined

/** The server's own `{ success: false, error }` text when it sent one, else the given fallback. */
export function errorMessage(error: QueryError, fallback: string) {
  if (error && 'status' in error && typeof error.data === 'object' && error.data !== null) {
    const text = (error.data as { error?: unknown }).error
    if (typeof text === 'string' && text.length > 0) return text
  }
  return fallback
}

/** The code the server's `{ success: false, error, code }` carries, if any (contract/errorCodes). */
export function errorCode(error: QueryError): string | undefined {
  if (error && 'status' in error && typeof error.data === 'object' && error.data !== null) {
    const code = (error.data as { code?: unknown }).code
    if (typeof code === 'string') return code
  }
  return undefined
}

export function isNotFound(error: QueryError) {
  return Boolean(error && 'status' in error && error.status === 404)
}

/** The request never got an HTTP answer (offline, DNS, refused, aborted). */
export function isNetworkError(error: QueryError) {
  return Boolean(error && 'status' in error && error.status === 'FETCH_ERROR')
}

/** The server is busy or still preparing the answer (503): asking again later may succeed. */
export function isUnavailable(error: QueryError) {
  return Boolean(error && 'status' in error && error.status === 503)
}
