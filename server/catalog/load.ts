import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Db, Queryable } from '../db/database'
import { readSeed, SEED_FILE, type Seed } from './seed'

/** The app_settings key holding `{ hash, apis, loadedAt }` of the seed in the tables. */
export const SEED_SETTING = 'catalog_seed'

export type LoadResult = { loaded: boolean; hash: string; apis: number; ms: number }

const CHUNK = 250

const hashOf = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
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

const insertSeed = async (tx: Queryable, seed: Seed) => {
  await tx.query(
    `insert into categories (slug, name, description, icon, position)
     select slug, name, description, icon, position
     from jsonb_to_recordset($1::jsonb) as c(slug text, name text, description text, icon text, position int)`,
    [JSON.stringify(seed.categories.map((category, position) => ({ ...category, position })))],
  )
  for (let start = 0; start < seed.apis.length; start += CHUNK) {
    const rows = seed.apis.slice(start, start + CHUNK).map((api) => ({
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
    }))
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
  }
}

/**
 * Loads the seed into `categories` and `apis` when the database holds none or another version
 * (by hash), in one transaction that touches no other table but its own row of app_settings.
 * When the hash matches it only reads the file's hash.
 */
export const loadCatalog = async (db: Db, file = SEED_FILE): Promise<LoadResult> => {
  const started = performance.now()
  const hash = await hashOf(file)
  if ((await storedHash(db)) === hash) {
    return { loaded: false, hash, apis: 0, ms: performance.now() - started }
  }
  const { seed, hash: seedHash } = await readSeed(file)
  const loaded = await db.transaction(async (tx) => {
    await lock(tx)
    if ((await storedHash(tx)) === seedHash) return false
    await tx.exec('delete from apis; delete from categories;')
    await insertSeed(tx, seed)
    await tx.query(
      `insert into app_settings (key, value, updated_at) values ($1, $2, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [
        SEED_SETTING,
        JSON.stringify({ hash: seedHash, apis: seed.apis.length, source: seed.source }),
      ],
    )
    return true
  })
  return {
    loaded,
    hash: seedHash,
    apis: loaded ? seed.apis.length : 0,
    ms: performance.now() - started,
  }
}
