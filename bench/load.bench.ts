// The whole server under a realistic mix at 200 connections: directory search and
// pages, API detail, blog pages, analytics events and tester calls to a local upstream, each
// group its own autocannon instance so every route gets its own latency figures. Three
// consecutive runs against one server show whether memory grows. The server, the upstream and
// the load generator are separate processes. Writes bench/results/load.json.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { readArticles } from '../server/routes/blogArticles'
import { CATEGORY_SLUGS } from '../src/contract/categories'
import { round, writeResult } from './lib'

const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 60)
const RUNS = Number(process.env.LOAD_RUNS ?? 3)
const CONNECTIONS = 200

type Memory = { rss: number; heapUsed: number; external: number }

const start = (args: string[]) =>
  new Promise<{ child: ChildProcess; port: number }>((resolve, reject) => {
    // node --import tsx (not the tsx CLI) keeps the IPC channel to this process.
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, 'loadServers.ts'), ...args],
      { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
    )
    child.stdout!.once('data', (chunk: Buffer) =>
      resolve({ child, port: JSON.parse(String(chunk)).port }),
    )
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)))
  })

const memoryOf = (child: ChildProcess) =>
  new Promise<Memory>((resolve) => {
    child.once('message', (message) => resolve(message as Memory))
    child.send('memory')
  })

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atlas-load-'))
const upstream = await start(['upstream'])
const server = await start(['app', String(upstream.port), dataDir])
const base = `http://127.0.0.1:${server.port}`

const list = (await (await fetch(`${base}/api/apis?limit=100`)).json()) as {
  data: { apis: { id: string }[] }
}
const ids = list.data.apis.map((api) => api.id)
const TERMS = [
  'weather',
  'payments',
  'stripe',
  'maps',
  'email',
  'sms',
  'translate',
  'storage',
  'oauth',
  'music',
  'google cloud',
  'open data',
  'a',
  'zzzz',
  'crypto exchange',
  'invoice',
]

const get = (requestPath: string, accept = 'application/json') => ({
  method: 'GET' as const,
  path: requestPath,
  headers: { accept, 'accept-encoding': 'gzip, br' },
})
type Visit = { token: string; issuedAt: number }

const groups: { name: string; connections: number; requests: autocannon.Request[] }[] = [
  {
    name: 'directory search: GET /api/apis?search=',
    connections: 50,
    requests: TERMS.map((term) => get(`/api/apis?search=${encodeURIComponent(term)}&limit=24`)),
  },
  {
    name: 'directory pages: GET /apis, /apis/category/:slug (HTML)',
    connections: 25,
    requests: [
      '/apis',
      '/apis?search=weather',
      ...CATEGORY_SLUGS.map((slug) => `/apis/category/${slug}`),
    ].map((page) => get(page, 'text/html')),
  },
  {
    name: 'API detail: GET /api/apis/:id',
    connections: 35,
    requests: ids.slice(0, 60).map((id) => get(`/api/apis/${id}`)),
  },
  {
    name: 'API pages: GET /apis/:id (HTML)',
    connections: 20,
    requests: ids.slice(0, 30).map((id) => get(`/apis/${id}`, 'text/html')),
  },
  {
    name: 'blog pages: GET /blog, /blog/:slug (HTML)',
    connections: 20,
    requests: ['/blog', ...readArticles().map((article) => `/blog/${article.slug}`)].map((page) =>
      get(page, 'text/html'),
    ),
  },
  {
    // Each connection is a visitor: a visit token, then a batch with it, over and over.
    name: 'analytics: POST /api/analytics/visits, then /events',
    connections: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/analytics/visits',
        onResponse: (status, body, context) => {
          ;(context as { visit?: Visit }).visit =
            status === 201 ? (JSON.parse(body) as { data: Visit }).data : undefined
        },
      },
      {
        method: 'POST',
        path: '/api/analytics/events',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request, context) => {
          const { visit } = context as { visit?: Visit }
          // No token (the first request failed): start over from it.
          if (!visit) return undefined as unknown as autocannon.Request
          const at = visit.issuedAt
          const base = { path: '/apis', viewport: 'desktop', at }
          return {
            ...request,
            body: JSON.stringify({
              token: visit.token,
              events: [
                { type: 'page_view', ...base },
                { type: 'scroll_depth', ...base, depth: 50 },
              ],
            }),
          }
        },
      },
    ],
  },
  {
    name: 'tester: POST /api/apis/test to a local upstream',
    connections: 20,
    requests: ['/fast', '/echo', '/gzip-json', '/text'].map((upstreamPath) => ({
      method: 'POST',
      path: '/api/apis/test',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        method: 'GET',
        url: `http://127.0.0.1:${upstream.port}${upstreamPath}`,
      }),
    })),
  },
]
// LOAD_ONLY=tester,analytics narrows a trial run to some groups (the totals then differ).
const only = process.env.LOAD_ONLY?.split(',')
if (only)
  groups.splice(
    0,
    groups.length,
    ...groups.filter((group) => only.some((word) => group.name.includes(word))),
  )
