// CATALOGUE_OVERLAY: your own APIs beside the public ones (an internal directory, tests, demos).
// The file names entries and their OpenAPI 3 documents; it is read once, as the configuration is,
// and anything wrong in it stops the start with a message naming the entry and the field. Each
// entry becomes a catalogue record marked `local`, with its operations, its document and its base
// URL from `servers[0].url`.
import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { CATEGORY_SLUGS } from '../../src/contract/categories'
import type { AuthKind, Endpoint } from '../../src/contract/apis'
import { extractOperations, type SeedOperationsApi } from './operations'
import type { SeedApi } from './seed'
import { clipText, plainText } from './text'

type Json = Record<string, unknown>

export type OverlayApi = {
  record: SeedApi
  operations: SeedOperationsApi
  /** The document as written, with its internal `$ref`s left in place (the conformance checker's). */
  document: Json
  /** Its bytes, as /api/apis/:id/openapi.json serves them. */
  text: string
  format: 'json' | 'yaml'
  /** `host[:port]` of servers[0].url, which the checker reaches only under TESTER_ALLOWED_HOSTS. */
  hostPort: string
}

export type Overlay = {
  file: string
  /** Of the file and every document, so a change to any loads the catalogue again. */
  hash: string
  apis: OverlayApi[]
}

/** Ids as the catalogue's slugs (server/catalog/catalog.ts reads nothing else). */
const ID = /^[a-z0-9][a-z0-9-]{0,199}$/
const MAX_ENTRIES = 1000
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024
const MAX_ENDPOINTS = 100

const entrySchema = z.object({
  id: z
    .string({ message: 'is required: a slug such as billing-api' })
    .regex(ID, 'must be a slug of lower-case letters, digits and hyphens, such as billing-api'),
  name: z.string({ message: 'is required' }).trim().min(1, 'is required').max(200),
  provider: z.string({ message: 'is required' }).trim().min(1, 'is required').max(200),
  category: z.enum(CATEGORY_SLUGS, {
    message: `must be one of ${CATEGORY_SLUGS.join(', ')}`,
  }),
  openapi: z
    .string({ message: 'is required: the path of an OpenAPI 3 document, relative to the file' })
    .min(1, 'is required: the path of an OpenAPI 3 document, relative to the file'),
})

const fileSchema = z.object({
  apis: z
    .array(z.unknown(), { message: 'must be a list of entries' })
    .max(MAX_ENTRIES, `holds at most ${MAX_ENTRIES} entries`),
})

const asObject = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}

/** The JSON pointer's target in the document, or undefined. */
const resolvePointer = (document: unknown, ref: string) => {
  if (!ref.startsWith('#')) return undefined
  let current: unknown = document
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Json)[key]
  }
  return current
}

/**
 * The document with every internal `$ref` replaced by its target, shared, as swagger-parser's
 * dereference leaves it: a reference back to an ancestor becomes an object that contains itself,
 * which extractOperations cuts. External references are not followed (the file is ours to read,
 * not the network's) and stay as they are.
 */
export const dereference = (document: Json): Json => {
  const done = new Map<unknown, unknown>()
  const walk = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value
    if (done.has(value)) return done.get(value)
    const ref = (value as Json).$ref
    if (typeof ref === 'string' && !Array.isArray(value)) {
      const target = resolvePointer(document, ref)
      if (target === undefined || target === value) return value
      return walk(target)
    }
    const copy: unknown = Array.isArray(value) ? [] : {}
    done.set(value, copy)
    for (const [key, child] of Object.entries(value)) {
      ;(copy as Json)[key] = walk(child)
    }
    return copy
  }
  return walk(document) as Json
}

const authOf = (document: Json): { auth: AuthKind; authTypes: AuthKind[] } => {
  const schemes = Object.values(asObject(asObject(document.components).securitySchemes))
  const kinds = new Set<AuthKind>()
  for (const value of schemes) {
    const scheme = asObject(value)
    if (scheme.type === 'apiKey') kinds.add('apiKey')
    else if (scheme.type === 'oauth2') kinds.add('oauth2')
    else if (scheme.type === 'openIdConnect') kinds.add('openIdConnect')
    else if (scheme.type === 'http') kinds.add(scheme.scheme === 'basic' ? 'basic' : 'bearer')
  }
  const authTypes = [...kinds]
  return { auth: authTypes[0] ?? 'none', authTypes: authTypes.length > 0 ? authTypes : ['none'] }
}

class Problem extends Error {}

