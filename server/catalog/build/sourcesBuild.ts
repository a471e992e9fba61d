// Writes the source documents' seed (server/catalog/sourcesSeed.ts) for `npm run catalog:build`.
// Every document goes in the index; the exact bytes of as many as the budget holds go in shards.
// Deterministic: the same package and records give the same bytes.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import {
  SOURCES_INDEX_NAME,
  SOURCES_SEED_DIR,
  sourceShardName,
  type SourceDocument,
  type SourcesIndex,
} from '../sourcesSeed'

/**
 * Compressed bytes the shards and index may take. The repository may grow by 25 MB in all;
 * the operations seed took 16.4 MB of it, and this leaves a little of the rest unspent.
 */
export const SOURCES_BUDGET_BYTES = 7_500_000

/** A shard holds one provider's documents up to this size: inside Brotli's 16 MB window. */
const SHARD_RAW_BYTES = 8 * 1024 * 1024

export type SourceRecord = {
  id: string
  /** Its path under the package's `api/` folder. */
  file: string
  /** The record its directory entry shows first: kept before other versions of it. */
  entryOwn: boolean
}

const brotli = (bytes: Buffer, quality: number) =>
  brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  })

const formatOf = (bytes: Buffer, file: string) => {
  const document = JSON.parse(bytes.toString('utf8')) as { openapi?: unknown; swagger?: unknown }
  if (typeof document.openapi === 'string') return `openapi ${document.openapi}`
  if (typeof document.swagger === 'string') return `swagger ${document.swagger}`
  throw new Error(`${file}: neither an OpenAPI nor a Swagger document`)
}

const providerOf = (file: string) => file.split('/')[0]!.replace(/\.json$/, '')

type Candidate = SourceRecord & { size: number; sha256: string; format: string; estimate: number }

/** The kept documents in shards: by provider, in file order, each shard at most SHARD_RAW_BYTES. */
const shardsOf = (kept: Candidate[]) => {
  const byProvider = new Map<string, Candidate[]>()
  for (const c of [...kept].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    const provider = providerOf(c.file)
    byProvider.set(provider, [...(byProvider.get(provider) ?? []), c])
  }
  const shards: Candidate[][] = []
  for (const documents of byProvider.values()) {
    let shard: Candidate[] = []
    let size = 0
    for (const document of documents) {
      if (shard.length > 0 && size + document.size > SHARD_RAW_BYTES) {
        shards.push(shard)
        shard = []
        size = 0
      }
      shard.push(document)
      size += document.size
    }
    if (shard.length > 0) shards.push(shard)
  }
  return shards
}

export type SourcesReport = {
  documents: number
  rawBytes: number
  kept: number
  keptRawBytes: number
  shards: number
  shardBytes: number
  indexBytes: number
}

/**
 * Chooses what is kept, in this order: the record each directory entry shows first, then the other
 * versions; within each, the smaller document first (by its own size at Brotli quality 9), so that
 * the budget serves as many APIs as it can. The rest are in the index only, and the route sends
 * their readers to the package's copy of the same bytes.
 */
export const writeSourcesSeed = ({
  apiDir,
  source,
  records,
  outDir = SOURCES_SEED_DIR,
  budget = SOURCES_BUDGET_BYTES,
}: {
  apiDir: string
  source: SourcesIndex['source']
  records: SourceRecord[]
  outDir?: string
  budget?: number
}): SourcesReport => {
  // Read again when sharded: all of them at once would be over 400 MB.
  const read = (file: string) => readFileSync(path.join(apiDir, file))
  const candidates: Candidate[] = records.map((record) => {
    const bytes = read(record.file)
    return {
      ...record,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      format: formatOf(bytes, record.file),
      estimate: brotli(bytes, 9).length,
    }
  })
  const order = [...candidates].sort(
    (a, b) =>
      Number(b.entryOwn) - Number(a.entryOwn) ||
      a.estimate - b.estimate ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
  // The index is written last and is small (tens of KB); it is reserved for first.
  const indexAllowance = 32 * records.length
  /** The candidates, in order, whose estimates times `scale` fit the budget. */
  const choose = (scale: number) => {
    const chosen: Candidate[] = []
    let estimated = 0
    for (const c of order) {
      if (estimated + c.estimate * scale + indexAllowance > budget) continue
      chosen.push(c)
      estimated += c.estimate * scale
    }
    return chosen
  }
  // A shard is compressed once for the documents it holds, however often it is asked for.
  const compressed = new Map<string, Buffer>()
  const compress = (documents: Candidate[]) => {
    const key = documents.map((d) => d.file).join('\n')
    let bytes = compressed.get(key)
    if (!bytes) {
      bytes = brotli(Buffer.concat(documents.map((d) => read(d.file))), 11)
      compressed.set(key, bytes)
    }
    return bytes
  }
  const sizeOf = (chosen: Candidate[]) =>
    shardsOf(chosen).reduce((sum, documents) => sum + compress(documents).length, 0)

  // Together and at quality 11 the shards come out smaller than the estimates: a second choice
  // spends what the first left, estimates scaled by how much smaller they came out (and a little).
  let kept = choose(1)
  if (kept.length > 0 && kept.length < order.length) {
    const estimated = kept.reduce((sum, c) => sum + c.estimate, 0)
    kept = choose((sizeOf(kept) / estimated) * 1.02)
  }
  // Should the shards not fit, the last chosen go until they do.
  for (;;) {
    const shards = shardsOf(kept).map((documents) => ({
      documents,
      compressed: compress(documents),
    }))
    const shardBytes = shards.reduce((sum, shard) => sum + shard.compressed.length, 0)
    const documents: SourceDocument[] = []
    const where = new Map<string, { shard: string; offset: number }>()
    shards.forEach(({ documents: inShard }, n) => {
      let offset = 0
      for (const d of inShard) {
        where.set(d.id, { shard: sourceShardName(n), offset })
        offset += d.size
      }
    })
    for (const c of [...candidates].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
      const at = where.get(c.id)
      documents.push({
        id: c.id,
        file: c.file,
        format: c.format,
        bytes: c.size,
        sha256: c.sha256,
        shard: at?.shard ?? null,
        offset: at?.offset ?? 0,
      })
    }
    const index: SourcesIndex = { source, budgetBytes: budget, shardBytes, documents }
    const indexBytes = brotli(Buffer.from(JSON.stringify(index)), 11)
    if (shardBytes + indexBytes.length > budget) {
      kept = kept.slice(0, Math.max(0, kept.length - Math.ceil(kept.length / 50)))
      continue
    }
    rmSync(outDir, { recursive: true, force: true })
    mkdirSync(outDir, { recursive: true })
    shards.forEach(({ compressed }, n) =>
      writeFileSync(path.join(outDir, sourceShardName(n)), compressed),
    )
    writeFileSync(path.join(outDir, SOURCES_INDEX_NAME), indexBytes)
    return {
      documents: candidates.length,
      rawBytes: candidates.reduce((sum, c) => sum + c.size, 0),
      kept: kept.length,
      keptRawBytes: kept.reduce((sum, c) => sum + c.size, 0),
      shards: shards.length,
      shardBytes,
      indexBytes: indexBytes.length,
    }
  }
}
