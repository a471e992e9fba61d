// Child of bench/checker.bench.ts, one catalogue size (CHECKER_APIS: `real` or a number of APIs,
// made up to with ATLAS_SYNTHETIC_APIS): the server on a fresh embedded database, every entry's
// address pointed at the loopback upstream (bench/checkerUpstream.ts), then the real health
// checker at its configured schedule and cap through one simulated hour: twelve of its 5-minute
// turns, the clock advanced before each by making due what would be due 5 minutes later (that
// update's own cost is left out of the CPU figures). Prints one
// line `{"result": {...}}`. Not a benchmark of its own (run.ts runs only *.bench.ts).
import { fork } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { createHealthChecker } from '../server/health/checker'
import { DEFAULT_PROBE_LIMITS } from '../server/health/probe'
import { round } from './lib'

const size = process.env.CHECKER_APIS ?? 'real'
const TICK_MS = 5 * 60_000
const TICKS = 12
/** The checker's checks in flight at once (its default), each one request at a time. */
const CONCURRENCY = 4

const upstream = fork(path.join(import.meta.dirname, 'checkerUpstream.ts'), [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
})
const port = await new Promise<number>((resolve) => {
  upstream.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(String(chunk)).port))
})
type Stats = {
  seen: { at: number; host: string; method: string }[]
  maxInFlight: number
  maxInFlightOneHost: number
}
const stats = () =>
  new Promise<Stats>((resolve) => {
    upstream.once('message', (message) => resolve(message as Stats))
    upstream.send('stats')
  })

const statusMb = (field: 'VmRSS' | 'VmHWM') =>
  round(
    Number(
      new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1],
    ) / 1024,
    1,
  )
const memory = () => {
  ;(globalThis as { gc?: () => void }).gc?.()
  return {
    rssMb: statusMb('VmRSS'),
    heapUsedMb: round(process.memoryUsage().heapUsed / 1024 / 1024, 1),
  }
}
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since)
  return round((used.user + used.system) / 1000, 0)
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'api-atlas-checker-bench-'))
const config = loadConfig({
  DATA_DIR: dataDir,
  PORT: '0',
  HEALTH_CHECKS: 'off',
  OPERATIONS_SEED: 'off',
  TESTER_ALLOWED_HOSTS: `127.0.0.1:${port}`,
  ...(size === 'real' ? {} : { ATLAS_SYNTHETIC_APIS: size }),
})
const app = buildApp(config, { logger: false, marketing: { schedulerIntervalMs: 0 } })
try {
  await app.ready()
  // Each entry's own address, moved to the upstream with its real host kept in the path; in
  // batches, as one statement over 100,000 wide rows can outlast the embedded database's limit.
  for (let last = ''; ;) {
    const batch = await app.db.query<{ id: string }>(
      `with batch as (select id from apis where entry = id and id > $2 order by id limit 5000)
       update apis a set base_url = case when coalesce(a.base_url, a.docs) ~ '^https?://[^/:?#]+'
         then 'http://127.0.0.1:' || $1::text || '/h/'
           || substring(coalesce(a.base_url, a.docs) from '^https?://([^/:?#]+)') || '/' || a.id
         else a.base_url end
       from batch where a.id = batch.id returning a.id`,
      [port, last],
    )
    if (batch.length === 0) break
    last = batch
      .map((row) => row.id)
      .sort()
      .at(-1)!
  }
  const [{ entries, addressed } = { entries: 0, addressed: 0 }] = await app.db.query<{
    entries: number
    addressed: number
  }>(
    `select count(*)::int as entries,
       count(*) filter (where base_url like 'http://127.0.0.1:%')::int as addressed
     from apis where entry = id`,
  )
  const { periodMs, maxPerMinute } = config.healthChecks
  const checker = createHealthChecker({
    db: app.db,
    periodMs,
    maxPerMinute,
    instance: 'bench',
    probe: {
      ...DEFAULT_PROBE_LIMITS,
      allowedHosts: config.testerAllowedHosts,
      allowedPorts: config.testerAllowedPorts,
      selfHosts: [],
      origin: config.publicSiteUrl,
    },
  })
  const ready = memory()

  const syncStarted = process.cpuUsage()
  const syncWall = performance.now()
  await checker.sync()
  const sync = { cpuMs: cpuMs(syncStarted), wallMs: round(performance.now() - syncWall, 0) }
  await stats()

  const turns: { checks: number; cpuMs: number; wallMs: number; requests: number }[] = []
  const perHostPerTurn: number[] = []
  let maxInFlight = 0
  let maxInFlightOneHost = 0
  let hourWall = 0
  let ahead = 0
  for (let turn = 0; turn < TICKS; turn += 1) {
    // Five more minutes pass: what would be due by then is due now, in the order it would be.
    // Only those rows move (the rest are due later, or already due, or claimed for a period).
    ahead += TICK_MS
    await app.db.query(
      `update api_health set due_at = due_at - $1::double precision * interval '1 millisecond'
       where due_at > now() and due_at <= now() + $1::double precision * interval '1 millisecond'`,
      [ahead],
    )
    const cpu = process.cpuUsage()
    const wall = performance.now()
    const report = await checker.runOnce()
    const wallMs = performance.now() - wall
    hourWall += wallMs
    const seen = await stats()
    const byHost = new Map<string, number>()
    for (const request of seen.seen) byHost.set(request.host, (byHost.get(request.host) ?? 0) + 1)
    perHostPerTurn.push(Math.max(0, ...byHost.values()))
    maxInFlight = Math.max(maxInFlight, seen.maxInFlight)
    maxInFlightOneHost = Math.max(maxInFlightOneHost, seen.maxInFlightOneHost)
    turns.push({
      checks: report.checked.length,
      cpuMs: cpuMs(cpu),
      wallMs: round(wallMs, 0),
      requests: seen.seen.length,
    })
  }
  const hour = memory()
  const checks = turns.reduce((sum, turn) => sum + turn.checks, 0)
  const requests = turns.reduce((sum, turn) => sum + turn.requests, 0)
  const cpuHour = turns.reduce((sum, turn) => sum + turn.cpuMs, 0)
  const perTurnCap = Math.max(1, Math.floor((maxPerMinute * TICK_MS) / 60_000))
  const result = {
    apis: entries,
    addressed,
    periodHours: periodMs / 3_600_000,
    maxPerMinute,
    perTurnCap,
    duePerHour: round(addressed / (periodMs / 3_600_000), 0),
    sync,
    hour: {
      checks,
      requests,
      requestsPerCheck: round(requests / Math.max(1, checks), 2),
      cpuMs: cpuHour,
      cpuMsPerCheck: round(cpuHour / Math.max(1, checks), 2),
      cpuShareOfOneCore: round(cpuHour / 3_600_000, 5),
      wallMsWorking: round(hourWall, 0),
      maxChecksInOneTurn: Math.max(...turns.map((turn) => turn.checks)),
      maxRequestsToOneHostInOneTurn: Math.max(...perHostPerTurn),
      maxInFlight,
      maxInFlightOneHost,
    },
    turns,
    memory: { ready, afterHour: hour, peakRssMb: statusMb('VmHWM') },
    withinLimits:
      Math.max(...turns.map((turn) => turn.checks)) <= perTurnCap && maxInFlight <= CONCURRENCY,
  }
  console.log(JSON.stringify({ result }))
} finally {
  await app.close()
  upstream.send('stop')
  rmSync(dataDir, { recursive: true, force: true })
}
