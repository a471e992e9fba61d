// A share link: the request in the link's fragment, so it never reaches a server's logs,
// as versioned, deflated, base64url JSON, with every credential typed into it replaced by a
// `{{placeholder}}` the recipient fills from their own environment.
import {
  fromSharedRequest,
  requestFields,
  sharedRequestSchema,
  type SharedRequest,
} from '@/contract/testerRequest'
import { isSecretHeader } from '@/shared/testerMask'
import type { AuthChoice } from './authChoice'
import { DEFAULT_HEADERS, parseBody, parseHeaders, type Draft } from './draft'
import { variablesIn } from './variables'

/**
 * What a link carries: the request model's projection (src/contract/testerRequest.ts) with its
 * GraphQL mode and the auth helper's kind.
 */
export type { SharedRequest }

export const SHARE_PREFIX = '#share='
/** The format's version, in front of the data so an unknown one is named before it is unpacked. */
export const SHARE_VERSION = 1

/**
 * The longest link we hand out, fragment included. RFC 9110 recommends that whatever handles URIs
 * supports at least 8,000 octets; past about that, chat apps, mail clients and link previews cut or
 * refuse links. The fragment never reaches a server, but a link is pasted and kept whole.
 */
export const SHARE_LINK_LIMIT = 8_000

/** A fragment longer than this was never made by us: refused before any work is done on it. */
const FRAGMENT_LIMIT = 64 * 1024
/** What a link may unpack to: the server's request limit, so a small link cannot unpack to a flood. */
const UNPACKED_LIMIT = 1024 * 1024

// `{{name}}` as lib/variables.ts reads it.
const VARIABLE = /\{\{\s*[A-Za-z0-9_.$-]+\s*\}\}/g

/** A name's words: `X-API-Key` → x, api, key; `access_token` → access, token; `apiKey` → api, key. */
const wordsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase())

const SECRET_WORDS = new Set([
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'signature',
  'sig',
  'session',
  'sessionid',
  'cookie',
  'authorization',
  'auth',
  'credential',
  'credentials',
  'apikey',
  'jwt',
])

/**
 * Whether a header or parameter name says it holds a credential. A bare `key` counts in headers
 * and the query (`?key=` is Google's API key) but not in a JSON body, where `"key"` is as often a
 * record's name as a credential.
 */
export function isSecretName(name: string, where: 'header' | 'query' | 'body') {
  // Plurals too: `tokens`, `api_keys`.
  const words = wordsOf(name).map((word) => (word.length > 3 ? word.replace(/s$/, '') : word))
  if (words.some((word) => SECRET_WORDS.has(word))) return true
  const keyAt = words.indexOf('key')
  if (keyAt < 0) return false
  return where !== 'body' || ['api', 'access', 'private', 'secret'].includes(words[keyAt - 1] ?? '')
}

/** True when a value holds something typed literally, beyond `{{variables}}` and blanks. */
const hasLiteral = (value: string) => value.replace(VARIABLE, '').trim() !== ''

/** `{{apiKey}}` for X-API-Key, `{{accessToken}}` for access_token. */
const placeholderName = (name: string) => {
  const words = wordsOf(name).filter((word, i) => !(i === 0 && word === 'x'))
  const camel = words.map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
  return camel.join('') || 'secret'
}

/** One value left out: the placeholder that took its place, and where it was. */
export type Replacement = { placeholder: string; where: string }

export type ShareBuilt = {
  request: SharedRequest
  replaced: Replacement[]
  /** The body is shared as typed: text we cannot read for credentials. */
  bodyUnchecked: boolean
  /** The headers were not valid JSON: what is sent instead is what is shared. */
  headersDefaulted: boolean
}

/** Hands out placeholder names: one per distinct secret, none that the request already uses. */
function placeholders(taken: Iterable<string>) {
  const used = new Set(taken)
  const byValue = new Map<string, string>()
  const replaced: Replacement[] = []
  const take = (base: string, value: string, where: string) => {
    let name = byValue.get(value)
    if (!name) {
      name = base
      for (let n = 2; used.has(name); n += 1) name = `${base}${n}`
      used.add(name)
      byValue.set(value, name)
    }
    replaced.push({ placeholder: `{{${name}}}`, where })
    return `{{${name}}}`
  }
  return { take, replaced }
}

/** Authorization keeps its scheme: `Bearer {{token}}`, `Basic {{basicCredentials}}`. */
function authorizationPlaceholder(
  value: string,
  name: string,
  take: (base: string, value: string, where: string) => string,
) {
  const [, scheme, credentials] = /^\s*(\S+)\s+(.*)$/.exec(value) ?? [null, '', value]
  if (!hasLiteral(credentials ?? '')) return value
  const lower = scheme?.toLowerCase()
  const base = lower === 'bearer' ? 'token' : lower === 'basic' ? 'basicCredentials' : 'credentials'
  const where = `the ${name} header`
  return scheme ? `${scheme} ${take(base, value, where)}` : take(base, value, where)
}

