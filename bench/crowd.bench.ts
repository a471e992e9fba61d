// Crowds against `npm start`, as a stranger would send them: the largest API's operations list
// with cache-busting parameters, 8-word searches with throwaway parameters (from one address, then
// from 400), sign-ins with fresh emails from 60 addresses, and pages with random parameters. Each
// runs CROWD_S seconds while /api/health is probed every 250 ms, from a thread of its own; the figures say how health held,
// what share was shed (429, 503) and how fast, whether the database thread was ever stopped, and
// the server's memory. Runs on the embedded database, then on Postgres when DATABASE_URL is set.
// Writes bench/results/crowd.json.
//
// CROWD_DATA_DIR reuses a data directory already seeded (a first start loads the seeds for
// minutes); otherwise a fresh one is made. CROWD_NAMES=8-word,pages runs only the crowds whose
// names start so.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { descendantsOf, round, summarize, writeResult } from './lib'

const CROWD_S = Number(process.env.CROWD_S ?? 60)
const ROOT = path.join(import.meta.dirname, '..')
const WORDS = (
  'send sms email weather map payment invoice currency convert translate storage upload ' +
  'image video music search news stock crypto address geocode route calendar user auth token'
).split(' ')

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!
const token = () => Math.random().toString(36).slice(2)

/** The resident memory of a process and all its descendants, in MB. */
const treeRssMb = (root: number) => {
  let kb = 0
  for (const pid of [root, ...descendantsOf(root)]) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
    } catch {
      // gone
    }
  }
  return round(kb / 1024, 1)
}

type Server = { child: ChildProcess; base: string; log: () => string }

