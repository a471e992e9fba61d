// A fresh instance's memory: `npm start` (scripts/start.mjs, the built site as it is)
// on a new embedded database, until /api/health answers, then the resident memory of the server
// and of its supervisor, read from /proc; then the same again after a restart on that database.
// Throughout each start, the largest of this bench's descendant processes is read every 100 ms:
// the most it has held resident so far (VmHWM, the kernel's own peak of VmRSS, as ps shows it), so
// a spike between two readings counts too. On a new database that includes the process that
// loads the seeds, which hands over to a fresh one before it serves.
// Several fresh starts, one after the other. Then what the memory is made of: the server's parts
// opened one by one in a child on the same runner (memoryParts.ts), on a new database and on an
// existing one. Linux only. Writes bench/results/startMemory.json.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serverCommand } from '../scripts/serverCommand.mjs'
import { startSiteServer } from '../scripts/siteServer'
import { descendantsOf, parentOf, writeResult } from './lib'

const RUNS = Number(process.env.MEMORY_RUNS ?? 3)
/** ATLAS_SYNTHETIC_APIS pads the catalogue (to 100,000 for the scale targets), as npm start reads it. */
const SYNTHETIC = Number(process.env.ATLAS_SYNTHETIC_APIS ?? 0)
/** After the first answer the server still loads its page render (server/seo/ssr.ts) in the background. */
const SETTLE_MS = 5_000

const mb = (kb: number) => Math.round(kb / 102.4) / 10

/** VmRSS and its parts (anonymous memory, mapped files), in MB, and the thread count. */
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
  return {
    rssMb: mb(kb('VmRSS')),
    /** The most it has held resident since it started. */
    peakRssMb: mb(kb('VmHWM')),
    anonMb: mb(kb('RssAnon')),
    fileMb: mb(kb('RssFile')),
    threads: Number(/^Threads:\s+(\d+)/m.exec(status)?.[1]),
  }
}

if (process.platform !== 'linux') {
  console.error('startMemory reads /proc: run it on Linux')
  process.exit(1)
}

/** How the supervisor ran the server (tsx, or Node's own type stripping). */
const commandOf = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    .split('\0')
    .filter(Boolean)
    .map((arg) => path.relative(process.cwd(), arg) || arg)
    .slice(1)
    .join(' ')

/** The most any descendant has held resident, read until stopped, in MB. */
const watchLargestProcess = () => {
  let peakMb = 0
  const timer = setInterval(() => {
    for (const pid of descendantsOf(process.pid)) {
      try {
        // An exited process not yet reaped has no VmHWM.
        const { peakRssMb } = memoryOf(pid)
        if (Number.isFinite(peakRssMb)) peakMb = Math.max(peakMb, peakRssMb)
      } catch {
        // gone
      }
    }
  }, 100)
  return () => {
    clearInterval(timer)
    return peakMb
  }
}

/** The memory of a server started on dataDir, SETTLE_MS after its first answer; then stopped. */
const measureStart = async (dataDir: string) => {
  const stopWatching = watchLargestProcess()
  const started = performance.now()
  const site = await startSiteServer({
    dataDir,
    keepDataDir: true,
    // The site as built: a build would time the build, not the server.
    env: { SKIP_BUILD: '1' },
    readyWithinMs: SYNTHETIC > 0 ? 900_000 : 180_000,
  })
  /** From the command to the first answer of /api/health, the supervisor's start included. */
  const readyMs = Math.round(performance.now() - started)
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    // The last one: on a new database the first loaded the seeds and handed over.
    const pid = Number([...site.log().matchAll(/server started \(pid (\d+)\)/g)].at(-1)?.[1])
    return {
      command: commandOf(pid),
      readyMs,
      server: memoryOf(pid),
      supervisor: memoryOf(parentOf(pid)),
      largestProcessPeakRssMb: stopWatching(),
    }
  } finally {
    stopWatching()
    await site.stop()
  }
}

const runs = []
let command = ''
for (let run = 1; run <= RUNS; run++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atlas-memory-'))
  try {
    const { command: fresh, ...first } = await measureStart(dataDir)
    const { command: _, ...restarted } = await measureStart(dataDir)
    command = fresh
    runs.push({ run, ...first, restarted })
    console.log(JSON.stringify(runs.at(-1)))
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The resident memory after each part of the server is opened, in a child process. */
const partsOn = (dataDir: string) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      ['--expose-gc', ...serverCommand(path.join(import.meta.dirname, 'memoryParts.ts'))],
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, encoding: 'utf8' },
    ),
  ) as unknown
const partsDir = mkdtempSync(path.join(os.tmpdir(), 'atlas-memory-parts-'))
let parts
try {
  parts = { newDatabase: partsOn(partsDir), existingDatabase: partsOn(partsDir) }
} finally {
  rmSync(partsDir, { recursive: true, force: true })
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!

writeResult(SYNTHETIC > 0 ? `startMemory-${SYNTHETIC}` : 'startMemory', {
  synthetic: SYNTHETIC,
  description: `Resident memory of npm start (SKIP_BUILD=1) on a new embedded PGlite${SYNTHETIC > 0 ? `, the catalogue padded with ATLAS_SYNTHETIC_APIS=${SYNTHETIC}` : ''}, ${SETTLE_MS / 1000} s after /api/health first answers, and after a restart on the same database; largestProcessPeakRssMb: the most any process held resident during the start (the kernel's VmHWM, read every 100 ms)`,
  serverCommand: command,
  medianServerRssMb: median(runs.map((entry) => entry.server.rssMb)),
  medianSupervisorRssMb: median(runs.map((entry) => entry.supervisor.rssMb)),
  medianRestartedServerRssMb: median(runs.map((entry) => entry.restarted.server.rssMb)),
  medianFirstReadyMs: median(runs.map((entry) => entry.readyMs)),
  medianRestartReadyMs: median(runs.map((entry) => entry.restarted.readyMs)),
  /** The largest process at any moment of a first start, the seed load included. */
  largestProcessPeakDuringFirstStartMb: Math.max(
    ...runs.map((entry) => entry.largestProcessPeakRssMb),
  ),
  runs,
  parts,
})
