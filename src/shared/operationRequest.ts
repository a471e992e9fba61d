// The request an operation makes, as the API page's code snippets and the tester's form start
// from: its method, server and path, required query parameters, headers, auth placeholders and
// example body. Placeholders only: nothing secret is ever filled in.
import type { OperationDetail, Parameter, SecurityScheme } from '../contract/operations'

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

export type OperationRequest = {
  method: OperationDetail['method']
  url: string
  headers: Record<string, string>
  /** The example body as text, or '' when the operation takes none. */
  body: string
}

/**
 * A request for one operation: its first server and path, path parameters filled from
 * `pathValues` (the rest left as `{name}`); required query parameters with their example or
 * default; Content-Type and Accept; the first auth it accepts, as a placeholder under its real
 * name; and its example body.
 */
export function operationRequest(
  operation: OperationDetail,
  pathValues: Record<string, string> = pathValuesOf(operation),
): OperationRequest {
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
    method: operation.method,
    url: `${base}${fillPath(operation.path, pathValues)}${search ? `?${search}` : ''}`,
    headers,
    body:
      example === undefined
        ? ''
        : typeof example === 'string'
          ? example
          : JSON.stringify(example, null, 2),
  }
}
