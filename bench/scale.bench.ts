// The catalogue at scale: the real catalogue, then padded with synthetic APIs
// (ATLAS_SYNTHETIC_APIS) to 20,000 and 100,000 directory entries. For each size, on PGlite and,
// when DATABASE_URL is set, on that Postgres (its tables are dropped and made again: give it a
// database of its own): the first start (catalogue load, with its progress lines), the time to
// open the catalogue (read the tables, build search), search and listing latency at the server
// under 50 connections, the resident memory, and a restart with the catalogue unchanged.
// Measurements of other parts run too (bench/scaleExtras.ts). Writes bench/results/scale.json.
// SCALE_SIZES=real,20000 and SCALE_DURATION_S=5 shorten a run; SCALE_EXTRAS=off leaves the extras
// out (at 100,000 APIs the HTML cache's own server makes a first start of its own, minutes more).
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { readSeed } from '../server/catalog/seed'
import { SERVER_HEAP_FLAGS } from '../scripts/serverCommand.mjs'
import { RESULTS_DIR, round, writeResult } from './lib'
import { scaleExtras, type ScaleContext } from './scaleExtras'

const CONNECTIONS = 50
const DURATION_S = Number(process.env.SCALE_DURATION_S ?? 10)
const EXTRAS = process.env.SCALE_EXTRAS !== 'off'
const TARGET_MS = 30

/** What people type: names, providers, prefixes, typos (swaps too), several words, odd input. */
const SEARCHES = [
  'stripe',
  'twilio',
  'weather',
  'payments',
  'email',
  'google cloud',
  'maps',
  'a',
  'st',
  'strpe',
  'stirpe',
  'twilo',
  'wether',
  'machine learning',
  'real time stock market quotes',
  'pinegate',
  'nova payments',
  'cloud storage',
  'translation',
  'zzzzqqq',
]

/** Listing, category, filter and sort pages, by kind. */
const PAGES: Record<string, string[]> = {
  listing: ['/api/apis', '/api/apis?page=2', '/api/apis?page=40&limit=24', '/api/apis?limit=100'],
  category: [
    '/api/apis/category/payments',
    '/api/apis/category/cloud?page=3',
    '/api/apis/category/ai-ml',
    '/api/categories',
  ],
  filter: [
    '/api/apis?auth=oauth2',
    '/api/apis?free=true&cors=true',
    '/api/apis?category=finance&https=true',
    '/api/apis?auth=apiKey&free=false&page=5',
  ],
  sort: [
    '/api/apis?sort=name',
    '/api/apis?sort=updated&page=3',
    '/api/apis?sort=popular&category=communication',
    '/api/apis?sort=name&page=200',
  ],
}

type Mode = ScaleContext['mode']
type Log = { msg?: string; written?: number; total?: number; ms?: number; apis?: number }
type Server = { child: ChildProcess; address: string; readyMs: number; logs: Log[] }

const start = (env: Record<string, string>) =>
  new Promise<Server>((resolve, reject) => {
    // node --import tsx (not the tsx CLI) keeps the IPC channel to this process. The heap is
    // configured as `npm start` configures it, which decides how much memory the load leaves.
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        ...SERVER_HEAP_FLAGS,
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'scaleServer.ts'),
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
        env: { ...process.env, LOG_LEVEL: 'info', ...env },
      },
    )
    const logs: Log[] = []
    let rest = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (rest + String(chunk)).split('\n')
      rest = lines.pop()!
      for (const line of lines) {
        let entry: Log & { ready?: { port: number; readyMs: number } }
        try {
          entry = JSON.parse(line) as typeof entry
        } catch {
          continue
        }
        if (entry.ready) {
          resolve({
            child,
            address: `http://127.0.0.1:${entry.ready.port}`,
            readyMs: entry.ready.readyMs,
            logs,
          })
        } else {
          logs.push(entry)
          if (entry.msg?.startsWith('Loading the API catalogue')) console.log(`  ${entry.msg}`)
        }
      }
    })
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)))
  })

const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.child.removeAllListeners('exit')
    server.child.once('exit', () => resolve())
    server.child.kill('SIGTERM')
  })

type Memory = {
  rssMb: number
  peakRssMb: number
  heapUsedMb: number
  heapTotalMb: number
  externalMb: number
}

