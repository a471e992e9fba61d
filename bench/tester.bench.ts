// Proxy overhead of POST /api/apis/test: the same request to a local upstream through the tester
// and directly, under 20 concurrent users. Loopback only; bounded in time. Writes
// bench/results/tester.json. Run: `npx tsx bench/tester.bench.ts` (or through `npm run bench`).
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Agent, request } from 'undici'
import { buildApp } from '../server/app'
import { testConfig } from '../server/testing/testDb'
import { startUpstream } from '../server/tester/testUpstream'

const USERS = 20
const PHASE_MS = 5_000
const WARMUP_MS = 1_000

type Summary = { requests: number; median: number; p99: number; mean: number }

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

const summarise = (samples: number[]): Summary => {
  const sorted = [...samples].sort((a, b) => a - b)
  const round = (n: number) => Math.round(n * 1000) / 1000
  return {
    requests: sorted.length,
    median: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    mean: round(sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length)),
  }
}

/** USERS loops sending one request after another for `ms`; latency of each, in ms. */
const load = async (ms: number, once: () => Promise<void>) => {
  const samples: number[] = []
  const end = performance.now() + ms
  await Promise.all(
    Array.from({ length: USERS }, async () => {
      while (performance.now() < end) {
        const started = performance.now()
        await once()
        samples.push(performance.now() - started)
      }
    }),
  )
  return samples
}

export async function benchTester() {
  const upstream = await startUpstream()
  const app = buildApp(testConfig({ TESTER_ALLOWED_HOSTS: `127.0.0.1:${upstream.port}` }), {
    logger: false,
    tester: { rateLimit: { max: 1_000_000, timeWindowMs: 60_000 }, maxInFlightPerIp: 1_000 },
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const client = new Agent({ connections: USERS, keepAliveTimeout: 10_000 })
  const target = `${upstream.origin}/fast`
  const payload = JSON.stringify({ method: 'GET', url: target, headers: {} })

  const direct = async () => {
    const response = await request(target, { dispatcher: client })
    await response.body.text()
    if (response.statusCode !== 200) throw new Error(`upstream answered ${response.statusCode}`)
  }
  const proxied = async () => {
    const response = await request(`${address}/api/apis/test`, {
      method: 'POST',
      dispatcher: client,
      headers: { 'content-type': 'application/json' },
      body: payload,
    })
    const body = (await response.body.json()) as { success: boolean; data?: { status: unknown } }
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
    const round = (n: number) => Math.round(n * 1000) / 1000
    const result = {
      name: 'tester proxy overhead',
      description:
        'POST /api/apis/test of GET on a loopback upstream minus the same GET sent directly, 20 concurrent users',
      users: USERS,
      phaseMs: PHASE_MS,
      node: process.version,
      direct: directSummary,
      proxied: proxiedSummary,
      overheadMs: {
        median: round(proxiedSummary.median - directSummary.median),
        p99: round(proxiedSummary.p99 - directSummary.p99),
      },
      targetMs: 5,
      measuredAt: new Date().toISOString(),
    }
    const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'tester.json')
    mkdirSync(path.dirname(out), { recursive: true })
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`)
    return result
  } finally {
    await client.close()
    await app.close()
    await upstream.close()
  }
}

export default benchTester

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchTester()
  console.log(
    `tester: direct median ${result.direct.median} ms p99 ${result.direct.p99} ms; ` +
      `through the tester median ${result.proxied.median} ms p99 ${result.proxied.p99} ms; ` +
      `overhead median ${result.overheadMs.median} ms, p99 ${result.overheadMs.p99} ms (target < 5 ms)`,
  )
}