/** The URL with credentials in its query (and a user name and password, if any) replaced. */
function shareUrl(url: string, secretParam: (name: string) => boolean, take: ShareTake) {
  const withoutUser = url.replace(
    /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i,
    (whole, scheme: string, user: string) =>
      hasLiteral(user)
        ? `${scheme}${take('userInfo', user, 'the URL’s user name and password')}@`
        : whole,
  )
  const queryAt = withoutUser.indexOf('?')
  if (queryAt < 0) return withoutUser
  const hashAt = withoutUser.indexOf('#', queryAt)
  const end = hashAt < 0 ? withoutUser.length : hashAt
  const query = withoutUser
    .slice(queryAt + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      if (eq < 0) return pair
      const name = safeDecode(pair.slice(0, eq))
      const value = safeDecode(pair.slice(eq + 1))
      if (!secretParam(name) || !hasLiteral(value)) return pair
      // Braces left as typed: the recipient's tester fills `{{name}}` in the URL as text.
      return `${pair.slice(0, eq)}=${take(placeholderName(name), value, `the ${name} parameter`)}`
    })
    .join('&')
  return `${withoutUser.slice(0, queryAt + 1)}${query}${withoutUser.slice(end)}`
}
type ShareTake = ReturnType<typeof placeholders>['take']

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

/** A JSON body with the string values of credential-named keys replaced, or null if none were. */
function shareJsonBody(value: unknown, take: ShareTake): unknown {
  let changed = false
  // `path` names the place for the list of what was replaced: `variables.password`, `users[0].token`.
  const walk = (v: unknown, path: string): unknown => {
    if (Array.isArray(v)) return v.map((inner, i) => walk(inner, `${path}[${i}]`))
    if (!v || typeof v !== 'object') return v
    return Object.fromEntries(
      Object.entries(v).map(([key, inner]) => {
        const at = path ? `${path}.${key}` : key
        if (typeof inner === 'string' && isSecretName(key, 'body') && hasLiteral(inner)) {
          changed = true
          return [key, take(placeholderName(key), inner, `the body’s ${at}`)]
        }
        return [key, walk(inner, at)]
      }),
    )
  }
  const shared = walk(value, '')
  return changed ? shared : null
}

/**
 * The request to put in a link. Headers are shared as they are sent (invalid JSON sends the default
 * Content-Type); `{{variables}}` stay names; credentials become placeholders.
 */
export function shareRequest(
  typed: Draft,
  mode: {
    graphql: boolean
    auth: AuthChoice | null
    /** Secret variables of the person's environments: their values, typed in, become their names. */
    secrets?: { name: string; value: string }[]
  },
): ShareBuilt {
  const known = knownSecretsOut(typed, mode.secrets ?? [])
  const draft = known.draft
  const { take, replaced } = placeholders(variablesIn(draft))
  replaced.push(...known.replaced)
  const parsed = parseHeaders(draft.headersText)
  const applied = mode.auth?.name.toLowerCase()
  // In the form's order, so the list of what was replaced reads as the form does.
  const url = shareUrl(
    draft.url.trim(),
    (name) =>
      isSecretName(name, 'query') ||
      (mode.auth?.kind === 'apiKeyQuery' && name.toLowerCase() === applied),
    take,
  )
  const headers = Object.fromEntries(
    Object.entries(parsed ?? DEFAULT_HEADERS).map(([name, value]) => {
      if (/^(proxy-)?authorization$/i.test(name)) {
        return [name, authorizationPlaceholder(value, name, take)]
      }
      const secret =
        isSecretHeader(name) ||
        isSecretName(name, 'header') ||
        (mode.auth?.kind === 'apiKeyHeader' && name.toLowerCase() === applied)
      return [
        name,
        secret && hasLiteral(value)
          ? take(placeholderName(name), value, `the ${name} header`)
          : value,
      ]
    }),
  )
  const body = parseBody(draft.bodyText)
  const sharedBody = body.kind === 'json' ? shareJsonBody(body.value, take) : null
  // The model's fields a link keeps as they are; headers, body and parts it holds its own way.
  const { headersText: _headers, bodyText: _body, parts: _parts, ...kept } = requestFields(draft)
  return {
    request: {
      ...kept,
      url,
      headers,
      body: sharedBody === null ? draft.bodyText : JSON.stringify(sharedBody, null, 2),
      graphql: mode.graphql,
      auth: mode.auth ?? authKindOf(headers, url),
    },
    replaced,
    bodyUnchecked: body.kind === 'text',
    headersDefaulted: parsed === null,
  }
}

/**
 * The draft with each secret variable's value, where it was typed in rather than used by name,
 * replaced by `{{name}}`. Values under 4 characters are not hunted for: they would match other text.
 */
