import type { Db, Queryable } from '../db/database'
import {
  fingerprintOperationsSeed,
  hashOperationsSeed,
  OPERATIONS_SEED_DIR,
  readOperationsShards,
  type OperationsSeed,
} from './operationsSeed'

/**
 * The app_settings key holding `{ hash, fingerprint, apis, operations, source }` of the operations
 * seed in the tables.
 */
export const OPERATIONS_SEED_SETTING = 'operations_seed'

export type OperationsLoadResult = {
  loaded: boolean
  hash: string
  apis: number
  operations: number
  ms: number
}

/** Rows per insert statement: large enough to be few statements, small enough to stay modest in memory. */
const CHUNK_CHARS = 4_000_000

const stored = async (db: Queryable) => {
  const [row] = await db.query<{ hash: string | null; fingerprint: string | null }>(
    `select value->>'hash' as hash, value->>'fingerprint' as fingerprint from app_settings
     where key = $1`,
    [OPERATIONS_SEED_SETTING],
  )
  return { hash: row?.hash ?? undefined, fingerprint: row?.fingerprint ?? undefined }
}

const storedHash = async (db: Queryable) => (await stored(db)).hash

const lock = (tx: Queryable) =>
  tx.query(
    "select pg_advisory_xact_lock(hashtext('api_atlas.operations_seed:' || coalesce(current_schema(), '')))",
  )

/**
 * Sends insert statements one ahead: the next batch is read, parsed and put together here while
 * the database (PGlite's own thread, or a Postgres server) writes the last one. Statements on one
 * transaction run in the order sent, so at most one is in flight; `settled` reports its failure.
 */
const createInserter = (tx: Queryable) => {
  let inFlight: Promise<void> = Promise.resolve()
  let failure: { error: unknown } | undefined
  const settled = async () => {
    await inFlight
    if (failure) throw failure.error
  }
  /** Inserts rows as JSON text in batches of about CHUNK_CHARS characters. */
  const insertBatches = async (rows: Iterable<string>, statement: string) => {
    let batch: string[] = []
    let size = 0
    const flush = async () => {
      if (batch.length === 0) return
      await settled()
      // Caught at once, so a failure while the next batch is built is never an unhandled rejection.
      inFlight = tx.query(statement, [`[${batch.join(',')}]`]).then(
        () => undefined,
        (error: unknown) => {
          failure = { error }
        },
      )
      batch = []
      size = 0
    }
    for (const row of rows) {
      batch.push(row)
      size += row.length
      if (size >= CHUNK_CHARS) await flush()
    }
    await flush()
  }
  return { insertBatches, settled }
}

type Inserter = ReturnType<typeof createInserter>

function* setRows(seed: OperationsSeed) {
  for (const api of seed.apis) {
    yield JSON.stringify({
      api_id: api.id,
      servers: api.servers,
      source_url: api.sourceUrl,
      source_format: api.sourceFormat,
      operation_count: api.operations.length,
    })
  }
}

function* operationRows(seed: OperationsSeed) {
  for (const api of seed.apis) {
    for (const [position, operation] of api.operations.entries()) {
      const { operationKey, method, path, operationId, summary, tags, deprecated, ...detail } =
        operation
      yield JSON.stringify({
        api_id: api.id,
        operation_key: operationKey,
        position,
        method,
        path,
        operation_id: operationId,
        summary,
        tags,
        deprecated,
        detail,
      })
    }
  }
}

function* schemaRows(seed: OperationsSeed) {
  for (const api of seed.apis) {
    for (const [idx, view] of api.schemas.entries()) {
      yield JSON.stringify({ api_id: api.id, idx, view })
    }
  }
}

const insertShard = async ({ insertBatches }: Inserter, seed: OperationsSeed) => {
  await insertBatches(
    setRows(seed),
    `insert into api_operation_sets (api_id, servers, source_url, source_format, operation_count)
     select api_id, servers, source_url, source_format, operation_count
     from json_to_recordset($1::json) as s(api_id text, servers jsonb, source_url text,
       source_format text, operation_count int)`,
  )
  await insertBatches(
    operationRows(seed),
    `insert into api_operations (api_id, operation_key, position, method, path, operation_id,
       summary, tags, deprecated, detail)
     select api_id, operation_key, position, method, path, operation_id, summary,
       array(select json_array_elements_text(tags)), deprecated, detail
     from json_to_recordset($1::json) as o(api_id text, operation_key text, position int,
       method text, path text, operation_id text, summary text, tags json, deprecated boolean,
       detail json)`,
  )
  await insertBatches(
    schemaRows(seed),
    `insert into api_operation_schemas (api_id, idx, view)
     select api_id, idx, view from json_to_recordset($1::json) as s(api_id text, idx int, view json)`,
  )
}

/**
 * Loads the operations seed (every shard, one at a time) when the database holds none or another
 * version (by the hash of the shards' bytes), in one transaction. A restart whose shards are the
 * files the tables were loaded or last checked from (same fingerprint: name, inode, size, time)
 * reads nothing; otherwise the shards are hashed, and an equal hash only records the fingerprint.
 */
export const loadOperations = async (
  db: Db,
  dir = OPERATIONS_SEED_DIR,
): Promise<OperationsLoadResult> => {
  const started = performance.now()
  const fingerprint = await fingerprintOperationsSeed(dir)
  const before = await stored(db)
  const unchanged = (hash: string) => ({
    loaded: false,
    hash,
    apis: 0,
    operations: 0,
    ms: performance.now() - started,
  })
  if (before.hash && before.fingerprint === fingerprint) return unchanged(before.hash)
  const hash = await hashOperationsSeed(dir)
  if (before.hash === hash) {
    await db.query(
      `update app_settings set value = jsonb_set(value::jsonb, '{fingerprint}', to_jsonb($2::text))
       where key = $1`,
      [OPERATIONS_SEED_SETTING, fingerprint],
    )
    return unchanged(hash)
  }
  let apis = 0
  let operations = 0
  let source: OperationsSeed['source'] | undefined
  const loaded = await db.transaction(async (tx) => {
    await lock(tx)
    if ((await storedHash(tx)) === hash) return false
    await tx.exec(
      'delete from api_operation_schemas; delete from api_operations; delete from api_operation_sets;',
    )
    const inserter = createInserter(tx)
    for await (const seed of readOperationsShards(dir)) {
      source = seed.source
      apis += seed.apis.length
      operations += seed.apis.reduce((sum, api) => sum + api.operations.length, 0)
      await insertShard(inserter, seed)
    }
    await inserter.settled()
    await tx.query(
      `insert into app_settings (key, value, updated_at) values ($1, $2, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [OPERATIONS_SEED_SETTING, JSON.stringify({ hash, fingerprint, apis, operations, source })],
    )
    return true
  })
  return {
    loaded,
    hash,
    apis: loaded ? apis : 0,
    operations: loaded ? operations : 0,
    ms: performance.now() - started,
  }
}