const startServer = async (env: Record<string, string>): Promise<Server> => {
  const port = await freePort()
  let log = ''
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HEALTH_CHECKS: 'off',
      // The bench stands for 60 addresses through a balancer on loopback.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (log += chunk))
  child.stderr!.on('data', (chunk) => (log += chunk))
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server stopped:\n${log}`)
    const health = await fetch(`${base}/api/health`).catch(() => undefined)
    if (health?.ok) break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return { child, base, log: () => log }
}

/** An answer: its status, how long it took, and when it was sent (ms into the crowd). */
type Outcome = { status: number; ms: number; at: number }

/**
 * When the slowest answers were sent, in seconds into the crowd: whether they gather (at the
 * start, while connections open; at one moment, a stall) or are spread out says where to look.
 */
const slowestAt = (outcomes: Outcome[], count = 5) =>
  [...outcomes]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((o) => ({ atS: round(o.at / 1000, 1), ms: round(o.ms) }))

/**
 * `workers` loops sending `next()` until the deadline; every answer's status and time, kept as two
 * arrays of numbers rather than hundreds of thousands of objects for this process's collector to
 * walk while it times answers.
 */
const crowd = async (workers: number, deadline: number, next: () => Promise<Response>) => {
  const statuses: number[] = []
  const times: number[] = []
  const sent: number[] = []
  const begun = performance.now()
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now()
        const status = await next().then(
          async (response) => (await response.arrayBuffer(), response.status),
          () => 0,
        )
        statuses.push(status)
        times.push(performance.now() - started)
        sent.push(started - begun)
      }
    }),
  )
  return statuses.map((status, i): Outcome => ({ status, ms: times[i]!, at: sent[i]! }))
}

/** /api/health every 250 ms until the deadline, from a thread of its own (healthProbe.mjs). */
const probeHealth = (base: string, deadline: number) =>
  new Promise<Outcome[]>((resolve, reject) => {
    const probe = new Worker(new URL('./healthProbe.mjs', import.meta.url), {
      workerData: { base, deadline },
    })
    probe.once('message', resolve)
    probe.once('error', reject)
  })

const describeOutcomes = (outcomes: Outcome[]) => {
  const shed = outcomes.filter((o) => o.status === 429 || o.status === 503)
  const byStatus: Record<string, number> = {}
  for (const { status } of outcomes) byStatus[status] = (byStatus[status] ?? 0) + 1
  return {
    requests: outcomes.length,
    byStatus,
    shedShare: round(shed.length / Math.max(1, outcomes.length)),
    shed: { ...summarize(shed.map((o) => o.ms)), slowest: slowestAt(shed) },
    answered: summarize(outcomes.filter((o) => o.status === 200).map((o) => o.ms)),
  }
}

const runCrowds = async (server: Server) => {
  const { base } = server
  const config = (await (await fetch(`${base}/api/config`)).json()) as { supabaseAnonKey: string }
  const largest = process.env.CROWD_API ?? 'microsoft-com-graph-beta'
  const apiIds = (
    (await (await fetch(`${base}/api/apis?limit=100`)).json()) as {
      data: { apis: { id: string }[] }
    }
  ).data.apis.map((api) => api.id)
  const crowds: Record<string, { workers: number; next: () => Promise<Response> }> = {
    'operations list of the largest API, cache-busting': {
      workers: 150,
      next: () => fetch(`${base}/api/apis/${largest}/operations?cb=${token()}`),
    },
    '8-word searches with throwaway parameters': {
      workers: 400,
      next: () => {
        const words = Array.from({ length: 8 }, () => pick(WORDS)).join(' ')
        return fetch(`${base}/api/apis?search=${encodeURIComponent(words)}&x=${token()}`)
      },
    },
    // The same searches from 400 addresses: past the per-address limit, the search gate sheds.
    '8-word searches from 400 addresses': {
      workers: 400,
      next: () => {
        const words = Array.from({ length: 8 }, () => pick(WORDS)).join(' ')
        const address = Math.floor(Math.random() * 400)
        return fetch(`${base}/api/apis?search=${encodeURIComponent(words)}&x=${token()}`, {
          headers: { 'x-forwarded-for': `10.${address >> 8}.${address & 255}.7` },
        })
      },
    },
    'sign-ins with fresh emails from 60 addresses': {
      workers: 60,
      next: () =>
        fetch(`${base}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            apikey: config.supabaseAnonKey,
            'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 60)}`,
          },
          body: JSON.stringify({ email: `${token()}@crowd.example`, password: 'not-the-one-1' }),
        }),
    },
    'pages with random parameters': {
      workers: 60,
      next: () =>
        fetch(`${base}/apis/${pick(apiIds)}?utm_source=${token()}`, {
          headers: { accept: 'text/html', 'accept-encoding': 'br' },
        }),
    },
  }
  const results: Record<string, unknown> = {}
  const names = process.env.CROWD_NAMES?.split(',')
  for (const [name, { workers, next }] of Object.entries(crowds)) {
    if (names && !names.some((start) => name.startsWith(start))) continue
    const deadline = Date.now() + CROWD_S * 1000
    let peakRss = 0
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, treeRssMb(server.child.pid!))
    }, 1000)
    // This process times every answer, so a stall of its own (its hundreds of workers, its
    // garbage collector) lengthens every answer in flight: said beside the figures it colours.
    const benchLoop = monitorEventLoopDelay({ resolution: 10 })
    benchLoop.enable()
    const [outcomes, probes] = await Promise.all([
      crowd(workers, deadline, next),
      probeHealth(base, deadline),
    ])
    benchLoop.disable()
    clearInterval(sampler)
    const health = summarize(probes.map((p) => p.ms))
    results[name] = {
      workers,
      health: {
        ...health,
        notOk: probes.filter((p) => p.status !== 200).length,
        slowest: slowestAt(probes),
      },
      ...describeOutcomes(outcomes),
      peakRssMb: peakRss,
      benchLoopDelayMs: {
        p99: round(benchLoop.percentile(99) / 1e6),
        max: round(benchLoop.max / 1e6),
      },
    }
    console.log(name, JSON.stringify(results[name]))
    // Let the queues drain before the next crowd.
    await new Promise((resolve) => setTimeout(resolve, 5000))
  }
  return results
}

const stop = async (server: Server) => {
  server.child.kill('SIGTERM')
  await new Promise((resolve) => server.child.once('exit', resolve))
}

const databases: [string, Record<string, string>][] = [
  [
    'pglite',
    { DATA_DIR: process.env.CROWD_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'atlas-crowd-')) },
  ],
]
if (process.env.DATABASE_URL)
  databases.push(['postgres', { DATABASE_URL: process.env.DATABASE_URL }])
// CROWD_ONLY=postgres (or pglite) runs one of them, to measure it again on its own.
const only = process.env.CROWD_ONLY
if (only) databases.splice(0, databases.length, ...databases.filter(([name]) => name === only))

const figures: Record<string, unknown> = { crowdSeconds: CROWD_S }
for (const [name, env] of databases) {
  const server = await startServer(env)
  try {
    const crowds = await runCrowds(server)
    figures[name] = {
      crowds,
      databaseThreadStopped: /so its thread was stopped/.test(server.log()),
    }
  } finally {
    await stop(server)
  }
}
writeResult(only ? `crowd-${only}` : 'crowd', figures)