/** Reads and checks one entry; throws a Problem naming the field. */
const readEntry = (dir: string, raw: unknown, today: string): OverlayApi => {
  const parsed = entrySchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Problem(`${issue.path.join('.') || 'entry'}: ${issue.message}`)
  }
  const entry = parsed.data
  const file = path.resolve(dir, entry.openapi)
  let text: string
  try {
    if (statSync(file).size > MAX_DOCUMENT_BYTES) {
      throw new Problem(`openapi: ${entry.openapi} is larger than 10 MB`)
    }
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if (error instanceof Problem) throw error
    throw new Problem(`openapi: cannot read ${entry.openapi} (${file})`)
  }
  const format = /\.ya?ml$/i.test(file) ? 'yaml' : 'json'
  let document: Json
  try {
    const value: unknown = format === 'yaml' ? parseYaml(text) : JSON.parse(text)
    document = asObject(value)
    if (document !== value) throw new Error('not an object')
  } catch (error) {
    throw new Problem(
      `openapi: ${entry.openapi} is not a ${format === 'yaml' ? 'YAML' : 'JSON'} document (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  if (typeof document.openapi !== 'string' || !/^3\./.test(document.openapi)) {
    throw new Problem(
      `openapi: ${entry.openapi} is not an OpenAPI 3 document (no "openapi": "3.x")`,
    )
  }
  const server = asObject(Array.isArray(document.servers) ? document.servers[0] : undefined)
  let base: URL
  try {
    base = new URL(String(server.url))
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('protocol')
  } catch {
    throw new Problem(
      `openapi: ${entry.openapi} needs servers[0].url, an absolute http(s) URL (the API's base URL)`,
    )
  }
  if (Object.keys(asObject(document.paths)).length === 0) {
    throw new Problem(`openapi: ${entry.openapi} has no paths`)
  }
  const info = asObject(document.info)
  const description = typeof info.description === 'string' ? info.description : ''
  const extracted = extractOperations(dereference(document), { originUrl: base.href })
  const endpoints: Endpoint[] = extracted.operations.slice(0, MAX_ENDPOINTS).map((operation) => ({
    method: operation.method,
    path: operation.path,
    summary: operation.summary,
  }))
  const baseUrl = base.href.replace(/\/+$/, '')
  const record: SeedApi = {
    id: entry.id,
    name: entry.name,
    provider: entry.provider,
    summary: clipText(plainText(description.split(/\n\s*\n/)[0] ?? ''), 300),
    description: clipText(description, 20_000),
    category: entry.category,
    ...authOf(document),
    baseUrl,
    docs:
      typeof asObject(document.externalDocs).url === 'string'
        ? String(asObject(document.externalDocs).url)
        : null,
    https: base.protocol === 'https:',
    cors: null,
    free: null,
    rating: null,
    logo: null,
    version: typeof info.version === 'string' ? info.version : '',
    updated: today,
    endpointCount: extracted.operations.length,
    endpoints,
    sources: ['local'],
    service: '',
    preferred: true,
    entry: entry.id,
    entryRank: 0,
    entrySize: 1,
    variant: '',
  }
  return {
    record,
    operations: {
      id: entry.id,
      ...extracted,
      sourceUrl: null,
      sourceFormat: `openapi ${document.openapi}`,
    },
    document,
    text,
    format,
    hostPort: base.host.toLowerCase(),
  }
}

/**
 * Reads the overlay file and its documents. Throws an Error whose message names the entry (by
 * its place and id) and the field, for the configuration's report.
 */
export const readOverlay = (file: string, today = new Date().toISOString().slice(0, 10)) => {
  const absolute = path.resolve(file)
  let text: string
  try {
    text = readFileSync(absolute, 'utf8')
  } catch {
    throw new Error(`cannot read ${absolute}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new Error(
      `${absolute} is not JSON (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  const shape = fileSchema.safeParse(json)
  if (!shape.success) {
    throw new Error(`${absolute}: "apis" ${shape.error.issues[0]!.message}`)
  }
  const hash = createHash('sha256').update(text)
  const seen = new Set<string>()
  const apis = shape.data.apis.map((raw, index) => {
    const id = asObject(raw).id
    const named = `apis[${index}]${typeof id === 'string' ? ` ("${id}")` : ''}`
    try {
      const api = readEntry(path.dirname(absolute), raw, today)
      if (seen.has(api.record.id)) throw new Problem('id: is used by an earlier entry')
      seen.add(api.record.id)
      hash.update(`\n${api.record.id}\n`).update(api.text)
      return api
    } catch (error) {
      if (error instanceof Problem) throw new Error(`${absolute}: ${named}.${error.message}`)
      throw error
    }
  })
  return { file: absolute, hash: hash.digest('hex'), apis } satisfies Overlay
}

/** Whether the checker may reach an overlay entry: its host is one TESTER_ALLOWED_HOSTS names. */
export const overlayReachable = (api: Pick<OverlayApi, 'hostPort'>, allowedHosts: string[]) => {
  const host = api.hostPort.replace(/:\d+$/, '')
  return allowedHosts.some((rule) => rule === api.hostPort || rule === host)
}
