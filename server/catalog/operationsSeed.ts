import { createHash } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib'
import type { SeedOperationsApi } from './operations'
import type { SeedSource } from './seed'

/**
 * The committed operations seed written by `npm run catalog:build`: shards of about
 * SHARD_CHARS characters of JSON each, APIs in id order, Brotli-compressed with a 16 MB window so
 * that the many near-identical versions of one provider's API (GitHub Enterprise, Azure) cost
 * little. Shards keep each piece far below the largest string Node can hold.
 */
export const OPERATIONS_SEED_DIR = path.join(import.meta.dirname, 'seed', 'operations')
export const SHARD_CHARS = 40_000_000

export type OperationsSeed = { source: SeedSource; apis: SeedOperationsApi[] }

export const shardName = (n: number) => `${String(n).padStart(3, '0')}.json.br`

/** The shard files of a seed folder, in order. */
export const shardFiles = (dir = OPERATIONS_SEED_DIR) =>
  readdirSync(dir)
    .filter((name) => /^\d{3}\.json\.br$/.test(name))
    .sort()
    .map((name) => path.join(dir, name))

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

/** Reads one shard at a time, so only one is in memory. */
export async function* readOperationsShards(dir = OPERATIONS_SEED_DIR) {
  for (const file of shardFiles(dir)) {
    yield JSON.parse(brotliDecompressSync(await readFile(file)).toString('utf8')) as OperationsSeed
  }
}
