import { settleAfterLoad, type Db, type Queryable } from '../db/database'
import type { SeedOperationsApi } from './operations'
import {
  fingerprintOperationsSeed,
  hashOperationsSeed,
  OPERATIONS_SEED_DIR,
  readOperationsShards,
  type OperationsSeed,
} from './operationsSeed'
import { writeOperationWords } from './operationSearch'

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
 * Writes rows in batches of about CHUNK_CHARS characters, one statement ahead: the next batch is
 * read, parsed and put together here while the database (PGlite's own thread, or a Postgres
 * server) writes the last one. Statements on one transaction run in the order sent, so at most
 * one is in flight; `settled` reports its failure.
 */
const createInserter = (tx: Queryable) => {
  let inFlight: Promise<void> = Promise.resolve()
  let failure: { error: unknown } | undefined
  const settled = async () => {
    await inFlight
    if (failure) throw failure.error
  }
  const insert = async (table: Table, rows: Iterable<Value[]>) => {
    const { copyFrom } = tx
    const format = copyFrom ? copyInsert(table) : recordsetInsert(table)
    const send = copyFrom
      ? (data: string) => copyFrom(format.statement, data)
      : (data: string) => tx.query(format.statement, [data])
    let batch: string[] = []
    let size = 0
    const flush = async () => {
      if (batch.length === 0) return
      await settled()
      // Caught at once, so a failure while the next batch is built is never an unhandled rejection.
      inFlight = send(format.batch(batch)).then(
        () => undefined,
        (error: unknown) => {
          failure = { error }
        },
      )
      batch = []
      size = 0
    }
    for (const values of rows) {
      const row = format.row(values)
      batch.push(row)
      size += row.length
      if (size >= CHUNK_CHARS) await flush()
    }
    await flush()
  }
  return { insert, settled }
}

type Inserter = ReturnType<typeof createInserter>

function* setRows(seed: OperationsSeed): Generator<Value[]> {
  for (const api of seed.apis) {
    yield [api.id, api.servers, api.sourceUrl, api.sourceFormat, api.operations.length]
  }
}

function* operationRows(seed: OperationsSeed): Generator<Value[]> {
  for (const api of seed.apis) {
    for (const [position, operation] of api.operations.entries()) {
      const { operationKey, method, path, operationId, summary, tags, deprecated, ...detail } =
        operation
      yield [
        api.id,
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
  }
}

function* schemaRows(seed: OperationsSeed): Generator<Value[]> {
  for (const api of seed.apis) {
    for (const [idx, view] of api.schemas.entries()) yield [api.id, idx, view]
  }
}

const insertShard = async ({ insert }: Inserter, seed: OperationsSeed) => {
  await insert(OPERATION_SETS, setRows(seed))
  await insert(OPERATIONS, operationRows(seed))
  await insert(OPERATION_SCHEMAS, schemaRows(seed))
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
    // The words search reads, made by the database from the rows just written.
    await writeOperationWords(tx)
    await tx.query(
      `insert into app_settings (key, value, updated_at) values ($1, $2, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [OPERATIONS_SEED_SETTING, JSON.stringify({ hash, fingerprint, apis, operations, source })],
    )
    return true
  })
  if (loaded) await settleAfterLoad(db, OPERATIONS_TABLES)
  return {
    loaded,
    hash,
    apis: loaded ? apis : 0,
    operations: loaded ? operations : 0,
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
  await db.transaction(async (tx) => {
    const stale = `select o.api_id from api_operation_sets o join apis a on a.id = o.api_id
      where 'local' = any(a.sources) and not (o.api_id = any($1::text[]))`
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
    const seed: OperationsSeed = {
      source: { package: 'overlay', version: '', snapshot: '', license: '' },
      apis,
    }
    const inserter = createInserter(tx)
    await insertShard(inserter, seed)
    await inserter.settled()
    await writeOperationWords(tx, ids)
  })
}
