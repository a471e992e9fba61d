import type { ApiDetail } from '@/contract/apis'
import type { SnippetRequest } from '@/components/CodeSnippets/requestSnippet'
import type { TestRequest } from '@/contract/tester'
import type { TesterRequest } from '@/contract/testerRequest'
import {
  DEFAULT_HEADERS,
  EMPTY_TESTER_REQUEST,
  headersToText,
  wireFields,
} from '@/contract/testerRequestModel'
import { contentTypeOf, mediaOf, type BodyPart } from './bodyMedia'

/** What the form holds: the request model (src/contract/testerRequest.ts), as the form edits it. */
export type Draft = TesterRequest

export { DEFAULT_HEADERS, headersToText }
export const DEFAULT_HEADERS_TEXT = headersToText(DEFAULT_HEADERS)

export const emptyDraft: Draft = EMPTY_TESTER_REQUEST

/** Headers text as an object of strings, or null when it is not a JSON object of strings. */
export function parseHeaders(text: string): Record<string, string> | null {
  if (text.trim() === '') return {}
  try {
    const value: unknown = JSON.parse(text)
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, v]) => [
        name,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    )
  } catch {
    return null
  }
}

export type BodyKind = 'none' | 'json' | 'text'

/** Valid JSON is sent as JSON, anything else as raw text, nothing as no body. */
export function parseBody(text: string): { kind: BodyKind; value: TestRequest['body'] } {
  if (text.trim() === '') return { kind: 'none', value: null }
  try {
    return { kind: 'json', value: JSON.parse(text) as TestRequest['body'] }
  } catch {
    return { kind: 'text', value: text }
  }
}

/** A boundary no part is likely to hold. */
const boundary = () =>
  `----ApiAtlas${Array.from({ length: 4 }, () => Math.random().toString(36).slice(2, 10)).join('')}`

/**
 * The request as sent: a JSON body parsed (a string that is not JSON goes as typed), a form, XML
 * or text body as typed, and a multipart body encoded with the boundary its Content-Type names.
 */
export function toTestRequest(
  draft: Draft,
  /** The multipart encoder (lib/multipart), loaded by whoever sends a multipart draft. */
  encodeParts?: (parts: BodyPart[], boundary: string) => string,
): TestRequest {
  // Invalid headers fall back to the default JSON content type.
  const headers: Record<string, string> = {
    ...(parseHeaders(draft.headersText) ?? DEFAULT_HEADERS),
  }
  const contentType = contentTypeOf(headers)
  const media = mediaOf(contentType?.[1])
  const request = { ...wireFields(draft), headers }
  if (
    media === 'multipart' &&
    contentType &&
    encodeParts &&
    draft.parts?.some((p) => p.name.trim() !== '')
  ) {
    const separator = boundary()
    headers[contentType[0]] = `multipart/form-data; boundary=${separator}`
    return {
      ...request,
      body: encodeParts(draft.parts, separator),
      bodyEncoding: 'base64',
    }
  }
  if (media === 'json') return { ...request, body: parseBody(draft.bodyText).value }
  return { ...request, body: draft.bodyText.trim() === '' ? null : draft.bodyText }
}

/** The request as the tester sends it, for the code to copy. */
export function toSnippetRequest(draft: Draft): SnippetRequest {
  return {
    ...wireFields(draft),
    // As sent: invalid headers fall back to the default JSON content type.
    headers: parseHeaders(draft.headersText) ?? DEFAULT_HEADERS,
    body: parseBody(draft.bodyText).kind === 'none' ? '' : draft.bodyText,
  }
}

/** Query parameters of a URL, or null when the URL cannot be parsed yet. */
export function queryParams(url: string): [string, string][] | null {
  try {
    return [...new URL(url.trim()).searchParams]
  } catch {
    return null
  }
}

export function withQueryParams(url: string, params: [string, string][]) {
  try {
    const parsed = new URL(url.trim())
    parsed.search = new URLSearchParams(params).toString()
    return parsed.href
  } catch {
    return url
  }
}

const AUTH_PLACEHOLDERS: Partial<Record<ApiDetail['auth'], [string, string]>> = {
  bearer: ['Authorization', 'Bearer YOUR_TOKEN'],
  oauth2: ['Authorization', 'Bearer YOUR_ACCESS_TOKEN'],
  openIdConnect: ['Authorization', 'Bearer YOUR_ID_TOKEN'],
  basic: ['Authorization', 'Basic BASE64_USER_AND_PASSWORD'],
  apiKey: ['X-API-Key', 'YOUR_API_KEY'],
}

/**
 * A first request for an API from the catalogue: its base URL, first GET endpoint, auth
 * placeholder. An API only the public-apis list knows has no base URL; its own address there
 * (the list's link) is where a first request starts.
 */
export function draftFromApi(api: ApiDetail): Draft {
  const listOnly = !api.sources.includes('apis-guru')
  const base = (api.baseUrl ?? (listOnly ? (api.docs ?? '') : '')).replace(/\/+$/, '')
  const endpoint = api.endpoints.find((e) => e.method === 'GET')
  const path = endpoint ? endpoint.path.replace(/^([^/])/, '/$1') : ''
  const headers: Record<string, string> = { ...DEFAULT_HEADERS }
  const auth = AUTH_PLACEHOLDERS[api.auth]
  if (auth) headers[auth[0]] = auth[1]
  return { ...emptyDraft, url: `${base}${path}`, headersText: headersToText(headers) }
}