else if (groups.reduce((sum, group) => sum + group.connections, 0) !== CONNECTIONS) {
  throw new Error('The groups must add up to 200 connections')
}

const figures = (result: autocannon.Result) => {
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]),
  )
  const tooMany = statuses['429'] ?? 0
  return {
    requests: result.requests.total,
    requestsPerSecond: round(result.requests.average, 1),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    statuses,
    // Anything but 2xx and the intended 429s, plus socket errors and timeouts.
    errors: result.non2xx - tooMany + result.errors + result.timeouts,
  }
}

const runs = []
const memory: (Memory & { after: string })[] = [
  { ...(await memoryOf(server.child)), after: 'start' },
]
for (let run = 1; run <= RUNS; run++) {
  const results = await Promise.all(
    groups.map((group) =>
      autocannon({
        url: base,
        connections: group.connections,
        duration: DURATION_S,
        requests: group.requests,
        timeout: 30,
      }),
    ),
  )
  const routes = Object.fromEntries(groups.map((group, i) => [group.name, figures(results[i]!)]))
  const total = Object.values(routes).reduce(
    (sum, route) => ({
      requests: sum.requests + route.requests,
      errors: sum.errors + route.errors,
    }),
    { requests: 0, errors: 0 },
  )
  memory.push({ ...(await memoryOf(server.child)), after: `run ${run}` })
  runs.push({ run, ...total, requestsPerSecond: round(total.requests / DURATION_S, 1), routes })
  console.log(`run ${run}: ${total.requests} requests, ${total.errors} errors`)
}

server.child.kill('SIGTERM')
upstream.child.kill('SIGTERM')
rmSync(dataDir, { recursive: true, force: true })

const mb = (bytes: number) => round(bytes / 1024 / 1024, 1)
writeResult('load', {
  description:
    'A realistic mix at 200 connections, one autocannon instance per route group, the server on an on-disk PGlite in its own process; memory after a full GC following each run',
  connections: CONNECTIONS,
  durationS: DURATION_S,
  connectionsPerRoute: Object.fromEntries(groups.map((group) => [group.name, group.connections])),
  perIpLimits:
    'tester, analytics batch and visit limits lifted: one load generator stands for many visitors',
  runs,
  memoryMb: memory.map((entry) => ({
    after: entry.after,
    rss: mb(entry.rss),
    heapUsed: mb(entry.heapUsed),
    external: mb(entry.external),
  })),
  heapGrowthMbFromRun1ToLast: mb(memory[memory.length - 1]!.heapUsed - memory[1]!.heapUsed),
  errorsAcrossRuns: runs.reduce((sum, run) => sum + run.errors, 0),
})
// The figures are written either way; the run fails (npm run bench says so) when the mix saw any
// answer but 2xx and the intended 429s: a server that turns load into errors must not pass.
const errorsAcrossRuns = runs.reduce((sum, run) => sum + run.errors, 0)
if (errorsAcrossRuns > 0) console.error(`${errorsAcrossRuns} errors across the runs`)
process.exit(errorsAcrossRuns > 0 ? 1 : 0)
