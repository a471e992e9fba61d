import type { ApiDetail } from '@/contract/apis'
import type { OperationDetail, Parameter, SecurityScheme } from '@/contract/operations'
import type { TestRequest, TesterMethod } from '@/contract/tester'
import { TESTER_METHODS } from '@/contract/testerConstants'

/** What the form holds: the spec keeps headers and body as text the user edits freely. */
export type Draft = {
  method: TesterMethod
  url: string
  headersText: string
  bodyText: string
  followRedirects: boolean
}

export const DEFAULT_HEADERS = { 'Content-Type': 'application/json' }
export const DEFAULT_HEADERS_TEXT = JSON.stringify(DEFAULT_HEADERS, null, 2)

export const emptyDraft: Draft = {
  method: 'GET',
  url: '',
  headersText: DEFAULT_HEADERS_TEXT,
  bodyText: '',
  followRedirects: true,
}

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

export function toTestRequest(draft: Draft): TestRequest {
  return {
    method: draft.method,
    url: draft.url.trim(),
    // Invalid headers fall back to the default JSON content type.
    headers: parseHeaders(draft.headersText) ?? DEFAULT_HEADERS,
    body: parseBody(draft.bodyText).value,
    followRedirects: draft.followRedirects,
  }
}

export function headersToText(headers: Record<string, string>) {
  return JSON.stringify(headers, null, 2)
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

/** The value a parameter is filled with: its example, else its default, else its first enum value. */
export function sampleValue(parameter: Parameter): string | undefined {
  const value = parameter.example ?? parameter.default ?? parameter.enum?.[0]
  if (value === undefined || value === null) return undefined
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** A placeholder under the scheme's real name: where it goes and what to put there. Never a secret. */
export function authPlaceholder(
  scheme: SecurityScheme,
): { header: [string, string] } | { query: [string, string] } | undefined {
  switch (scheme.kind) {
    case 'apiKey': {
      const name = scheme.parameter ?? scheme.key
      if (scheme.in === 'query') return { query: [name, 'YOUR_API_KEY'] }
      if (scheme.in === 'cookie') return { header: ['Cookie', `${name}=YOUR_API_KEY`] }
      return { header: [name, 'YOUR_API_KEY'] }
    }
    case 'bearer':
      return { header: ['Authorization', 'Bearer YOUR_TOKEN'] }
    case 'basic':
      return { header: ['Authorization', 'Basic BASE64_USER_AND_PASSWORD'] }
    case 'oauth2':
      return { header: ['Authorization', 'Bearer YOUR_ACCESS_TOKEN'] }
    case 'openIdConnect':
      return { header: ['Authorization', 'Bearer YOUR_ID_TOKEN'] }
    default:
      return undefined
  }
}

/** The path's `{name}` placeholders filled with the values given, the rest kept as they are. */
export function fillPath(path: string, values: Record<string, string>) {
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    values[name] ? encodeURIComponent(values[name]) : whole,
  )
}

/** The path parameters of an operation with their starting values (example or default, else empty). */
export function pathValuesOf(operation: OperationDetail): Record<string, string> {
  return Object.fromEntries(
    operation.parameters
      .filter((p) => p.in === 'path')
      .map((p) => [p.name, sampleValue(p) ?? ''] as const),
  )
}

/**
 * A request for one operation: its method; its first server and path, path parameters filled from
 * `pathValues` (the rest left as `{name}`); required query parameters with their example or
 * default; Content-Type and Accept; the first auth it accepts, as a placeholder under its real
 * name; and its example body.
 */
export function draftFromOperation(
  operation: OperationDetail,
  pathValues: Record<string, string> = pathValuesOf(operation),
): Draft {
  const method = (TESTER_METHODS as readonly string[]).includes(operation.method)
    ? (operation.method as TesterMethod)
    : 'GET'
  const base = (operation.servers[0]?.url ?? '').replace(/\/+$/, '')
  const query: [string, string][] = operation.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => [p.name, sampleValue(p) ?? ''])
  const headers: Record<string, string> = {}
  for (const p of operation.parameters.filter((p) => p.in === 'header' && p.required)) {
    headers[p.name] = sampleValue(p) ?? ''
  }
  const content =
    operation.requestBody?.content.find((c) => /json/.test(c.mediaType)) ??
    operation.requestBody?.content[0]
  if (content) headers['Content-Type'] = content.mediaType
  const success = operation.responses.find((r) => /^2/.test(r.status) && r.mediaTypes.length > 0)
  headers.Accept =
    success?.mediaTypes.find((m) => /json/.test(m)) ?? success?.mediaTypes[0] ?? '*/*'
  const auth = operation.security.find((set) => set.length > 0)?.map(authPlaceholder) ?? []
  for (const placeholder of auth) {
    if (!placeholder) continue
    if ('header' in placeholder) headers[placeholder.header[0]] = placeholder.header[1]
    else query.push(placeholder.query)
  }
  const search = new URLSearchParams(query).toString()
  const example = content?.schema?.example
  return {
    ...emptyDraft,
    method,
    url: `${base}${fillPath(operation.path, pathValues)}${search ? `?${search}` : ''}`,
    headersText: headersToText(headers),
    bodyText:
      example === undefined
        ? ''
        : typeof example === 'string'
          ? example
          : JSON.stringify(example, null, 2),
  }
}
