// Collections to and from Postman Collection v2.1 JSON: the parts the tester has (method, URL,
// headers, a raw body, redirects), with what it cannot use listed rather than dropped silently.
// A small adapter: the `postman-collection` package weighs several hundred KB with its SDK.
import { TESTER_METHODS, type TesterMethod } from '@/contract/testerConstants'
import type { Check, JsonPathCheckOp } from './checkTypes'
import { CORE_FIELDS } from '@/contract/testerRequestModel'
import { headersToText, parseHeaders, type Draft } from './draft'
import { checksFromScript, checksToScript } from './postmanChecks'
import type {
  Collection,
  CollectionItem,
  Environment,
  RequestSource,
  SavedRequest,
  Variable,
} from './workbenchTypes'

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'

type PostmanKeyValue = { key: string; value?: string; type?: string; disabled?: boolean }
type PostmanUrl =
  | string
  | {
      raw?: string
      protocol?: string
      host?: string | string[]
      path?: string | string[]
      port?: string
      query?: PostmanKeyValue[]
    }
type PostmanBody = {
  mode?: string
  raw?: string
  urlencoded?: PostmanKeyValue[]
  formdata?: (PostmanKeyValue & { src?: unknown })[]
  graphql?: { query?: string; variables?: string }
  disabled?: boolean
}
type PostmanAuth = { type?: string } & Record<string, unknown>
type PostmanRequest =
  | string
  | {
      method?: string
      url?: PostmanUrl
      header?: PostmanKeyValue[] | string
      body?: PostmanBody
      auth?: PostmanAuth
    }
/** What the tester adds to an item beyond Postman's fields, so a round trip loses nothing. */
type AtlasExtras = {
  draft?: Record<string, unknown>
  headersText?: string
  source?: RequestSource
  /** Checks a Postman test script cannot say the same way (a JSONPath filter, say). */
  checks?: Check[]
}
type PostmanEvent = {
  listen?: string
  script?: { type?: string; exec?: string[] | string }
  disabled?: boolean
}
type PostmanItem = {
  name?: string
  item?: PostmanItem[]
  request?: PostmanRequest
  event?: unknown[]
  protocolProfileBehavior?: { followRedirects?: boolean }
  _atlas?: AtlasExtras
}
export type PostmanCollection = {
  info: { name: string; schema: string; _postman_id?: string; description?: string }
  item: PostmanItem[]
  variable?: PostmanKeyValue[]
  auth?: PostmanAuth
}

/** The model's fields a Postman item has a place for. */
const POSTMAN_FIELDS = new Set<string>(CORE_FIELDS)

export type ExportOptions = {
  /** Variables to carry as the collection's own (`variable`), e.g. the active environment's. */
  environment?: Environment | null
  /** Secret values are written only when the person asks; otherwise they go out empty. */
  includeSecrets?: boolean
}

function exportRequest(saved: SavedRequest): PostmanItem {
  const { draft } = saved
  const headers = parseHeaders(draft.headersText)
  const body = draft.bodyText
  const extras: AtlasExtras = {}
  // What Postman has no place for (a multipart body's parts, another part's field) rides in _atlas.
  const otherFields = Object.fromEntries(
    Object.entries(draft).filter(([name]) => !POSTMAN_FIELDS.has(name)),
  )
  if (Object.keys(otherFields).length > 0) extras.draft = otherFields
  if (!headers) extras.headersText = draft.headersText
  if (saved.source) extras.source = saved.source
  const script = checksToScript(saved.checks ?? [])
  if (script.unscriptable.length > 0) extras.checks = script.unscriptable
  return {
    name: saved.name,
    request: {
      method: draft.method,
      header: Object.entries(headers ?? {}).map(([key, value]) => ({ key, value, type: 'text' })),
      url: { raw: draft.url },
      ...(body === ''
        ? {}
        : {
            body: {
              mode: 'raw',
              raw: body,
              ...(looksLikeJson(body) ? { options: { raw: { language: 'json' } } } : {}),
            },
          }),
    },
    ...(script.exec
      ? { event: [{ listen: 'test', script: { type: 'text/javascript', exec: script.exec } }] }
      : {}),
    ...(draft.followRedirects ? {} : { protocolProfileBehavior: { followRedirects: false } }),
    ...(Object.keys(extras).length > 0 ? { _atlas: extras } : {}),
  }
}

