// Proxy overhead of POST /api/apis/test: the same request to a local upstream through the tester
// and directly, under 20 concurrent users. Loopback only; bounded in time (about 15 s). Writes
// bench/results/tester.json. Run: `npx tsx bench/tester.bench.ts` (or through `npm run bench`).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Agent, request } from 'undici'

const USERS = 20
const PHASE_MS = 5_000
const WARMUP_MS = 1_000

const here = path.dirname(fileURLToPath(import.meta.url))

type Summary = { requests: number; median: number; p99: number; mean: number }

const round = (n: number) => Math.round(n * 1000) / 1000

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

const summarise = (samples: number[]): Summary => {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    requests: sorted.length,
    median: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    mean: round(sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length)),
  }
}

/** `users` loops sending one request after another for `ms`; the latency of each, in ms. */
const load = async (ms: number, once: () => Promise<void>, users = USERS) => {
  const samples: number[] = []
  const end = performance.now() + ms
  await Promise.all(
    Array.from({ length: users }, async () => {
      while (performance.now() < end) {
        const started = performance.now()
        await once()
        samples.push(performance.now() - started)
      }
    }),
  )
  return samples
}

/** Starts bench/testerServers.ts in its own Node process and waits for the port it prints. */
const startChild = (args: string[]) =>
  new Promise<{ child: ChildProcess; port: number }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        // BENCH_PROFILE=dir writes a CPU profile of each child there, to find where time goes.
        ...(process.env.BENCH_PROFILE
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
          : []),
        '--import',
        'tsx',
        path.join(here, 'testerServers.ts'),
        ...args,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DATABASE_URL: '' } },
    )
    let out = ''
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start in 60 s`)), 60_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = out.split('\n').find((l) => l.startsWith('{'))
      if (line) {
        clearTimeout(timer)
        resolve({ child, port: (JSON.parse(line) as { port: number }).port })
      }
    })
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)))
  })

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })

export async function benchTester() {
  const upstream = await startChild(['upstream'])
  const app = await startChild(['app', String(upstream.port)]).catch(async (error: unknown) => {
    await stop(upstream.child)
    throw error
  })
  const client = new Agent({ connections: USERS, keepAliveTimeout: 10_000 })
  const target = `http://127.0.0.1:${upstream.port}/fast`
  const payload = JSON.stringify({ method: 'GET', url: target, headers: {} })

  const direct = async () => {
    const response = await request(target, { dispatcher: client })
    await response.body.text()
    if (response.statusCode !== 200) throw new Error(`upstream answered ${response.statusCode}`)
  }
  const proxied = async () => {
    const response = await request(`http://127.0.0.1:${app.port}/api/apis/test`, {
      method: 'POST',
      dispatcher: client,
      headers: { 'content-type': 'application/json' },
      body: payload,
    })
    const body = (await response.body.json()) as { data?: { status: unknown } }
    if (response.statusCode !== 200 || body.data?.status !== 200) {
      throw new Error(
        `tester answered ${response.statusCode} ${JSON.stringify(body).slice(0, 200)}`,
      )
    }
  }

  try {
    await load(WARMUP_MS, direct)
    await load(WARMUP_MS, proxied)
    const directSummary = summarise(await load(PHASE_MS, direct))
    const proxiedSummary = summarise(await load(PHASE_MS, proxied))
    // One user alone: the proxy's own cost, without queueing behind 19 others.
    const directAlone = summarise(await load(PHASE_MS / 2, direct, 1))
    const proxiedAlone = summarise(await load(PHASE_MS / 2, proxied, 1))
    const result = {
      name: 'tester proxy overhead',
      description:
        'POST /api/apis/test of GET on a loopback upstream minus the same GET sent directly, 20 concurrent users',
      users: USERS,
      phaseMs: PHASE_MS,
      processes: 'load generator, proxy and upstream each in their own Node process',
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
      direct: directSummary,
      proxied: proxiedSummary,
      overheadMs: {
        median: round(proxiedSummary.median - directSummary.median),
        p99: round(proxiedSummary.p99 - directSummary.p99),
      },
      singleUser: {
        direct: directAlone,
        proxied: proxiedAlone,
        overheadMs: {
          median: round(proxiedAlone.median - directAlone.median),
          p99: round(proxiedAlone.p99 - directAlone.p99),
        },
      },
      targetMs: 5,
      measuredAt: new Date().toISOString(),
    }
    const out = path.join(here, 'results', 'tester.json')
    mkdirSync(path.dirname(out), { recursive: true })
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`)
    return result
  } finally {
    await client.close()
    await stop(app.child)
    await stop(upstream.child)
  }
}

export default benchTester

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchTester()
  console.log(
    `tester: direct median ${result.direct.median} ms p99 ${result.direct.p99} ms; ` +
      `through the tester median ${result.proxied.median} ms p99 ${result.proxied.p99} ms; ` +
      `overhead median ${result.overheadMs.median} ms, p99 ${result.overheadMs.p99} ms (target < 5 ms); ` +
      `one user alone: overhead median ${result.singleUser.overheadMs.median} ms, p99 ${result.singleUser.overheadMs.p99} ms ` +
      `(load average ${result.loadAverage.join(', ')} on ${result.cpus} CPUs)`,
  )
}
