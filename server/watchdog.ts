// A stuck instance must not stay up answering nothing. A thread of its own watches the
// event loop: the main thread counts a heartbeat into shared memory, and when the count stops
// moving for longer than the limit, the watcher kills the process, so that `npm start`'s
// supervisor (scripts/start.mjs) or any other starts a fresh one. Under that supervisor the
// heartbeat also goes out over IPC, which covers a process stopped as a whole.
import { Worker } from 'node:worker_threads'

export const DEFAULT_WATCHDOG_TIMEOUT_MS = 30_000

/**
 * How long a start may hold the event loop: a first start opens the database, loads the seeds and
 * evaluates the page renderer, and on a busy two-core machine one of those steps held the loop for
 * over 30 s without being stuck. A server is not listening yet, so a longer wait costs no answers,
 * and `npm start`'s supervisor does not restart a server that never came up.
 */
export const startingLimitMs = (timeoutMs: number) => Math.max(4 * timeoutMs, 120_000)

/** What the server tells scripts/start.mjs over IPC. */
export type SupervisorMessage = { type: 'ready'; watchdogMs: number } | { type: 'alive' }

// An eval'd CommonJS worker: nothing to resolve or compile, so it starts the same everywhere.
const WATCHER = `
const { workerData } = require('node:worker_threads')
const { writeSync } = require('node:fs')
const beats = new Int32Array(workerData.beats)
let seen = Atomics.load(beats, 0)
let since = Date.now()
let up = false
setInterval(() => {
  const count = Atomics.load(beats, 0)
  // beats[1] is 1 once the server is up; until then a start gets its own, longer limit. The
  // shorter limit counts from the moment the server is up: a start that held the loop longer
  // than it did nothing wrong, and the loop has only now come back to beat.
  const nowUp = Atomics.load(beats, 1) === 1
  if (count !== seen || nowUp !== up) {
    seen = count
    up = nowUp
    since = Date.now()
    return
  }
  const stalled = Date.now() - since
  const limit = up ? workerData.timeoutMs : workerData.startingMs
  if (stalled < limit) return
  writeSync(2, JSON.stringify({
    level: 60,
    time: Date.now(),
    pid: process.pid,
    msg: 'The event loop has not turned for ' + Math.round(stalled / 1000) +
      ' s: exiting so that a supervisor starts a fresh instance',
  }) + '\\n')
  process.kill(process.pid, 'SIGKILL')
}, workerData.checkEveryMs)
`

/** Starts watching this process's event loop; stop() ends it (a graceful shutdown). */
export const startWatchdog = (timeoutMs: number = DEFAULT_WATCHDOG_TIMEOUT_MS) => {
  const beatEveryMs = Math.max(10, Math.min(1000, Math.floor(timeoutMs / 10)))
  const beats = new Int32Array(new SharedArrayBuffer(8))
  const watcher = new Worker(WATCHER, {
    eval: true,
    workerData: {
      beats: beats.buffer,
      timeoutMs,
      startingMs: startingLimitMs(timeoutMs),
      checkEveryMs: beatEveryMs,
    },
    // A watcher needs little; keep the thread small.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  })
  watcher.unref()
  const beat = setInterval(() => {
    Atomics.add(beats, 0, 1)
    if (process.send && process.connected) {
      process.send({ type: 'alive' } satisfies SupervisorMessage)
    }
  }, beatEveryMs)
  beat.unref()
  return {
    /**
     * The server is up: from now on the loop may stand still for `timeoutMs` only. Tells a
     * supervisor, if there is one, that the server is up and how long it may go quiet.
     */
    ready: () => {
      Atomics.store(beats, 1, 1)
      if (process.send && process.connected) {
        process.send({ type: 'ready', watchdogMs: timeoutMs } satisfies SupervisorMessage)
      }
    },
    stop: async () => {
      clearInterval(beat)
      await watcher.terminate()
    },
  }
}