function looksLikeJson(text: string) {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

const exportItem = (item: CollectionItem): PostmanItem =>
  item.kind === 'folder'
    ? { name: item.name, item: item.items.map(exportItem) }
    : exportRequest(item)

/** A collection as Postman Collection v2.1 JSON. */
export function exportCollection(
  collection: Collection,
  { environment, includeSecrets = false }: ExportOptions = {},
): PostmanCollection {
  return {
    info: { _postman_id: collection.id, name: collection.name, schema: POSTMAN_SCHEMA },
    item: collection.items.map(exportItem),
    ...(environment && environment.variables.length > 0
      ? {
          variable: environment.variables.map((v) => ({
            key: v.name,
            value: v.secret && !includeSecrets ? '' : v.value,
            type: v.secret ? 'secret' : 'string',
          })),
        }
      : {}),
  }
}

export class ImportError extends Error {}

export type ImportResult = {
  collection: Collection
  /** The collection's own variables, to become an environment. */
  variables: Variable[]
  imported: number
  /** Requests not imported, each with why. */
  skipped: string[]
  /** Parts of imported requests left out (scripts, files, an auth kind the tester lacks). */
  leftOut: string[]
}

const isMethod = (value: string): value is TesterMethod =>
  (TESTER_METHODS as readonly string[]).includes(value)

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

function urlOf(url: PostmanUrl | undefined): string {
  if (url === undefined) return ''
  if (typeof url === 'string') return url
  if (typeof url.raw === 'string') return url.raw
  const host = Array.isArray(url.host) ? url.host.join('.') : (url.host ?? '')
  const path = Array.isArray(url.path) ? url.path.join('/') : (url.path ?? '')
  const query = asArray(url.query)
    .filter((q): q is PostmanKeyValue => Boolean(q) && !(q as PostmanKeyValue).disabled)
    .map((q) => `${q.key}=${q.value ?? ''}`)
    .join('&')
  const protocol = url.protocol ? `${url.protocol}://` : ''
  const port = url.port ? `:${url.port}` : ''
  return `${protocol}${host}${port}${path ? `/${path}` : ''}${query ? `?${query}` : ''}`
}

const authValue = (auth: PostmanAuth, key: string): string => {
  const entries = asArray(auth[auth.type ?? ''])
  const found = entries.find((e) => (e as PostmanKeyValue)?.key === key) as
    PostmanKeyValue | undefined
  return found?.value === undefined ? '' : String(found.value)
}

/** An auth object as a header or a query parameter, or a reason it cannot be. */
function applyAuth(
  auth: PostmanAuth | undefined,
  headers: Record<string, string>,
  url: string,
): { url: string; leftOut?: string } {
  if (!auth?.type || auth.type === 'noauth' || auth.type === 'inherit') return { url }
  if (auth.type === 'bearer') {
    headers.Authorization = `Bearer ${authValue(auth, 'token')}`
    return { url }
  }
  if (auth.type === 'basic') {
    const pair = `${authValue(auth, 'username')}:${authValue(auth, 'password')}`
    if (pair.includes('{{') || /[^\x20-\x7e]/.test(pair)) {
      return { url, leftOut: 'Basic auth built from variables (set an Authorization header)' }
    }
    headers.Authorization = `Basic ${btoa(pair)}`
    return { url }
  }
  if (auth.type === 'apikey') {
    const key = authValue(auth, 'key') || 'X-API-Key'
    const value = authValue(auth, 'value')
    if (authValue(auth, 'in') === 'query') {
      return { url: `${url}${url.includes('?') ? '&' : '?'}${key}=${value}` }
    }
    headers[key] = value
    return { url }
  }
  return { url, leftOut: `${auth.type} auth` }
}

function bodyOf(body: PostmanBody | undefined, headers: Record<string, string>) {
  if (!body || body.disabled || !body.mode) return { text: '' }
  const hasType = Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
  switch (body.mode) {
    case 'raw':
      return { text: body.raw ?? '' }
    case 'urlencoded': {
      const pairs = asArray(body.urlencoded) as PostmanKeyValue[]
      if (!hasType) headers['Content-Type'] = 'application/x-www-form-urlencoded'
      return {
        text: pairs
          .filter((p) => p && !p.disabled)
          .map((p) => `${encodeURIComponent(p.key)}=${encodeURIComponent(p.value ?? '')}`)
          .join('&'),
      }
    }
    case 'graphql': {
      let variables: unknown
      try {
        variables = body.graphql?.variables ? JSON.parse(body.graphql.variables) : undefined
      } catch {
        variables = undefined
      }
      if (!hasType) headers['Content-Type'] = 'application/json'
      return { text: JSON.stringify({ query: body.graphql?.query ?? '', variables }, null, 2) }
    }
    default:
      return { text: '', leftOut: `${body.mode} body` }
  }
}

type Context = { newId: () => string; skipped: string[]; leftOut: string[]; auth?: PostmanAuth }

function importItem(item: PostmanItem, where: string, context: Context): CollectionItem | null {
  const name = typeof item.name === 'string' && item.name.trim() !== '' ? item.name : 'Untitled'
  const label = where ? `${where} / ${name}` : name
  if (Array.isArray(item.item)) {
    return {
      kind: 'folder',
      id: context.newId(),
      name,
      items: item.item
        .map((inner) => importItem(inner, label, context))
        .filter((i): i is CollectionItem => i !== null),
    }
  }
  const request = typeof item.request === 'string' ? { url: item.request } : item.request
  if (!request) {
    context.skipped.push(`${label}: not a request`)
    return null
  }
  const method = (request.method ?? 'GET').toUpperCase()
  if (!isMethod(method)) {
    context.skipped.push(`${label}: the tester does not send ${method} requests`)
    return null
  }
  const headers: Record<string, string> = {}
  for (const header of Array.isArray(request.header) ? request.header : []) {
    if (header && !header.disabled && typeof header.key === 'string' && header.key !== '') {
      headers[header.key] = header.value ?? ''
    }
  }
  const leftOut: string[] = []
  const auth = applyAuth(request.auth ?? context.auth, headers, urlOf(request.url))
  if (auth.leftOut) leftOut.push(auth.leftOut)
  const body = bodyOf(request.body, headers)
  if (body.leftOut) leftOut.push(body.leftOut)
  const checks = checksOf(item, context.newId, leftOut)
  for (const part of leftOut) context.leftOut.push(`${label}: ${part}`)
  const extras = item._atlas ?? {}
  for (const kept of asArray(extras.checks)) {
    const check = keptCheck(kept, context.newId())
    if (check) checks.push(check)
  }
  const draft: Draft = {
    ...(extras.draft ?? {}),
    method,
    url: auth.url,
    headersText: extras.headersText ?? headersToText(headers),
    bodyText: body.text,
    followRedirects: item.protocolProfileBehavior?.followRedirects !== false,
  }
  return {
    kind: 'request',
    id: context.newId(),
    name,
    draft,
    ...(checks.length > 0 ? { checks } : {}),
    ...(extras.source ? { source: extras.source } : {}),
  }
}

const isText = (value: unknown): value is string => typeof value === 'string'

/** A check kept beside the script, as this tester writes one (a file may hold anything there). */
function keptCheck(value: unknown, id: string): Check | null {
  if (!value || typeof value !== 'object') return null
  const c = value as Record<string, unknown>
  switch (c.kind) {
    case 'status':
      return isText(c.expected) ? { id, kind: 'status', expected: c.expected } : null
    case 'header':
      return isText(c.name) && isText(c.contains)
        ? { id, kind: 'header', name: c.name, contains: c.contains }
        : null
    case 'time':
      return isText(c.maxMs) ? { id, kind: 'time', maxMs: c.maxMs } : null
    case 'jsonPath':
      return isText(c.path) && isText(c.expected) && isJsonPathOp(c.op)
        ? { id, kind: 'jsonPath', path: c.path, op: c.op, expected: c.expected }
        : null
    default:
      return null
  }
}

const isJsonPathOp = (value: unknown): value is JsonPathCheckOp =>
  value === 'equals' || value === 'exists' || value === 'matches'

const scriptLines = (event: PostmanEvent) => {
  const exec = event.script?.exec
  return typeof exec === 'string' ? exec.split('\n') : asArray(exec)
}

/**
 * The checks of a test script this tester wrote; any other script is listed as skipped, since no
 * script is run here. Empty scripts, which Postman writes often, are nothing to list.
 */
function checksOf(item: PostmanItem, newId: () => string, leftOut: string[]): Check[] {
  const checks: Check[] = []
  for (const event of asArray(item.event)) {
    if (!event || typeof event !== 'object') continue
    const { listen, disabled } = event as PostmanEvent
    const lines = scriptLines(event as PostmanEvent)
    if (disabled || lines.every((line) => typeof line === 'string' && line.trim() === '')) continue
    const ours = listen === 'test' ? checksFromScript(lines, newId) : null
    if (ours) checks.push(...ours)
    else {
      leftOut.push(
        listen === 'prerequest'
          ? 'its pre-request script was skipped (scripts are not run here)'
          : 'its test script was skipped (only checks written by API Atlas are read; scripts are not run here)',
      )
    }
  }
  return checks
}

const countRequests = (items: CollectionItem[]): number =>
  items.reduce((n, i) => n + (i.kind === 'folder' ? countRequests(i.items) : 1), 0)

/** A Postman Collection (v2.0 or v2.1) as the tester's collection, with what it skipped. */
export function importCollection(
  json: unknown,
  newId: () => string = () => crypto.randomUUID(),
): ImportResult {
  if (!json || typeof json !== 'object') throw new ImportError('The file is not a JSON object.')
  const value = json as Partial<PostmanCollection> & { requests?: unknown }
  if (Array.isArray(value.requests) && !value.item) {
    throw new ImportError('This is a Postman v1 collection: export it from Postman as v2.1.')
  }
  if (!value.info || !Array.isArray(value.item)) {
    throw new ImportError(
      'This is not a Postman collection: it has no "info" and "item". Export it from Postman as Collection v2.1.',
    )
  }
  const context: Context = { newId, skipped: [], leftOut: [], auth: value.auth }
  const items = value.item
    .map((item) => importItem(item, '', context))
    .filter((i): i is CollectionItem => i !== null)
  const variables = asArray(value.variable)
    .filter(
      (v): v is PostmanKeyValue => Boolean(v) && typeof (v as PostmanKeyValue).key === 'string',
    )
    .map((v) => ({
      name: v.key,
      value: v.value === undefined ? '' : String(v.value),
      secret: v.type === 'secret',
    }))
  return {
    collection: {
      id: newId(),
      name: typeof value.info.name === 'string' ? value.info.name : 'Imported collection',
      items,
    },
    variables,
    imported: countRequests(items),
    skipped: context.skipped,
    leftOut: context.leftOut,
  }
}
