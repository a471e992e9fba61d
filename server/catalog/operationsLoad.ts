import { settleAfterLoad, type Db, type Queryable } from '../db/database'
import {
  fingerprintOperationsSeed,
  hashOperationsSeed,
  OPERATIONS_SEED_DIR,
  readOperationsLines,
  type SeedApiHead,
} from './operationsSeed'
import type { SeedOperation, SeedOperationsApi } from './operations'
import type { SeedSource } from './seed'
import { writeOperationWords } from './operationSearch'
import { collectGarbage } from '../collectGarbage'
import { SYNTHETIC_ID_PREFIX, syntheticApis, syntheticOperations } from './synthetic'

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

/**
 * Rows per insert statement, in characters: large enough to be few statements, small enough that
 * the copies of a batch in flight (the text here, its copy on the database's thread and in its
 * memory, which never shrinks) stay a few megabytes. A first start at 100,000 APIs peaked 40 to 50
 * MB lower with batches of 500,000 than of 2,000,000, and loaded the seed a second or two slower.
 */
const CHUNK_CHARS = 500_000

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

/** A column of a seed table, by its SQL type. */
type Column = { name: string; type: 'text' | 'int' | 'boolean' | 'json' | 'jsonb' | 'text[]' }
type Value = string | number | boolean | null | string[] | object
type Table = { name: string; columns: Column[] }

const OPERATION_SETS: Table = {
  name: 'api_operation_sets',
  columns: [
    { name: 'api_id', type: 'text' },
    { name: 'servers', type: 'jsonb' },
    { name: 'source_url', type: 'text' },
    { name: 'source_format', type: 'text' },
    { name: 'operation_count', type: 'int' },
  ],
}

const OPERATIONS: Table = {
  name: 'api_operations',
  columns: [
    { name: 'api_id', type: 'text' },
    { name: 'operation_key', type: 'text' },
    { name: 'position', type: 'int' },
    { name: 'method', type: 'text' },
    { name: 'path', type: 'text' },
    { name: 'operation_id', type: 'text' },
    { name: 'summary', type: 'text' },
    { name: 'tags', type: 'text[]' },
    { name: 'deprecated', type: 'boolean' },
    { name: 'detail', type: 'json' },
  ],
}

const OPERATION_SCHEMAS: Table = {
  name: 'api_operation_schemas',
  columns: [
    { name: 'api_id', type: 'text' },
    { name: 'idx', type: 'int' },
    { name: 'view', type: 'json' },
  ],
}

