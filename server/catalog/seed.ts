import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { ApiDetail } from '../../src/contract/apis'
import type { CategoryInfo } from './categories'

/** The committed seed written by `npm run catalog:build`. */
export const SEED_FILE = path.join(import.meta.dirname, 'seed', 'catalog.json.gz')

/** A record as the seed holds it: what the contract shows, and what grouping and ranking read. */
export type SeedApi = Omit<ApiDetail, 'versions' | 'descriptionHtml' | 'health' | 'verified'> & {
  /** APIs.guru's x-serviceName: which service of the provider this document describes ('' if none). */
  service: string
  /** APIs.guru's x-preferred: the version of a service to show first. */
  preferred: boolean
  /** The id of the directory entry this record belongs to: its group's default record. */
  entry: string
  /** Its place among the entry's versions, 0 for the default. */
  entryRank: number
  /** How many records the entry has. */
  entrySize: number
  /** What tells it from the others of its entry, for the version picker. */
  variant: string
}

export type SeedSource = { package: string; version: string; snapshot: string; license: string }

export type Seed = {
  /** APIs.guru's package; `list` is the public-apis list, absent in seeds built before it. */
  source: SeedSource & { list?: { url: string; retrieved: string; license: string } }
  categories: CategoryInfo[]
  apis: SeedApi[]
}

export type LoadedSeed = { seed: Seed; hash: string }

/** Reads the seed and its hash (of the compressed bytes, so any rebuild that changes it counts). */
export const readSeed = async (file = SEED_FILE): Promise<LoadedSeed> => {
  const bytes = await readFile(file)
  const hash = createHash('sha256').update(bytes).digest('hex')
  return { seed: JSON.parse(gunzipSync(bytes).toString('utf8')) as Seed, hash }
}
