// How soon `npm start` is ready: a first start on a new embedded database, which creates
// it and loads every seed (target 60 s), then restarts on that database with the seeds unchanged
// (target 3 s). Ready means /api/health answers and so does a public page, drawn by the server
// (an API page: its first answer waits for the page render to load). Timed from the spawn of
// `npm start`, as a visitor's operator types it, on the site as built (`npm run build` first),
// with the CPU time the whole process tree used by then: on a machine shared with other work
// the wall time mostly says how crowded it was, the CPU time what the start itself costs.
// startMemory.bench.ts measures the same starts' memory. Writes bench/results/startup.json.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { SERVER_RENDERED_ATTRIBUTE } from '../src/shared/ssr'
import { serverRenderFile } from '../server/seo/ssr'
import { freePort } from '../scripts/siteServer'
import { round, writeResult } from './lib'

const RESTARTS = Number(process.env.RESTART_RUNS ?? 5)
/** A public page drawn by the server (its route answers from the catalogue seed). */
const PAGE = '/apis/stripe-com'
const POLL_MS = 25
const repoRoot = path.resolve(import.meta.dirname, '..')

if (!existsSync(serverRenderFile(path.join(repoRoot, 'dist')))) {
  console.error('startup times the built site: run `npm run build` first')
  process.exit(1)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const load = () => round(os.loadavg()[0]!, 2)

/** Stat fields after the command: [state, ppid, pgrp, ...], utime and stime at 11 and 12. */
const statOf = (pid: string) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/** CPU time (user + system, ms) used so far by the processes of a process group; null off Linux. */
const cpuOfGroup = (group: number) => {
  if (process.platform !== 'linux') return null
  const tick = 1000 / 100 // USER_HZ, 100 on Linux
  let ticks = 0
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const fields = statOf(pid)
      if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks * tick
}

const answer = async (url: string) => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) })
    return { status: response.status, text: await response.text() }
  } catch {
    return undefined
  }
}

/** One `npm start` on dataDir, timed until it is ready, then stopped. */
const timeStart = async (dataDir: string, readyWithinMs: number) => {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const loadBefore = load()
  const started = performance.now()
  const server = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SKIP_BUILD: '1',
      HEALTH_CHECKS: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, so its CPU time can be added up and it can be stopped whole.
    detached: true,
  })
  let output = ''
  server.stdout.on('data', (chunk) => (output += chunk))
  server.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => server.once('exit', resolve))
  try {
    let healthMs: number | undefined
    for (;;) {
      if (server.exitCode !== null) throw new Error(`npm start exited early:\n${output}`)
      if (performance.now() - started > readyWithinMs) {
        throw new Error(`Not ready within ${readyWithinMs / 1000} s:\n${output}`)
      }
      if ((await answer(`${url}/api/health`))?.status === 200) {
        healthMs = performance.now() - started
        break
      }
      await sleep(POLL_MS)
    }
    const healthCpuMs = cpuOfGroup(server.pid!)
    const page = await answer(`${url}${PAGE}`)
    const pageMs = performance.now() - started
    if (page?.status !== 200 || !page.text.includes(`${SERVER_RENDERED_ATTRIBUTE}=`)) {
      throw new Error(`${PAGE} did not come drawn by the server (${page?.status}):\n${output}`)
    }
    return {
      healthMs: round(healthMs, 0),
      readyMs: round(pageMs, 0),
      cpuMsAtHealth: healthCpuMs,
      cpuMsAtReady: cpuOfGroup(server.pid!),
      loadAverage1m: { before: loadBefore, after: load() },
    }
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      process.kill(-server.pid!, 'SIGTERM')
      await exited
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atlas-startup-'))
try {
  const firstStart = await timeStart(dataDir, 600_000)
  console.log('first start', JSON.stringify(firstStart))
  const restarts = []
  for (let run = 1; run <= RESTARTS; run++) {
    restarts.push(await timeStart(dataDir, 120_000))
    console.log(`restart ${run}`, JSON.stringify(restarts.at(-1)))
  }
  writeResult('startup', {
    description: `npm start (SKIP_BUILD=1, HEALTH_CHECKS=off) on the built site: a first start on a new embedded database, then ${RESTARTS} restarts on it with the seeds unchanged. healthMs: /api/health answers 200; readyMs: then ${PAGE} answers 200 drawn by the server. cpuMs: user + system time of npm and everything it started, by then. Times from the spawn of npm start.`,
    targets: { firstStartMs: 60_000, restartMs: 3_000 },
    firstStart,
    restart: {
      medianHealthMs: median(restarts.map((entry) => entry.healthMs)),
      medianReadyMs: median(restarts.map((entry) => entry.readyMs)),
      medianCpuMsAtReady:
        process.platform === 'linux' ? median(restarts.map((entry) => entry.cpuMsAtReady!)) : null,
      medianLoadAverage1m: median(restarts.map((entry) => entry.loadAverage1m.before)),
    },
    restarts,
  })
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
