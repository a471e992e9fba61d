// The operations' figures: the operations seed's load on a fresh embedded database and
// its check on a restart, the operation-detail route's latency at the server (app.inject), and
// the largest API's list of operations paged through (each answer's size against the route's
// 256 KB, and its time), and Stripe's and GitHub's API pages as a browser gets them from the real
// server on the built site: their HTML's size, which must not grow with the operations, and their
// first-load JavaScript as Chromium counts it. Loopback only.
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../server/app'
import { loadOperations } from '../server/catalog/operationsLoad'
import { readOperationsApis } from '../server/catalog/operationsSeed'
import { MAX_OPERATIONS_PAGE } from '../src/contract/operations'
import { loadConfig } from '../server/config'
import { openPglite } from '../server/db/database'
import { migrate } from '../server/db/migrate'
import { launchBrowser } from '../e2e/support/browser'
import { measureTransfer } from '../scripts/firstLoad'
import { startSiteServer } from '../scripts/siteServer'
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
  let largest = { id: '', operations: 0 }
  for await (const { api } of readOperationsApis()) {
    for (const op of api.operations) if (n++ % EVERY === 0) keys.push([api.id, op.operationKey])
    if (api.operations.length > largest.operations) {
      largest = { id: api.id, operations: api.operations.length }
    }
  }

  const dist = path.join(import.meta.dirname, '..', 'dist')
  const app = buildApp(
    { ...config, ...(existsSync(path.join(dist, 'index.html')) ? { staticDir: dist } : {}) },
    // One load generator asks for far more operations a minute than a visitor may.
    { logger: false, operations: { perMinute: { list: 1_000_000, operation: 1_000_000 } } },
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
  // The largest API's whole list, a page of the most operations a request may ask for at a time,
  // each page asked for once (its first reading and serialisation) and then again (kept).
  const pageBytes: number[] = []
  const firstMs: number[] = []
  const keptMs: number[] = []
  const pageCount = Math.ceil(largest.operations / MAX_OPERATIONS_PAGE)
  for (let page = 1; page <= pageCount; page++) {
    const list = `/api/apis/${encodeURIComponent(largest.id)}/operations?page=${page}&limit=${MAX_OPERATIONS_PAGE}`
    for (const times of [firstMs, keptMs]) {
      const started = performance.now()
      const response = await app.inject(list)
      times.push(performance.now() - started)
      if (response.statusCode !== 200) throw new Error(`${list}: ${response.statusCode}`)
      if (times === firstMs) pageBytes.push(Buffer.byteLength(response.body))
    }
  }
  const counts: Record<string, number> = {}
  for (const id of ['github-com-api-github-com', 'stripe-com']) {
    // The list comes in pages: its total, not the first page's length.
    counts[id] = (
      (await app.inject(`/api/apis/${id}/operations`)).json() as { data: { total: number } }
    ).data.total
  }
  await app.close()

  // The pages, from `npm start` on the same database (its seeds loaded above) and the built site.
  const pages: Record<string, unknown> = {}
  if (existsSync(path.join(dist, 'index.html'))) {
    const site = await startSiteServer({
      dataDir,
      keepDataDir: true,
      env: { SKIP_BUILD: '1', HEALTH_CHECKS: 'off' },
      readyWithinMs: 300_000,
    })
    const browser = await launchBrowser()
    try {
      for (const id of Object.keys(counts)) {
        const url = `/apis/${id}`
        const response = await fetch(`${site.url}${url}`, { headers: { 'accept-encoding': 'br' } })
        if (!response.ok) throw new Error(`${url}: ${response.status}`)
        const html = await response.text()
        const load = await measureTransfer(browser, site.url, url)
        pages[id] = {
          url,
          operations: counts[id],
          htmlBytes: Buffer.byteLength(html),
          firstLoadJsBytes: load.bytes,
          firstLoadJsKB: round(load.bytes / 1024, 1),
          scriptRequests: load.scripts.length,
        }
      }
    } finally {
      await browser.close()
      await site.stop()
    }
  } else console.log('No build in dist/: run `npm run build` first for the API pages figures.')

  writeResult('operations', {
    seed: {
      apis: first.apis,
      operations: first.operations,
      firstLoadMs: round(first.ms, 0),
      restartCheckMs: round(restart.ms, 1),
      reloadedOnRestart: restart.loaded,
    },
    operationCounts: counts,
    largestApiList: {
      api: largest.id,
      operations: largest.operations,
      pages: pageCount,
      perPage: MAX_OPERATIONS_PAGE,
      largestPageBytes: Math.max(...pageBytes),
      limitBytes: 256 * 1024,
      firstReading: summarize(firstMs),
      kept: summarize(keptMs),
    },
    operationDetail: {
      ...summarize(samples),
      operations: keys.length,
      rounds: ROUNDS,
      medianBodyBytes: [...bytes].sort((a, b) => a - b)[Math.floor(bytes.length / 2)],
    },
    apiPages: pages,
  })
} finally {
  await rm(work, { recursive: true, force: true })
}
