// A server whose catalogue is a few real entries beside the fixture APIs as its overlay, with
// checks on and nothing spaced out: how the monitoring tests meet the checker through real HTTP.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import type { BuildAppOptions } from '../app'
import { readSeed, type Seed } from '../catalog/seed'
import type { Db } from '../db/database'
import type { FixtureApis } from './conformanceFixtures'
import { buildTestApp } from './testApp'

/** A seed of the first few real entries, so the overlay loads beside it quickly. */
async function smallSeed(entries: number) {
  const { seed: real } = await readSeed()
  const seed: Seed = { ...real, apis: real.apis.slice(0, entries) }
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'api-atlas-overlay-')), 'seed.json.gz')
  writeFileSync(file, gzipSync(JSON.stringify(seed)))
  return file
}

type OverlayAppOptions = {
  /** How many real entries stand beside the fixtures. */
  entries: number
  /** More of the app's options (the monitoring route's limits, say). */
  options?: Omit<BuildAppOptions, 'db' | 'logger' | 'catalog' | 'health'>
}

/** Not yet ready: `await app.ready()`. The checker may reach the fixtures' port only. */
export async function buildOverlayApp(
  db: Db,
  fixtures: FixtureApis,
  { entries, options }: OverlayAppOptions,
): Promise<FastifyInstance> {
  return buildTestApp({
    db,
    env: {
      HEALTH_CHECKS: 'on',
      CATALOGUE_OVERLAY: fixtures.overlayFile,
      TESTER_ALLOWED_HOSTS: `127.0.0.1:${fixtures.port}`,
    },
    options: {
      ...options,
      catalog: { seedFile: await smallSeed(entries) },
      health: { maxPerMinute: 600, conformanceSpacingMs: 0 },
    },
  })
}