/** Rows as one JSON parameter, read by json_to_recordset: for Postgres, which parses JSON in C. */
const recordsetInsert = ({ name, columns }: Table) => {
  const names = columns.map((column) => column.name).join(', ')
  const reads = columns.map((column) =>
    column.type === 'text[]'
      ? `array(select json_array_elements_text(${column.name}))`
      : column.name,
  )
  const types = columns.map(
    (column) => `${column.name} ${column.type === 'text[]' ? 'json' : column.type}`,
  )
  return {
    statement: `insert into ${name} (${names}) select ${reads.join(', ')}
      from json_to_recordset($1::json) as r(${types.join(', ')})`,
    row: (values: Value[]) =>
      JSON.stringify(Object.fromEntries(columns.map((column, i) => [column.name, values[i]]))),
    batch: (rows: string[]) => `[${rows.join(',')}]`,
  }
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' }
const copyEscape = (text: string) => text.replace(/[\\\n\r\t]/g, (char) => COPY_ESCAPES[char]!)
const arrayLiteral = (items: string[]) =>
  `{${items.map((item) => `"${item.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(',')}}`

/** One field in COPY's text format. */
const copyField = (value: Value | undefined, column: Column) => {
  if (value === null || value === undefined) return '\\N'
  if (column.type === 'text[]') return copyEscape(arrayLiteral(value as string[]))
  if (column.type === 'json' || column.type === 'jsonb') return copyEscape(JSON.stringify(value))
  if (typeof value === 'boolean') return value ? 't' : 'f'
  return copyEscape(String(value))
}

/** Rows as COPY's text lines: for PGlite, where they cost about a third less CPU than the JSON. */
const copyInsert = ({ name, columns }: Table) => ({
  statement: `copy ${name} (${columns.map((column) => column.name).join(', ')}) from '/dev/blob'`,
  row: (values: Value[]) => values.map((value, i) => copyField(value, columns[i]!)).join('\t'),
  batch: (rows: string[]) => `${rows.join('\n')}\n`,
})

/**
 * Writes rows in batches of about CHUNK_CHARS characters per table, one statement ahead: the next
 * batch is read, parsed and put together here while the database (PGlite's own thread, or a
 * Postgres server) writes the last one. Statements on one transaction run in the order sent, so at
 * most one is in flight; `settled` waits for it and reports any failure.
 */
const createInserter = (tx: Queryable) => {
  let inFlight: Promise<void> = Promise.resolve()
  let failure: { error: unknown } | undefined
  const settled = async () => {
    await inFlight
    if (failure) throw failure.error
  }
  const batches = new Map<Table, { rows: string[]; size: number }>()
  // Each table's statement and row writer, made once rather than for each of its rows.
  const formats = new Map<Table, ReturnType<typeof copyInsert>>()
  const formatOf = (table: Table) => {
    let format = formats.get(table)
    if (!format) {
      format = tx.copyFrom ? copyInsert(table) : recordsetInsert(table)
      formats.set(table, format)
    }
    return format
  }
  const flush = async (table: Table) => {
    const batch = batches.get(table)
    if (!batch || batch.rows.length === 0) return
    batches.delete(table)
    await settled()
    const { copyFrom } = tx
    const format = formatOf(table)
    const data = format.batch(batch.rows)
    const sent = copyFrom ? copyFrom(format.statement, data) : tx.query(format.statement, [data])
    // Caught at once, so a failure while the next batch is built is never an unhandled rejection.
    inFlight = sent.then(
      () => undefined,
      (error: unknown) => {
        failure = { error }
      },
    )
  }
  /** Adds a row to its table's batch, sending the batch once it is full. */
  const add = async (table: Table, values: Value[]) => {
    const row = formatOf(table).row(values)
    let batch = batches.get(table)
    if (!batch) batches.set(table, (batch = { rows: [], size: 0 }))
    batch.rows.push(row)
    batch.size += row.length
    if (batch.size >= CHUNK_CHARS) await flush(table)
  }
  /** Sends what is left and waits for every statement. */
  const finish = async () => {
    for (const table of [...batches.keys()]) await flush(table)
    await settled()
  }
  return { add, finish }
}

type Inserter = ReturnType<typeof createInserter>

const setRow = (head: SeedApiHead): Value[] => [
  head.id,
  head.servers,
  head.sourceUrl,
  head.sourceFormat,
  head.operationCount,
]

const operationRow = (apiId: string, position: number, operation: SeedOperation): Value[] => {
  const { operationKey, method, path, operationId, summary, tags, deprecated, ...detail } =
    operation
  return [
    apiId,
    operationKey,
    position,
    method,
    path,
    operationId,
    summary,
    tags,
    deprecated,
    detail,
  ]
}

/** Writes an API given whole (the overlay's): its set, its operations and its schemas. */
const insertApi = async ({ add }: Inserter, api: SeedOperationsApi) => {
  const { operations, schemas, ...rest } = api
  await add(
    OPERATION_SETS,
    setRow({ ...rest, operationCount: operations.length, schemaCount: schemas.length }),
  )
  for (const [position, operation] of operations.entries()) {
    await add(OPERATIONS, operationRow(api.id, position, operation))
  }
  for (const [idx, view] of schemas.entries()) await add(OPERATION_SCHEMAS, [api.id, idx, view])
}

/**
 * Writes the seed's lines as they are read: each API's set from its head, then its operations and
 * schemas numbered in the order they come. What it read, for the settings row.
 */
const insertSeed = async ({ add }: Inserter, dir: string) => {
  let source: SeedSource | undefined
  let apis = 0
  let operations = 0
  let api: { id: string; operations: number; schemas: number } | undefined
  for await (const [kind, value] of readOperationsLines(dir)) {
    if (kind === 'source') {
      // A shard's parsed lines and rows are garbage once it is written: collected here, between
      // shards, they never pile up over the load, which is the first start's peak.
      if (source) collectGarbage()
      source = value
    } else if (kind === 'api') {
      apis += 1
      api = { id: value.id, operations: 0, schemas: 0 }
      await add(OPERATION_SETS, setRow(value))
    } else if (kind === 'operation') {
      operations += 1
      await add(OPERATIONS, operationRow(api!.id, api!.operations++, value))
    } else await add(OPERATION_SCHEMAS, [api!.id, api!.schemas++, value])
  }
  return { source, apis, operations }
}

/** What an operations load writes, settled after it. */
const OPERATIONS_TABLES = [
  'api_operation_sets',
  'api_operations',
  'api_operation_schemas',
  'api_operation_search',
]

/**
 * Loads the operations seed (every shard, one at a time) when the database holds none or another
 * version (by the hash of the shards' bytes), in one transaction, then settles its tables for the
 * planner. A restart whose shards are the files the tables were loaded or last checked from (same
 * fingerprint: name, inode, size, time) reads nothing; otherwise the shards are hashed, and an
 * equal hash only records the fingerprint.
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
  let read: Awaited<ReturnType<typeof insertSeed>> = { source: undefined, apis: 0, operations: 0 }
  const loaded = await db.transaction(async (tx) => {
    await lock(tx)
    if ((await storedHash(tx)) === hash) return false
    await tx.exec(
      'delete from api_operation_schemas; delete from api_operations; delete from api_operation_sets;',
    )
    const inserter = createInserter(tx)
    read = await insertSeed(inserter, dir)
    await inserter.finish()
    // The words search reads, made by the database from the rows just written.
    await writeOperationWords(tx)
    await tx.query(
      `insert into app_settings (key, value, updated_at) values ($1, $2, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [OPERATIONS_SEED_SETTING, JSON.stringify({ hash, fingerprint, ...read })],
    )
    return true
  })
  if (loaded) await settleAfterLoad(db, OPERATIONS_TABLES)
  return {
    loaded,
    hash,
    apis: loaded ? read.apis : 0,
    operations: loaded ? read.operations : 0,
    ms: performance.now() - started,
  }
}

/**
 * Writes the operations of CATALOGUE_OVERLAY's entries on every start (a handful of documents),
 * after the seed's: their rows replace any of the same ids, and those of entries the overlay no
 * longer names are dropped.
 */
export const loadOverlayOperations = async (db: Db, apis: SeedOperationsApi[]) => {
  const ids = apis.map((api) => api.id)
  const stale = `select o.api_id from api_operation_sets o join apis a on a.id = o.api_id
    where 'local' = any(a.sources) and not (o.api_id = any($1::text[]))`
  // No overlay, as on most starts, and none left from an earlier one: nothing to write or drop,
  // and the eight deletes below each joined every entry (half a second at 100,000 APIs).
  if (ids.length === 0) {
    const [left] = await db.query<{ any: boolean }>(`select exists (${stale}) as any`, [ids])
    if (!left?.any) return
  }
  await db.transaction(async (tx) => {
    for (const table of [
      'api_operation_search',
      'api_operation_schemas',
      'api_operations',
      'api_operation_sets',
    ]) {
      await tx.query(`delete from ${table} where api_id = any($1::text[])`, [ids])
      await tx.query(`delete from ${table} where api_id in (${stale})`, [ids])
    }
    if (apis.length === 0) return
    const inserter = createInserter(tx)
    for (const api of apis) await insertApi(inserter, api)
    await inserter.finish()
    await writeOperationWords(tx, ids)
  })
}

/** The app_settings key holding `{ seed, count, version }` of the synthetic APIs' operations. */
export const SYNTHETIC_OPERATIONS_SETTING = 'synthetic_operations'

/** Part of what the setting records: change it when syntheticOperations' output changes. */
export const SYNTHETIC_OPERATIONS_VERSION = 1

/** Synthetic APIs made and written per step: their records and operations never pile up. */
const SYNTHETIC_STEP = 2_000

/**
 * Gives the synthetic APIs of ATLAS_SYNTHETIC_APIS (the first `count`) their operations, so that a
 * scale test's catalogue has operations in the proportion of the real one, searched by task as
 * theirs are: about 800,000 at 100,000 APIs. Written when the count, the generator or the
 * operations seed (`seedHash`, which replaces every operation when it loads) changed since the
 * last time, in one transaction; otherwise nothing is read. With a count of 0, drops any.
 */
export const loadSyntheticOperations = async (db: Db, count: number, seedHash: string) => {
  const started = performance.now()
  const wanted = { seed: seedHash, count, version: SYNTHETIC_OPERATIONS_VERSION }
  const current = async (tx: Queryable) => {
    const [row] = await tx.query<{ value: string | null }>(
      `select value::text as value from app_settings where key = $1`,
      [SYNTHETIC_OPERATIONS_SETTING],
    )
    const before = row?.value ? (JSON.parse(row.value) as typeof wanted) : undefined
    if (!before) return count === 0
    return (
      before.seed === wanted.seed &&
      before.count === wanted.count &&
      before.version === wanted.version
    )
  }
  const unchanged = { loaded: false, apis: 0, operations: 0 }
  if (await current(db)) return { ...unchanged, ms: performance.now() - started }
  let operations = 0
  const loaded = await db.transaction(async (tx) => {
    await lock(tx)
    if (await current(tx)) return false
    // Those of a larger count before, too; each step's entries are indexed again (ops emptied).
    for (const table of [...OPERATIONS_TABLES].reverse()) {
      await tx.query(`delete from ${table} where api_id like $1`, [`${SYNTHETIC_ID_PREFIX}%`])
    }
    for (let from = 0; from < count; from += SYNTHETIC_STEP) {
      const inserter = createInserter(tx)
      const apis = syntheticApis(from, Math.min(count, from + SYNTHETIC_STEP))
      for (const api of apis) {
        const made = syntheticOperations(api)
        operations += made.operations.length
        await insertApi(inserter, made)
      }
      await inserter.finish()
      await writeOperationWords(
        tx,
        apis.map((api) => api.id),
      )
    }
    await tx.query(
      `insert into app_settings (key, value, updated_at) values ($1, $2, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [SYNTHETIC_OPERATIONS_SETTING, JSON.stringify(wanted)],
    )
    return true
  })
  if (!loaded) return { ...unchanged, ms: performance.now() - started }
  await settleAfterLoad(db, OPERATIONS_TABLES)
  return { loaded: true, apis: count, operations, ms: performance.now() - started }
}
