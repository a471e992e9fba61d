// The request model's plain values and projections, free of zod: the tester's first load uses them
// (docs/performance.md), and its schema and migrations (testerRequest.ts) load only with what
// reads a request from outside the page.
import type { TestRequest } from './tester'
import type { HistoryEntry, StoredTesterRequest, TesterRequest } from './testerRequest'

/** The model's current version, written beside every request kept outside the page. */
export const TESTER_REQUEST_VERSION = 2

export const DEFAULT_HEADERS = { 'Content-Type': 'application/json' }

/** Headers as the form's text. */
export function headersToText(headers: Record<string, string>) {
  return JSON.stringify(headers, null, 2)
}

/** A new request: an empty GET that sends JSON and follows redirects. */
export const EMPTY_TESTER_REQUEST: TesterRequest = {
  method: 'GET',
  url: '',
  headersText: headersToText(DEFAULT_HEADERS),
  bodyText: '',
  followRedirects: true,
}

/**
 * The fields every projection of the model keeps; `parts` (a multipart body's files) only the
 * form and saved requests do.
 */
export const CORE_FIELDS = [
  'method',
  'url',
  'headersText',
  'bodyText',
  'followRedirects',
] as const satisfies readonly (keyof TesterRequest)[]

/** The model's own fields of a value that may carry more (a file's extras, a history entry). */
export function requestFields({
  method,
  url,
  headersText,
  bodyText,
  followRedirects,
  parts,
}: TesterRequest): TesterRequest {
  return {
    method,
    url,
    headersText,
    bodyText,
    followRedirects,
    ...(parts ? { parts } : {}),
  }
}

/** The request a history entry holds, to fill the form with. */
export function requestOfHistory({
  id: _id,
  status: _status,
  responseTime: _responseTime,
  sentAt: _sentAt,
  ...request
}: HistoryEntry): TesterRequest {
  return requestFields(request)
}

/** History's projection: the request without parts, with how it went (masking is the caller's). */
export function historyProjection(
  request: TesterRequest,
  outcome: Pick<HistoryEntry, 'status' | 'responseTime' | 'sentAt' | 'id'>,
): HistoryEntry {
  const { parts: _parts, ...kept } = requestFields(request)
  return { ...outcome, ...kept }
}

/** The model as written outside the page: with its version. */
export const toStored = (request: TesterRequest): StoredTesterRequest => ({
  v: TESTER_REQUEST_VERSION,
  ...requestFields(request),
})

/** A history entry as written to local storage: with its version. */
export const toStoredHistory = (entry: HistoryEntry) => ({ v: TESTER_REQUEST_VERSION, ...entry })

/**
 * What the wire takes straight from the model (`POST /api/apis/test`); headers and body are made
 * from the form's text by whoever sends.
 */
export const wireFields = (
  request: TesterRequest,
): Pick<TestRequest, 'method' | 'url' | 'followRedirects'> => ({
  method: request.method,
  url: request.url.trim(),
  followRedirects: request.followRedirects,
})
