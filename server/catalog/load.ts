import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { settleAfterLoad, type Db, type Queryable } from '../db/database'
import { readSeed, SEED_FILE, type Seed, type SeedApi } from './seed'
import { addNameWords, searchColumns, writeSearch } from './searchDb'
import { SYNTHETIC_VERSION, syntheticApis } from './synthetic'
import type { Overlay } from './overlay'

/** The app_settings key holding `{ hash, apis, loadedAt }` of the seed in the tables. */
export const SEED_SETTING = 'catalog_seed'

export type LoadResult = { loaded: boolean; hash: string; apis: number; ms: number }

/** How a first load reports progress: records written so far out of all of them. */
export type LoadProgress = (progress: { written: number; total: number; ms: number }) => void

export type LoadOptions = {
  /** How many synthetic APIs to add to the seed (config.syntheticApis); 0 by default. */
  synthetic?: number
  /** CATALOGUE_OVERLAY's entries, added after the seed, marked local. */
  overlay?: Overlay
  /** Called after each tenth of the records of a load is written. */
  onProgress?: LoadProgress
}

const CHUNK = 250

const hashOf = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex')

/**
 * The catalogue's hash: the seed's, or with synthetic APIs a hash of both, so a change of either
 * loads again and an unchanged pair is only checked.
 */
export const catalogHash = (seedHash: string, synthetic: number, overlayHash?: string) =>
  synthetic === 0 && overlayHash === undefined
    ? seedHash
    : createHash('sha256')
        .update(`${seedHash}\nsynthetic:${SYNTHETIC_VERSION}:${synthetic}`)
        .update(overlayHash === undefined ? '' : `\noverlay:${overlayHash}`)
        .digest('hex')

/** The seed the tables hold, as loadCatalog recorded it. */
export type StoredSeed = { hash: string | undefined; apis: number | undefined; loadedAt: Date }

/** The seed the tables hold; undefined before the first load. */
export const storedSeed = async (db: Queryable): Promise<StoredSeed | undefined> => {
  const [row] = await db.query<{ hash: string | null; apis: number | null; updated_at: Date }>(
    `select value->>'hash' as hash, (value->>'apis')::int as apis, updated_at
     from app_settings where key = $1`,
    [SEED_SETTING],
  )
  return (
    row && { hash: row.hash ?? undefined, apis: row.apis ?? undefined, loadedAt: row.updated_at }
  )
}

const storedHash = async (db: Queryable) => (await storedSeed(db))?.hash

// Two servers starting together take turns; the second then finds the hash already stored.
const lock = (tx: Queryable) =>
  tx.query(
    "select pg_advisory_xact_lock(hashtext('api_atlas.catalog_seed:' || coalesce(current_schema(), '')))",
  )

const insertCategories = (tx: Queryable, seed: Seed) =>
  tx.query(
    `insert into categories (slug, name, description, icon, position)
     select slug, name, description, icon, position
     from jsonb_to_recordset($1::jsonb) as c(slug text, name text, description text, icon text, position int)`,
    [JSON.stringify(seed.categories.map((category, position) => ({ ...category, position })))],
  )

/** A record as the apis table's columns. */
const rowOf = (api: SeedApi) => ({
  id: api.id,
  name: api.name,
  provider: api.provider,
  summary: api.summary,
  description: api.description,
  category: api.category,
  auth: api.auth,
  auth_types: api.authTypes,
  base_url: api.baseUrl,
  docs: api.docs,
  https: api.https,
  cors: api.cors,
  free: api.free,
  rating: api.rating,
  logo: api.logo,
  version: api.version,
  updated: api.updated,
  endpoint_count: api.endpointCount,
  endpoints: api.endpoints,
  // Seeds built before the public-apis list have none of these.
  sources: api.sources ?? ['apis-guru'],
  service: api.service ?? '',
  preferred: api.preferred ?? false,
  entry: api.entry ?? api.id,
  entry_rank: api.entryRank ?? 0,
  entry_size: api.entrySize ?? 1,
  variant: api.variant ?? '',
})

/**
 * Writes records in chunks of CHUNK; `apis(from, to)` gives them, so none need all be held. Each
 * gets its search columns, and its name words go into `nameWords` for the lexicon.
 */