function knownSecretsOut(draft: Draft, secrets: { name: string; value: string }[]) {
  const replaced: Replacement[] = []
  const hunted = secrets
    .filter((s) => s.value.length >= 4)
    .sort((a, b) => b.value.length - a.value.length)
  const out = (text: string, escape: boolean) =>
    hunted.reduce((current, { name, value }) => {
      const typed = escape ? JSON.stringify(value).slice(1, -1) : value
      if (!current.includes(typed)) return current
      if (!replaced.some((r) => r.placeholder === `{{${name}}}`)) {
        replaced.push({ placeholder: `{{${name}}}`, where: 'place of the secret variable’s value' })
      }
      return current.split(typed).join(`{{${name}}}`)
    }, text)
  return {
    draft: {
      ...draft,
      url: out(draft.url, false),
      headersText: out(draft.headersText, true),
      bodyText: out(draft.bodyText, false),
    },
    replaced,
  }
}

/** The auth helper's kind a request uses, read from its headers when the helper was not used. */
function authKindOf(headers: Record<string, string>, url: string): AuthChoice | null {
  for (const [name, value] of Object.entries(headers)) {
    if (/^authorization$/i.test(name)) {
      const scheme = value.trim().split(/\s/)[0]?.toLowerCase()
      if (scheme === 'bearer' || scheme === 'basic') return { kind: scheme, name: 'X-API-Key' }
    } else if (isSecretName(name, 'header') && /key/i.test(name)) {
      return { kind: 'apiKeyHeader', name }
    }
  }
  const param = /[?&]([^=&#]*key[^=&#]*)=/i.exec(url)?.[1]
  return param ? { kind: 'apiKeyQuery', name: safeDecode(param) } : null
}

/** The form a link opens. */
export const draftOf = (shared: SharedRequest): Draft => fromSharedRequest(shared)

// ---- Packing -------------------------------------------------------------------------------

async function readAll(stream: ReadableStream<Uint8Array>, limit: number) {
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}

const streamOf = (bytes: Uint8Array<ArrayBuffer>) =>
  new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })

function toBase64Url(bytes: Uint8Array) {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** The fragment for a request: `#share=1.<deflate-raw, base64url>`. */
export async function encodeShare(request: SharedRequest): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(request))
  const packed = await readAll(
    streamOf(json).pipeThrough(new CompressionStream('deflate-raw')),
    Infinity,
  )
  return `${SHARE_PREFIX}${SHARE_VERSION}.${toBase64Url(packed!)}`
}

export type ShareLink =
  { kind: 'link'; link: string; length: number } | { kind: 'tooLarge'; length: number }

/** The whole link at `pageUrl` (the tester's address), or how long it would be when too long. */
export async function shareLink(request: SharedRequest, pageUrl: string): Promise<ShareLink> {
  const link = `${pageUrl}${await encodeShare(request)}`
  return link.length > SHARE_LINK_LIMIT
    ? { kind: 'tooLarge', length: link.length }
    : { kind: 'link', link, length: link.length }
}

// ---- Opening --------------------------------------------------------------------------------

export type Opened =
  | { ok: true; request: SharedRequest; draft: Draft; placeholders: string[] }
  | { ok: false; problem: string }

const DAMAGED =
  'The share link is damaged or cut short: its request cannot be read. Copy the whole link again (some chat apps cut long links).'

/** The request a fragment (`#share=…`) holds, or what is wrong with it in words. */
export async function decodeShare(fragment: string): Promise<Opened> {
  const data = fragment.startsWith(SHARE_PREFIX) ? fragment.slice(SHARE_PREFIX.length) : fragment
  if (data.length > FRAGMENT_LIMIT) {
    return { ok: false, problem: 'The share link is far longer than any share link we make.' }
  }
  const [, version, packed] = /^(\d+)\.([A-Za-z0-9_-]*)$/.exec(data) ?? []
  if (version === undefined || packed === undefined) return { ok: false, problem: DAMAGED }
  if (Number(version) !== SHARE_VERSION) {
    return {
      ok: false,
      problem: `The share link is in format ${version}, which this version of API Atlas does not read (it reads format ${SHARE_VERSION}). Ask for the link again, or update the page.`,
    }
  }
  let json: unknown
  try {
    const bytes = await readAll(
      streamOf(fromBase64Url(packed)).pipeThrough(new DecompressionStream('deflate-raw')),
      UNPACKED_LIMIT,
    )
    if (!bytes) {
      return {
        ok: false,
        problem: 'The share link unpacks to more than 1 MiB, more than a request may hold.',
      }
    }
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return { ok: false, problem: DAMAGED }
  }
  const parsed = sharedRequestSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const field = issue.path.length > 0 ? issue.path.join('.') : 'request'
    return {
      ok: false,
      problem: `The share link’s request cannot be opened: ${field} is ${issue.code === 'custom' || issue.code === 'too_big' || issue.code === 'invalid_format' ? issue.message : 'not what a share link holds'}.`,
    }
  }
  const draft = draftOf(parsed.data)
  return { ok: true, request: parsed.data, draft, placeholders: variablesIn(draft) }
}