/** Asks the server for its memory (`memory`) or to open the catalogue afresh (`reopen`). */
const ask = <Answer>(server: Server, question: 'memory' | 'reopen') =>
  new Promise<Answer>((resolve) => {
    server.child.once('message', (message) => resolve(message as Answer))
    server.child.send(question)
  })

/**
 * The first answer to each path, one at a time, before any load: what a visitor waits for when
 * nothing is kept yet (the median and slowest, in ms).
 */
const firstAnswers = async (address: string, paths: string[]) => {
  const times: number[] = []
  for (const url of paths) {
    const started = performance.now()
    const response = await fetch(`${address}${url}`)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${url}: ${response.status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return {
    medianMs: round(times[Math.floor(times.length / 2)]!, 1),
    maxMs: round(times.at(-1)!, 1),
  }
}

/** p50 and p99 at the server under CONNECTIONS connections, the paths taken in turn. */
const load = async (address: string, paths: string[], seconds = DURATION_S) => {
  const result = await autocannon({
    url: address,
    connections: CONNECTIONS,
    duration: seconds,
    requests: paths.map((url) => ({ method: 'GET' as const, path: url })),
  })
  // Answers still owed when the run stops would slow the next one: wait until the server has
  // worked through them (requests are answered in turn, so this one comes last).
  await fetch(`${address}/api/health`)
  return {
    requestsPerSecond: round(result.requests.average, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

const resetPostgres = async (url: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('drop schema if exists public cascade; create schema public')
  } finally {
    await client.end()
  }
}

const { seed } = await readSeed()
const realEntries = seed.apis.filter((api) => api.entry === api.id).length
// `real` is the catalogue as committed; a size below it cannot be made by adding APIs.
const sizes = (process.env.SCALE_SIZES ?? 'real,20000,100000').split(',').map((size) => {
  const apis = size === 'real' ? realEntries : Number(size)
  if (!Number.isInteger(apis) || apis < realEntries) {
    throw new Error(`SCALE_SIZES: '${size}' is not 'real' or a whole number >= ${realEntries}`)
  }
  return apis
})
const databaseUrl = process.env.DATABASE_URL || undefined
const modes: Mode[] = databaseUrl ? ['pglite', 'postgres'] : ['pglite']

const runs = []
for (const mode of modes) {
  for (const apis of sizes) {
    const synthetic = apis - realEntries
    console.log(`\n${mode}, ${apis.toLocaleString('en-US')} APIs (${synthetic} synthetic)`)
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atlas-scale-'))
    const env: Record<string, string> = { ATLAS_SYNTHETIC_APIS: String(synthetic) }
    if (mode === 'postgres') {
      await resetPostgres(databaseUrl!)
      env.DATABASE_URL = databaseUrl!
    } else {
      env.DATA_DIR = dataDir
      // The server would take this process's DATABASE_URL over DATA_DIR: the PGlite runs would
      // then be Postgres runs on whatever catalogue the last one left there.
      env.DATABASE_URL = ''
    }
    try {
      const first = await start(env)
      const loaded = first.logs.find((entry) => entry.msg === 'Loaded the API catalogue seed')
      const progress = first.logs.filter((e) => e.msg?.startsWith('Loading the API catalogue'))
      await stop(first)

      // At info every answer is two log lines, which this process, busy with autocannon, reads
      // more slowly than they come: they then wait in the server's memory (hundreds of MB at
      // 100,000 APIs), which measured this process rather than the server. The first start above
      // logs at info, for its progress lines.
      const server = await start({ ...env, LOG_LEVEL: 'warn' })
      const idle = await ask<Memory>(server, 'memory')
      const { total } = (
        (await (await fetch(`${server.address}/api/apis`)).json()) as {
          data: { total: number }
        }
      ).data
      // Pages first: a slow search run leaves the least behind it when it runs last.
      const searches = SEARCHES.map((q) => `/api/apis?search=${encodeURIComponent(q)}`)
      const firstAnswer: Record<string, Awaited<ReturnType<typeof firstAnswers>>> = {}
      for (const [kind, paths] of Object.entries({ ...PAGES, search: searches })) {
        firstAnswer[kind] = await firstAnswers(server.address, paths)
      }
      const pages: Record<string, Awaited<ReturnType<typeof load>>> = {}
      for (const [kind, paths] of Object.entries(PAGES)) {
        await load(server.address, paths, 1)
        pages[kind] = await load(server.address, paths, Math.max(3, Math.round(DURATION_S / 2)))
      }
      await load(server.address, searches, 2)
      const search = await load(server.address, searches)
      const busy = await ask<Memory>(server, 'memory')
      const reopened = await ask<Memory & { catalogueOpenMs: number }>(server, 'reopen')
      const extras: Record<string, unknown> = {}
      const context = {
        address: server.address,
        apis: total,
        synthetic,
        mode,
        connections: CONNECTIONS,
      }
      if (EXTRAS) {
        for (const [name, run] of Object.entries(scaleExtras)) extras[name] = await run(context)
      }
      await stop(server)

      const run = {
        measuredAt: new Date().toISOString(),
        mode,
        apis: total,
        synthetic,
        firstStart: {
          readyMs: round(first.readyMs, 0),
          catalogueLoadMs: loaded?.ms ?? null,
          progressLines: progress.length,
        },
        restartReadyMs: round(server.readyMs, 0),
        catalogueOpenMs: round(reopened.catalogueOpenMs, 0),
        firstAnswer,
        search,
        pages,
        rssMb: { afterRestart: idle.rssMb, afterLoad: busy.rssMb, afterReopen: reopened.rssMb },
        peakRssMb: { afterLoad: busy.peakRssMb, afterReopen: reopened.peakRssMb },
        heapUsedMb: {
          afterRestart: idle.heapUsedMb,
          afterLoad: busy.heapUsedMb,
          afterReopen: reopened.heapUsedMb,
        },
        heapTotalMb: {
          afterRestart: idle.heapTotalMb,
          afterLoad: busy.heapTotalMb,
          afterReopen: reopened.heapTotalMb,
        },
        ...(Object.keys(extras).length > 0 ? { extras } : {}),
      }
      console.log(JSON.stringify(run))
      runs.push(run)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

// A run of some sizes or databases keeps the last figures of the others, each with when it was
// measured, so that a partial run (SCALE_SIZES=100000) does not drop the rest.
type Run = { mode: string; synthetic: number; apis: number }
const sizeOf = (run: Run) => `${run.mode} ${run.synthetic === 0 ? 'real' : run.apis}`
const resultFile = path.join(RESULTS_DIR, 'scale.json')
const earlier = existsSync(resultFile)
  ? (JSON.parse(readFileSync(resultFile, 'utf8')) as { runs: Run[] }).runs
  : []
const measuredNow = new Set(runs.map(sizeOf))
const kept = earlier.filter((run) => !measuredNow.has(sizeOf(run)))

writeResult('scale', {
  connections: CONNECTIONS,
  durationS: DURATION_S,
  targets: {
    searchP99Ms: TARGET_MS,
    pageP99Ms: TARGET_MS,
    restartReadyMs: 5_000,
    rssMb: 600,
    note: 'at 100,000 APIs',
  },
  serverNodeFlags: SERVER_HEAP_FLAGS,
  searches: SEARCHES,
  pages: PAGES,
  notes: [
    'latency is at the server: autocannon on loopback, on the same machine as the server',
    'catalogueOpenMs: reading the catalogue tables and building its lists afresh, on a running instance, after the load runs (as when another instance loads a new version)',
    'restartReadyMs: a second start on the same database, catalogue unchanged, until it listens',
    'firstAnswer: each path asked once, one at a time, right after the restart, before anything is kept',
    'the restarted server logs at warn (each answer would be two lines at info, which this process reads too slowly under load)',
    'rssMb, heapUsedMb and heapTotalMb, after a full collection: afterRestart once ready; afterLoad after the load runs; afterReopen once a second catalogue has been opened beside the first (V8 keeps the heap it grew to)',
    'peakRssMb: the most the instance was resident at any time (VmHWM) up to then: the load runs, then the second catalogue',
    'serverNodeFlags: the V8 flags npm start runs the server with (scripts/serverCommand.mjs), which the server here runs with too',
    'measuredAt: when each run was measured; a run of some sizes or databases keeps the last figures of the others',
  ],
  runs: [...kept, ...runs].sort((a, b) => a.mode.localeCompare(b.mode) || a.apis - b.apis),
})
