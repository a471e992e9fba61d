// The operations' figures (issue 20): the operations seed's load on a fresh embedded database and
// its check on a restart, the operation-detail route's latency at the server, and an API page's
// HTML size with and without operations asked for. Loopback only (app.inject).
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../server/app'
import { loadOperations } from '../server/catalog/operationsLoad'
import { readOperationsShards } from '../server/catalog/operationsSeed'
import { loadConfig } from '../server/config'
import { openPglite } from '../server/db/database'
import { migrate } from '../server/db/migrate'
import { round, summarize, writeResult } from './lib'

/** Operations asked for: every 200th of the seed, across every API, plus GitHub's and Stripe's. */
const EVERY = 200
const ROUNDS = 5

const work = await mkdtemp(path.join(os.tmpdir(), 'atlas-operations-bench-'))
try {
  const dataDir = path.join(work, 'data')
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', HEALTH_CHECKS: 'off' })

  // First start: a fresh database, migrated, the operations seed loaded.
  const db = await openPglite(dataDir)
  await migrate(db, config.migrationsDir)
  const first = await loadOperations(db)
  const restart = await loadOperations(db)
  await db.close()

  const keys: [string, string][] = [
    ['github-com-api-github-com', 'issues/create'],
    ['stripe-com', 'PostCustomers'],
  ]
  let n = 0
  for await (const shard of readOperationsShards()) {
    for (const api of shard.apis) {
      for (const op of api.operations) if (n++ % EVERY === 0) keys.push([api.id, op.operationKey])
    }
  }

  const dist = path.join(import.meta.dirname, '..', 'dist')
  const app = buildApp(
    { ...config, ...(existsSync(path.join(dist, 'index.html')) ? { staticDir: dist } : {}) },
    { logger: false },
  )
  await app.ready()
  const url = (id: string, key: string) =>
    `/api/apis/${encodeURIComponent(id)}/operations/${encodeURIComponent(key)}`
  // Once to warm the caches of the database, then timed.
  for (const [id, key] of keys) await app.inject(url(id, key))
  const samples: number[] = []
  const bytes: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    for (const [id, key] of keys) {
      const started = performance.now()
      const response = await app.inject(url(id, key))
      samples.push(performance.now() - started)
      if (response.statusCode !== 200) throw new Error(`${url(id, key)}: ${response.statusCode}`)
      if (round === 0) bytes.push(response.body.length)
    }
  }
  const counts: Record<string, number> = {}
  for (const id of ['github-com-api-github-com', 'stripe-com']) {
    counts[id] = (
      (await app.inject(`/api/apis/${id}/operations`)).json() as {
        data: { operations: unknown[] }
      }
    ).data.operations.length
  }
  const page = existsSync(path.join(dist, 'index.html'))
    ? (await app.inject('/apis/github-com-api-github-com')).body.length
    : null
  await app.close()

  writeResult('operations', {
    seed: {
      apis: first.apis,
      operations: first.operations,
      firstLoadMs: round(first.ms, 0),
      restartCheckMs: round(restart.ms, 1),
      reloadedOnRestart: restart.loaded,
    },
    operationCounts: counts,
    operationDetail: {
      ...summarize(samples),
      operations: keys.length,
      rounds: ROUNDS,
      medianBodyBytes: [...bytes].sort((a, b) => a - b)[Math.floor(bytes.length / 2)],
    },
    apiPageHtmlBytes: page,
  })
} finally {
  await rm(work, { recursive: true, force: true })
}
