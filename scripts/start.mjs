// `npm start`: builds the site when the sources are newer than the build, then runs the server
// (its TypeScript run by Node itself, scripts/serverCommand.mjs) in a child process and keeps it
// running: a server that exits on its own after it was up, or whose heartbeat stops (its event
// loop is stuck, server/watchdog.ts), is replaced by a fresh one. Signals are passed on; this
// process ends when the server does.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { run } from './lib.mjs'
import { serverCommand } from './serverCommand.mjs'

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  )
}

const built = 'dist/index.html'
const needsBuild =
  !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs
if (needsBuild && process.env.SKIP_BUILD !== '1') {
  console.log('Building the site…')
  // Always a production build: under a test runner NODE_ENV is 'test', which would give React's
  // development build and no service worker registration (import.meta.env.PROD false).
  await run('vite', ['build', '--logLevel', 'warn'], {
    env: { ...process.env, NODE_ENV: 'production' },
  })
}

/** Restarts that follow each other this closely count as a crash loop and back off. */
const STABLE_AFTER_MS = 60_000
const FIRST_BACKOFF_MS = 1000
const MAX_BACKOFF_MS = 30_000

/**
 * The server's exit code, before it listens, for "start me again now": it loaded a seed, and a
 * fresh process serves without that work's memory (server/index.ts). Asked once: the fresh one is
 * told it started afresh.
 */
const START_AFRESH = 75

/**
 * The server's environment unless yours sets them. glibc's allocator gives each thread that
 * allocates an arena of its own (up to eight per core), and what a thread frees stays in its
 * arena, so the threads that load the seeds (the embedded database's, the thread pool, V8's
 * helpers) left a first start's process about a quarter larger at its peak than two arenas do
 * (`npm run bench startMemory`).
 */
const SERVER_ENV = { MALLOC_ARENA_MAX: '2' }

/**
 * For the process that loads every seed into a new embedded database, and then hands over. glibc
 * serves a large allocation (128 KB and up) from mmap and gives it back when freed, but after each
 * such free raises that threshold to its size, up to 32 MB: the load's buffers (decompressed
 * pieces, batches copied to and from the database's thread) then came from its heap, which kept
 * them resident, 50 to 70 MB more at the peak (`npm run bench startMemory`). A serving process
 * keeps glibc's own threshold: mapping and unmapping every large buffer of every answer is work,
 * and in the crowd bench it answered fewer requests, by less than the runs vary (performance.md).
 */
const LOADER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' }

/**
 * V8 flags for the same process. The load makes short-lived strings and objects by the million (each
 * seed line parsed, each batch of rows put together, then copied to the database's thread), and
 * V8 let each thread's young generation grow to 16 MB semi-spaces before collecting it: the process
 * peaked at 596 to 632 MB at 100,000 APIs. With 2 MB semi-spaces, 531 to 540 MB, and the load took
 * a second or two longer (`npm run bench startMemory`). A serving process keeps V8's sizes: there a
 * small young generation promotes more of each answer's garbage, to be collected in full.
 */
const LOADER_FLAGS = ['--max-semi-space-size=2']

/** Whether the embedded database is still to be made, and so every seed to be loaded. */
const newEmbeddedDatabase = () => {
  if (process.env.DATABASE_URL) return false
  const dataDir = process.env.DATA_DIR || './.data'
  return !dataDir.startsWith('memory://') && !existsSync(join(dataDir, 'PG_VERSION'))
}

const say = (message) => console.error(`[supervisor] ${message}`)

let server
let stopping = false
let backoff = FIRST_BACKOFF_MS

function startServer({ afresh = false } = {}) {
  const startedAt = Date.now()
  let ready = false
  let watchdogMs = 0
  let lastBeat = Date.now()
  const loading = !afresh && newEmbeddedDatabase()
  const command = [...(loading ? LOADER_FLAGS : []), ...serverCommand('server/index.ts')]
  const child = spawn(process.execPath, command, {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: {
      ...SERVER_ENV,
      ...(loading && LOADER_ENV),
      ...process.env,
      ...(afresh && { ATLAS_STARTED_AFRESH: '1' }),
    },
  })
  server = child
  say(`server started (pid ${child.pid})`)
  child.on('message', (message) => {
    lastBeat = Date.now()
    if (message?.type === 'ready') {
      ready = true
      watchdogMs = Number(message.watchdogMs) || 0
    }
  })
  // The server's own watchdog ends a stuck event loop; this one also covers a process stopped
  // as a whole (SIGSTOP) or a watchdog thread that died with it.
  const check = setInterval(() => {
    if (!ready || !watchdogMs || stopping) return
    const quiet = Date.now() - lastBeat
    if (quiet > watchdogMs) {
      say(`no heartbeat from pid ${child.pid} for ${Math.round(quiet / 1000)} s: stopping it`)
      child.kill('SIGKILL')
    }
  }, 1000)
  child.on('exit', (code, signal) => {
    clearInterval(check)
    if (stopping) process.exit(code ?? 1)
    const how = signal ? `signal ${signal}` : `exit code ${code}`
    if (!ready && code === START_AFRESH && !afresh) {
      say(`server pid ${child.pid} loaded the seeds; serving from a fresh one`)
      startServer({ afresh: true })
      return
    }
    // A server that never came up (bad configuration, port taken) would only fail again.
    if (!ready) {
      say(`server stopped before it was ready (${how})`)
      process.exit(code || 1)
    }
    backoff = Date.now() - startedAt > STABLE_AFTER_MS ? FIRST_BACKOFF_MS : backoff
    say(`server pid ${child.pid} stopped (${how}); starting a fresh one in ${backoff / 1000} s`)
    setTimeout(startServer, backoff)
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS)
  })
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (!server || server.exitCode !== null || server.signalCode !== null) process.exit(0)
    stopping = true
    server.kill(signal)
  })
}

// The server stops by itself when this process is gone (its IPC channel closes).
startServer()