const insertApis = async (
  tx: Queryable,
  total: number,
  apis: (from: number, to: number) => SeedApi[],
  written: (count: number) => void,
  nameWords: Set<string>,
) => {
  for (let start = 0; start < total; start += CHUNK) {
    const chunk = apis(start, Math.min(total, start + CHUNK))
    const rows = chunk.map(rowOf)
    // Only directory entries are searched.
    const searched = rows
      .filter((row) => row.entry === row.id)
      .map((row) => {
        const { columns, nameWords: words } = searchColumns(row)
        for (const word of words) nameWords.add(word)
        return { id: row.id, ...columns }
      })
    await tx.query(
      `insert into apis (id, name, provider, summary, description, category, auth, auth_types,
         base_url, docs, https, cors, free, rating, logo, version, updated, endpoint_count, endpoints,
         sources, service, preferred, entry, entry_rank, entry_size, variant)
       select id, name, provider, summary, description, category, auth,
         array(select jsonb_array_elements_text(auth_types)), base_url, docs, https, cors, free,
         rating, logo, version, updated, endpoint_count, endpoints,
         array(select jsonb_array_elements_text(sources)), service, preferred, entry, entry_rank,
         entry_size, variant
       from jsonb_to_recordset($1::jsonb) as a(id text, name text, provider text, summary text,
         description text, category text, auth text, auth_types jsonb, base_url text, docs text,
         https boolean, cors boolean, free boolean, rating real, logo text, version text,
         updated date, endpoint_count int, endpoints jsonb, sources jsonb, service text,
         preferred boolean, entry text, entry_rank int, entry_size int, variant text)`,
      [JSON.stringify(rows)],
    )
    await writeSearch(tx, searched)
    written(chunk.length)
  }
}

/** What a catalogue load writes, settled after it. */
const CATALOGUE_TABLES = ['categories', 'apis', 'api_search', 'search_words']

/**
 * Loads the seed, and `synthetic` synthetic APIs after it, into `categories` and `apis` when the
 * database holds none or another version (by hash), in one transaction that touches no other table
 * but its own row of app_settings, then settles those tables for the planner. When the hash matches
 * it only reads the file's hash.
 */
export const loadCatalog = async (
  db: Db,
  file = SEED_FILE,
  { synthetic = 0, overlay, onProgress }: LoadOptions = {},
): Promise<LoadResult> => {
  const started = performance.now()
  const hash = catalogHash(await hashOf(file), synthetic, overlay?.hash)
  if ((await storedHash(db)) === hash) {
    return { loaded: false, hash, apis: 0, ms: performance.now() - started }
  }
  const { seed, hash: fileHash } = await readSeed(file)
  const seedHash = catalogHash(fileHash, synthetic, overlay?.hash)
  const local = overlay?.apis.map((api) => api.record) ?? []
  if (local.length > 0) {
    const ids = new Set(seed.apis.map((api) => api.id))
    const taken = local.find((api) => ids.has(api.id))
    if (taken) {
      throw new Error(
        `CATALOGUE_OVERLAY: ${overlay!.file}: the id "${taken.id}" is an API of the public catalogue already; choose another`,
      )
    }
  }
  const total = seed.apis.length + synthetic + local.length
  let written = 0
  let reported = 0
  const progress = (count: number) => {
    written += count
    // A tenth at a time: ten lines for any size, none for a load that is over at once.
    if (onProgress && (written - reported >= total / 10 || written === total)) {
      reported = written
      onProgress({ written, total, ms: performance.now() - started })
    }
  }
  const loaded = await db.transaction(async (tx) => {
    await lock(tx)
    if ((await storedHash(tx)) === seedHash) return false
    await tx.exec(
      'delete from api_search; delete from search_words; delete from apis; delete from categories;',
    )
    await insertCategories(tx, seed)
    const nameWords = new Set<string>()
    const ofSeed = (from: number, to: number) => seed.apis.slice(from, to)
    await insertApis(tx, seed.apis.length, ofSeed, progress, nameWords)
    await insertApis(tx, synthetic, syntheticApis, progress, nameWords)
    await insertApis(tx, local.length, (from, to) => local.slice(from, to), progress, nameWords)
    await addNameWords(tx, nameWords)
    await tx.query(
      `insert into app_settings (key, value, updated_at) values ($1, $2, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [
        SEED_SETTING,
        JSON.stringify({
          hash: seedHash,
          apis: total,
          source: seed.source,
          ...(synthetic > 0 ? { synthetic, syntheticVersion: SYNTHETIC_VERSION } : {}),
          ...(overlay ? { overlay: overlay.file, local: local.length } : {}),
        }),
      ],
    )
    return true
  })
  if (loaded) await settleAfterLoad(db, CATALOGUE_TABLES)
  return {
    loaded,
    hash: seedHash,
    apis: loaded ? total : 0,
    ms: performance.now() - started,
  }
}
