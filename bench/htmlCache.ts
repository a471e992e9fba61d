// A public page as a CDN's origin serves it: the Stripe page answered whole (200) and
// to its validator (304), against a static file of the same bytes served by the same server.
// Called by bench/htmlCache.bench.ts, and by a bench that wants the figures beside its own (the
// scale bench, with ATLAS_SYNTHETIC_APIS in `env`).
import { spawn, type ChildProcess } from 'node:child_process'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { round } from './lib'

export type HtmlCacheOptions = {
  /** The built site (`npm run build`); dist/ by default. */
  staticDir?: string
  /** The public page measured. */
  pagePath?: string
  /** Seconds per measure. */
  durationS?: number
  /**
   * Rounds of the three measures, interleaved, so that other work on the machine weighs on all
   * three alike; the figures are each measure's median round.
   */
  rounds?: number
  connections?: number
  /** The server's environment beyond the test defaults, e.g. { ATLAS_SYNTHETIC_APIS: '100000' }. */
  env?: Record<string, string>
}

type Measure = {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Body bytes per response as sent (compressed). */
  bytesPerResponse: number
  statuses: Record<string, number>
  /** Answers of another status than expected, socket errors and timeouts. */
  errors: number
}

/** The file the static measure fetches: the page's own bytes, beside the build's other files. */
const STATIC_NAME = 'bench-static-page.html'

const startServer = (staticDir: string, env: Record<string, string>) =>
  new Promise<{ child: ChildProcess; port: number }>((resolve, reject) => {
    // node --import tsx (not the tsx CLI), so the child is one process to stop.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'htmlCacheServer.ts'),
        staticDir,
        JSON.stringify(env),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    child.stdout!.once('data', (chunk: Buffer) =>
      resolve({ child, port: JSON.parse(String(chunk)).port }),
    )
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)))
  })

const measure = async (
  base: string,
  request: { path: string; headers: Record<string, string> },
  expected: number,
  { durationS, connections }: { durationS: number; connections: number },
): Promise<Measure> => {
  const result = await autocannon({
    url: base,
    connections,
    duration: durationS,
    requests: [{ method: 'GET', ...request }],
    timeout: 30,
  })
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat?.count ?? 0]),
  )
  const unexpected = Object.entries(statuses)
    .filter(([code]) => Number(code) !== expected)
    .reduce((sum, [, count]) => sum + count, 0)
  return {
    requestsPerSecond: round(result.requests.average, 1),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    bytesPerResponse: result.requests.total
      ? Math.round(result.throughput.total / result.requests.total)
      : 0,
    statuses,
    errors: unexpected + result.errors + result.timeouts,
  }
}

export async function measureHtmlCache(options: HtmlCacheOptions = {}) {
  const {
    staticDir = path.join(import.meta.dirname, '..', 'dist'),
    pagePath = '/apis/stripe-com',
    durationS = 10,
    rounds = 3,
    connections = 50,
    env = {},
  } = options
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error(`No built site in ${staticDir}: run \`npm run build\` first`)
  }
  // A copy of the build, so the static file never lands in the real one.
  const site = mkdtempSync(path.join(os.tmpdir(), 'atlas-html-cache-'))
  cpSync(staticDir, site, { recursive: true })
  const server = await startServer(site, env)
  try {
    const base = `http://127.0.0.1:${server.port}`
    const page = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }
    const first = await fetch(`${base}${pagePath}`, { headers: page })
    if (first.status !== 200) throw new Error(`${pagePath} answered ${first.status}`)
    const html = await first.text()
    if (!html.includes('data-server-rendered=')) {
      throw new Error(`${pagePath} was not drawn on the server: is dist/.ssr built?`)
    }
    const etag = first.headers.get('etag')
    if (!etag) throw new Error(`${pagePath} has no ETag`)

    // The same bytes as a file, precompressed the way the build precompresses (scripts/vitePlugins.ts).
    const bytes = Buffer.from(html)
    writeFileSync(path.join(site, STATIC_NAME), bytes)
    writeFileSync(path.join(site, `${STATIC_NAME}.gz`), gzipSync(bytes, { level: 9 }))
    writeFileSync(
      path.join(site, `${STATIC_NAME}.br`),
      brotliCompressSync(bytes, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
      }),
    )
    const copy = await fetch(`${base}/${STATIC_NAME}`, { headers: page })
    if (copy.status !== 200 || (await copy.text()) !== html) {
      throw new Error(`the static copy of ${pagePath} is not served as written`)
    }

    const run = { durationS, connections }
    // Warm each path (JIT, the page's compressed copy), then measure.
    const warm = { durationS: Math.max(1, Math.round(durationS / 5)), connections }
    const staticRequest = { path: `/${STATIC_NAME}`, headers: page }
    const pageRequest = { path: pagePath, headers: page }
    const revalidation = { path: pagePath, headers: { ...page, 'if-none-match': etag } }
    await measure(base, staticRequest, 200, warm)
    await measure(base, pageRequest, 200, warm)
    const measured: { staticFile: Measure; page200: Measure; page304: Measure }[] = []
    for (let i = 0; i < rounds; i++) {
      measured.push({
        staticFile: await measure(base, staticRequest, 200, run),
        page200: await measure(base, pageRequest, 200, run),
        page304: await measure(base, revalidation, 304, run),
      })
    }
    /** The round with the median throughput of this measure; errors over all rounds. */
    const median = (name: keyof (typeof measured)[number]): Measure => {
      const sorted = measured.map((figures) => figures[name])
      sorted.sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
      const errors = sorted.reduce((sum, figures) => sum + figures.errors, 0)
      return { ...sorted[Math.floor(sorted.length / 2)]!, errors }
    }
    const staticFile = median('staticFile')
    const page200 = median('page200')
    const page304 = median('page304')
    return {
      description:
        'A public page (server-rendered, cacheable) against a static file of the same bytes from the same server, each alone under autocannon, in interleaved rounds (median round reported); accept-encoding gzip, deflate, br',
      page: pagePath,
      htmlBytes: bytes.length,
      durationS,
      rounds,
      connections,
      staticFile,
      page200,
      page304,
      page200VsStatic: round(page200.requestsPerSecond / staticFile.requestsPerSecond, 2),
      page304VsStatic: round(page304.requestsPerSecond / staticFile.requestsPerSecond, 2),
      requestsPerSecondByRound: measured.map((figures) => ({
        staticFile: figures.staticFile.requestsPerSecond,
        page200: figures.page200.requestsPerSecond,
        page304: figures.page304.requestsPerSecond,
      })),
      aim: 'at least 0.5 of the static file (the scale target)',
    }
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    rmSync(site, { recursive: true, force: true })
  }
}
