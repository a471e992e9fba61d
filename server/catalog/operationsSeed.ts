import { createHash } from 'node:crypto'
import { createReadStream, readdirSync, writeFileSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants, createBrotliDecompress } from 'node:zlib'
import type { SchemaView } from '../../src/contract/operations'
import type { SeedOperation, SeedOperationsApi } from './operations'
import type { SeedSource } from './seed'

/**
 * The committed operations seed written by `npm run catalog:build`: shards of about SHARD_CHARS
 * characters each, APIs in id order, Brotli-compressed with a 16 MB window so that the many
 * near-identical versions of one provider's API (GitHub Enterprise, Azure) cost little. Each
 * shard is a line of JSON per record (SeedLine): its source, then each API's head followed by its
 * operations and its schemas, one a line. A reader holds one line at a time, never a shard or a
 * whole API: parsed whole, a 40 MB shard (80 MB as a string) and its objects took the loading
 * process past a gigabyte, and the largest API alone is 22,000 operations.
 */
export const OPERATIONS_SEED_DIR = path.join(import.meta.dirname, 'seed', 'operations')
export const SHARD_CHARS = 40_000_000

export type OperationsSeed = { source: SeedSource; apis: SeedOperationsApi[] }

/** An API as its head line has it: all but its operations and schemas, and how many of each. */
export type SeedApiHead = Omit<SeedOperationsApi, 'operations' | 'schemas'> & {
  operationCount: number
  schemaCount: number
}

/** One line of a shard. Operations and schemas belong to the API whose head came last. */
export type SeedLine =
  | ['source', SeedSource]
  | ['api', SeedApiHead]
  | ['operation', SeedOperation]
  | ['schema', SchemaView]

export const shardName = (n: number) => `${String(n).padStart(3, '0')}.ndjson.br`

/** The shard files of a seed folder, in order. */
export const shardFiles = (dir = OPERATIONS_SEED_DIR) =>
  readdirSync(dir)
    .filter((name) => /^\d{3}\.ndjson\.br$/.test(name))
    .sort()
    .map((name) => path.join(dir, name))

/** The lines of one API, its head first. */
function* apiLines({ operations, schemas, ...head }: SeedOperationsApi): Generator<SeedLine> {
  yield ['api', { ...head, operationCount: operations.length, schemaCount: schemas.length }]
  for (const operation of operations) yield ['operation', operation]
  for (const view of schemas) yield ['schema', view]
}

/**
 * Writes `apis` (in the order given) as shards of about SHARD_CHARS characters into `dir`, from
 * shard `first` on; an API is never split between shards. Returns the shards' compressed bytes.
 */
export const writeOperationsShards = (
  dir: string,
  source: SeedSource,
  apis: Iterable<SeedOperationsApi>,
  shardChars = SHARD_CHARS,
) => {
  const sizes: number[] = []
  let lines: string[] = []
  let chars = 0
  const flush = () => {
    if (lines.length === 0) return
    const compressed = compressShard(`${lines.join('\n')}\n`)
    writeFileSync(path.join(dir, shardName(sizes.length)), compressed)
    sizes.push(compressed.length)
    lines = []
    chars = 0
  }
  for (const api of apis) {
    const own = [...apiLines(api)].map((line) => JSON.stringify(line))
    const size = own.reduce((sum, line) => sum + line.length + 1, 0)
    if (chars > 0 && chars + size > shardChars) flush()
    if (lines.length === 0) lines.push(JSON.stringify(['source', source] satisfies SeedLine))
    lines.push(...own)
    chars += size
  }
  flush()
  return sizes
}

export const compressShard = (json: string) =>
  brotliCompressSync(json, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  })

/** The hash of the whole seed: of every shard's compressed bytes, in order. */
export const hashOperationsSeed = async (dir = OPERATIONS_SEED_DIR) => {
  const hash = createHash('sha256')
  for (const file of shardFiles(dir)) {
    hash.update(path.basename(file)).update(await readFile(file))
  }
  return hash.digest('hex')
}

/**
 * A cheap stand-in for the hash, to skip reading the shards on a restart: the folder and each
 * shard's name, inode, size and modification time (ns). A build or a checkout that rewrites a shard
 * changes it; an unchanged fingerprint is taken as an unchanged seed.
 */
export const fingerprintOperationsSeed = async (dir = OPERATIONS_SEED_DIR) => {
  const parts = [path.resolve(dir)]
  for (const file of shardFiles(dir)) {
    const { ino, size, mtimeNs } = await stat(file, { bigint: true })
    parts.push(`${path.basename(file)}:${ino}:${size}:${mtimeNs}`)
  }
  return createHash('sha256').update(parts.join('\n')).digest('hex')
}

/** Decompressed bytes per piece (the stream's default is 16 KB). */
const PIECE_BYTES = 4 * 1024 * 1024

/**
 * Every line of every shard, in order, one at a time, decompressed as it is read. In pieces of
 * PIECE_BYTES: at the stream's default size a shard came in thousands of pieces from the thread
 * pool, each waiting for a turn of the event loop, which a busy machine makes long; decompressed
 * whole, a shard's bytes and the decompressor's own buffers held the process near the 600 MB aim.
 * The next piece is read only when every line of this one has been taken: readline's lines ran
 * ahead of a load waiting on its database, and held tens of megabytes of a shard at once.
 */
export async function* readOperationsLines(dir = OPERATIONS_SEED_DIR): AsyncGenerator<SeedLine> {
  for (const file of shardFiles(dir)) {
    const decoder = new TextDecoder()
    let rest = ''
    const pieces = createReadStream(file).pipe(createBrotliDecompress({ chunkSize: PIECE_BYTES }))
    for await (const piece of pieces as AsyncIterable<Buffer>) {
      const text = rest + decoder.decode(piece, { stream: true })
      let start = 0
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        if (end > start) yield JSON.parse(text.slice(start, end)) as SeedLine
        start = end + 1
      }
      rest = text.slice(start)
    }
    rest += decoder.decode()
    if (rest.trim() !== '') yield JSON.parse(rest) as SeedLine
  }
}

/**
 * Every API of the seed, whole, with its shard's source: for tools and tests that look at APIs.
 * The load reads lines (readOperationsLines) and never holds an API whole.
 */
export async function* readOperationsApis(
  dir = OPERATIONS_SEED_DIR,
): AsyncGenerator<{ source: SeedSource; api: SeedOperationsApi }> {
  let source: SeedSource | undefined
  let api: SeedOperationsApi | undefined
  for await (const [kind, value] of readOperationsLines(dir)) {
    if (kind === 'source') source = value
    else if (kind === 'api') {
      if (api) yield { source: source!, api }
      const { operationCount: _o, schemaCount: _s, ...head } = value
      api = { ...head, operations: [], schemas: [] }
    } else if (kind === 'operation') api!.operations.push(value)
    else api!.schemas.push(value)
  }
  if (api) yield { source: source!, api }
}
