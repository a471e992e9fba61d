// The catalogue's figures (docs/performance.md): search latency at the server, search
// throughput against a static file of the same size, and seed load time. Loopback only.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { buildApp } from '../server/app'
import { openCatalog } from '../server/catalog/catalog'
import { loadCatalog } from '../server/catalog/load'
import { loadConfig } from '../server/config'
import { openPglite } from '../server/db/database'
import { migrate } from '../server/db/migrate'
import { apiListQuerySchema } from '../src/contract/apis'
import { round, summarize, writeResult } from './lib'

const ROUNDS = 30
const CONNECTIONS = 50
/** Seconds per run; search and static alternate twice, so drift in machine load hits both. */
const DURATION_S = 5
const PAIRS = 2

/** A fixed mix: exact names, providers, prefixes, typos, several words, description words, odd input. */
const QUERIES = [
  'stripe',
  'twilio',
  'github',
  'youtube',
  'spotify',
  'slack',
  'openai',
  'google maps',
  'aws s3',
  'azure',
  'sendgrid email',
  'weather',
  'translate',
  'payments',
  'sms',
  'machine learning',
  'iot devices',
  'bitcoin price',
  'flight search',
  'news',
  'st',
  'str',
  'strip',
  'goo',
  'a',
  'ap',
  'api',
  'data',
  'strpe',
  'twillio',
  'gihub',
  'wether',
  'spotfy',
  'transalte',
  'send an email to a customer',
  'real time stock market quotes',
  'open government data portal',
  "'; drop table apis; --",
  '.*(+?[',
  '日本語 🙂',
  'Café Crème',
  'x'.repeat(2000),
  '',
]

const RUN_QUERIES = ['stripe', 'weather', 'email', 'strpe', 'google cloud', 'payments', 'maps', 'a']

const timed = async <T>(fn: () => Promise<T>) => {
  const started = performance.now()
  const value = await fn()
  return { value, ms: performance.now() - started }
}

const cannon = (url: string, requests?: { path: string }[]) =>
  autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(requests ? { requests: requests.map((r) => ({ method: 'GET' as const, ...r })) } : {}),
  })

const main = async () => {
  const work = await mkdtemp(path.join(os.tmpdir(), 'atlas-bench-'))
  try {
    // 1. Seed load on an on-disk PGlite, as `npm start` on an empty DATA_DIR does.
    const loadDb = await openPglite(path.join(work, 'load'))
    await migrate(loadDb, loadConfig({}).migrationsDir)
    const load = await loadCatalog(loadDb)
    const reload = await loadCatalog(loadDb)
    await loadDb.close()

    const staticDir = path.join(work, 'static')
    const config = loadConfig({
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: 'silent',
      PORT: '0',
      HEALTH_CHECKS: 'off',
    })
    const firstStart = await timed(async () => {
      const app = buildApp(config, { logger: false })
      await app.ready()
      return app
    })
    await firstStart.value.close()

    // 2. Search latency over the query mix: the index alone, and the whole route in process.
    const restart = await timed(async () => {
      const app = buildApp({ ...config, staticDir }, { logger: false })
      await app.ready()
      return app
    })
    const app = restart.value
    const catalog = await openCatalog(app.db, 'bench')
    const indexSamples: number[] = []
    const routeSamples: number[] = []
    const worst: Record<string, number> = {}
    // Round 0 warms the JIT up and is not counted.
    for (let pass = 0; pass <= ROUNDS; pass++) {
      for (const search of QUERIES) {
        const query = apiListQuerySchema.parse({ search })
        let started = performance.now()
        catalog.list(query)
        const indexMs = performance.now() - started
        if (pass > 0) indexSamples.push(indexMs)
        started = performance.now()
        const response = await app.inject(`/api/apis?search=${encodeURIComponent(search)}`)
        const routeMs = performance.now() - started
        if (response.statusCode !== 200) throw new Error(`${search}: ${response.statusCode}`)
        if (pass > 0) routeSamples.push(routeMs)
        const label = search.length > 30 ? `${search.slice(0, 12)}… (${search.length})` : search
        if (pass > 0) worst[label] = Math.max(worst[label] ?? 0, routeMs)
      }
    }
    const slowest = Object.entries(worst)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([query, ms]) => ({ query, ms: round(ms) }))

    // 3. Throughput under 50 connections, against a static file of the same size.
    const paths = RUN_QUERIES.map((q) => ({ path: `/api/apis?search=${encodeURIComponent(q)}` }))
    const sizes = await Promise.all(
      paths.map(async ({ path: url }) => (await app.inject(url)).body.length),
    )
    const meanSize = Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length)
    await mkdir(staticDir, { recursive: true })
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>bench</title>')
    const filler = JSON.stringify({ success: true, data: { pad: '' } })
    await writeFile(
      path.join(staticDir, 'same-size.json'),
      filler.replace('""', JSON.stringify('x'.repeat(Math.max(0, meanSize - filler.length)))),
    )
    await app.close()

    const server = buildApp({ ...config, staticDir }, { logger: false })
    const address = await server.listen({ host: '127.0.0.1', port: 0 })
    const check = await fetch(`${address}/same-size.json`)
    if (!check.ok) throw new Error(`static file: ${check.status}`)
    await cannon(address, paths.slice(0, 2)) // warm-up is not counted
    const searchRuns: autocannon.Result[] = []
    const staticRuns: autocannon.Result[] = []
    for (let pair = 0; pair < PAIRS; pair++) {
      searchRuns.push(await cannon(address, paths))
      staticRuns.push(await cannon(`${address}/same-size.json`))
    }
    await server.close()

    const figures = (runs: autocannon.Result[]) => ({
      requestsPerSecond: round(
        runs.reduce((sum, run) => sum + run.requests.average, 0) / runs.length,
        0,
      ),
      runs: runs.map((run) => round(run.requests.average, 0)),
      latencyP50Ms: Math.max(...runs.map((run) => run.latency.p50)),
      latencyP99Ms: Math.max(...runs.map((run) => run.latency.p99)),
      errors: runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0),
    })
    const search = figures(searchRuns)
    const staticFile = figures(staticRuns)
    writeResult('catalogue', {
      catalogue: { apis: load.apis, seedHash: load.hash.slice(0, 12) },
      seedLoad: {
        firstLoadMs: round(load.ms, 1),
        unchangedSeedCheckMs: round(reload.ms, 1),
        firstStartReadyMs: round(firstStart.ms, 1),
        restartReadyMs: round(restart.ms, 1),
        note: 'PGlite on disk; firstStartReadyMs includes creating the database and migrating',
      },
      searchLatency: {
        queries: QUERIES.length,
        rounds: ROUNDS,
        index: summarize(indexSamples),
        route: summarize(routeSamples),
        slowestRouteQueries: slowest,
        targetP99Ms: 10,
        note: 'route = GET /api/apis?search= through app.inject: routing, validation, search, serialization',
      },
      throughput: {
        connections: CONNECTIONS,
        durationS: DURATION_S * PAIRS,
        responseBytes: meanSize,
        search,
        staticFile,
        searchToStaticRatio: round(search.requestsPerSecond / staticFile.requestsPerSecond, 2),
        queries: RUN_QUERIES,
      },
    })
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

await main()
