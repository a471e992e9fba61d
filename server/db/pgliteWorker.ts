// The embedded database's own thread: PGlite runs here, so a query that never ends (or a
// WebAssembly engine gone wrong) stalls this thread and not the server's event loop; the server
// gives each call a time limit and terminates this thread when one is missed (pgliteThread.ts).
// Run by Node directly, with its types stripped: only erasable TypeScript and no local imports.
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { extract } from 'tar'

export type WorkerCall =
  | { id: number; kind: 'query'; text: string; params?: unknown[]; tx?: number }
  | { id: number; kind: 'exec'; sql: string; tx?: number }
  | { id: number; kind: 'copy'; sql: string; data: string; tx: number }
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'end'; tx: number; commit: boolean }
  | { id: number; kind: 'close' }

export type WorkerError = {
  name: string
  message: string
  code?: string
  detail?: string
  hint?: string
}

export type WorkerAnswer =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WorkerError }

const port = parentPort
if (!port) throw new Error('pgliteWorker.ts runs as a worker thread')

/** `template`: the archive a new database starts from (pgliteTemplate.ts), when it is one. */
const { dataDir, template } = workerData as { dataDir: string; template?: string }

const errorOf = (error: unknown): WorkerError => {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
  const { code, detail, hint } = error as { code?: unknown; detail?: unknown; hint?: unknown }
  return {
    name: error instanceof WebAssembly.RuntimeError ? 'RuntimeError' : error.name,
    message: error.message,
    ...(typeof code === 'string' && { code }),
    ...(typeof detail === 'string' && { detail }),
    ...(typeof hint === 'string' && { hint }),
  }
}

/**
 * Open transactions: PGlite's transaction() runs until the server says how it ends; `done` is
 * that call, settling once PGlite has committed (or rolled back).
 */
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }
>()
let nextTx = 1
const ROLLED_BACK = new Error('rolled back by the server')

// Postgres's buffer cache at 32 MB, not initdb's 128 MB: it lives in the WebAssembly memory, which
// never shrinks, and reading the catalogue at 100,000 APIs filled all of it. Pages it no longer
// holds are read from the files, which the system caches outside the process. Measured with the
// scale bench at 100,000 (quiet machine): resident after the load 540 MB against 662 MB, restart
// 5.2 s against 4.6 s, p99 of every path unchanged (the aim: under 600 MB at 100,000 APIs).
const SHARED_BUFFERS = '32MB'

/** The file whose presence says the directory holds a database (pgliteTemplate.ts). */
const isVersionFile = (entry: string) => entry.replace(/^\/+/, '') === 'PG_VERSION'

/**
 * Unpacks the template into the data directory here, as a stream to the disk, rather than by
 * PGlite's `loadDataDir`, which gunzips the whole archive (40 MB of files) into memory and writes
 * it through its WebAssembly file system: a process that opened a new directory that way was 310
 * MB resident once open, against 174 MB this way, and a first start's largest process peaked past
 * 600 MB at 100,000 APIs (`npm run bench startMemory`). PG_VERSION is written last, so an
 * unpacking cut short leaves a directory that is still taken for new, and is unpacked again.
 */
const unpackTemplate = async (file: string) => {
  await extract({ file, cwd: dataDir, filter: (entry) => !isVersionFile(entry) })
  await extract({ file, cwd: dataDir, filter: isVersionFile })
}

// pg_trgm: the search's typo candidates (migration 014), as on Postgres.
const opening = (template === undefined ? Promise.resolve() : unpackTemplate(template)).then(() =>
  PGlite.create(dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  }),
)

const run = async (call: WorkerCall): Promise<unknown> => {
  const pglite = await opening
  switch (call.kind) {
    case 'query': {
      const target = call.tx === undefined ? pglite : transactions.get(call.tx)?.tx
      if (!target) throw new Error(`Transaction ${call.tx} is not open`)
      return (await target.query(call.text, call.params)).rows
    }
    case 'exec': {
      const target = call.tx === undefined ? pglite : transactions.get(call.tx)?.tx
      if (!target) throw new Error(`Transaction ${call.tx} is not open`)
      await target.exec(call.sql)
      return null
    }
    case 'copy': {
      const target = transactions.get(call.tx)?.tx
      if (!target) throw new Error(`Transaction ${call.tx} is not open`)
      await target.query(call.sql, [], { blob: new Blob([call.data]) })
      return null
    }
    case 'begin': {
      const id = nextTx++
      return new Promise<number>((started, failed) => {
        let end: (commit: boolean) => void = () => {}
        const done = pglite.transaction(
          (tx) =>
            new Promise<void>((resolve, reject) => {
              end = (commit) => (commit ? resolve() : reject(ROLLED_BACK))
              transactions.set(id, { tx, end: (commit) => end(commit), done })
              started(id)
            }),
        )
        // Failing to begin answers this call; how it ends is answered by 'end'.
        done.catch(failed)
      })
    }
    case 'end': {
      const open = transactions.get(call.tx)
      if (!open) throw new Error(`Transaction ${call.tx} is not open`)
      transactions.delete(call.tx)
      open.end(call.commit)
      try {
        await open.done
      } catch (error) {
        if (error !== ROLLED_BACK) throw error
      }
      return null
    }
    case 'close':
      await pglite.close()
      return null
  }
}

/**
 * How far this thread's heap may grow past what it held after its last collection before it
 * collects again, of the last-resort kind, once it has been idle for COLLECT_WHEN_IDLE_MS.
 * Reading the catalogue at 100,000 APIs grew this heap to 180 MB; once idle it never collected
 * again, and V8 would keep the pages of an ordinary collection pooled anyway: only a collection
 * of the last-resort kind hands them back (95 MB of resident memory). It takes 50 to
 * 70 ms of this thread. Measured by the heap rather than by an answer's rows: the catalogue is
 * read as pages of JSON text (catalog.ts), one row each, 50 MB of text at 100,000 APIs.
 */
const COLLECT_PAST_BYTES = 32 * 1024 * 1024
/**
 * Idle this long first: a read in pages (the catalogue's) asks again within a few milliseconds,
 * and one collection after its last page does what one after each page would.
 */
const COLLECT_WHEN_IDLE_MS = 100

// V8's gc() for this thread alone, without --expose-gc for the whole process. The flag is the
// process's: another thread turning it off at the same moment (server/collectGarbage.ts) leaves
// this thread without one, and V8 collects as it would anyway.
setFlagsFromString('--expose-gc')
let collect: ((options: object) => void) | undefined
try {
  const made: unknown = runInNewContext('typeof gc === "function" ? gc : undefined')
  if (typeof made === 'function') collect = made as (options: object) => void
} finally {
  setFlagsFromString('--no-expose-gc')
}

const heapBytes = () => getHeapStatistics().total_heap_size
/**
 * The heap as the last collection left it; none yet, so the garbage of PGlite's start (40 MB) is
 * collected at the first idle moment too.
 */
let settled = 0
let calls = 0
let collection: NodeJS.Timeout | undefined
const collectWhenIdle = () => {
  clearTimeout(collection)
  collection = setTimeout(() => {
    if (calls > 0) return collectWhenIdle()
    collect?.({ type: 'major', execution: 'sync', flavor: 'last-resort' })
    settled = heapBytes()
  }, COLLECT_WHEN_IDLE_MS)
  // A thread with nothing else to do may stop.
  collection.unref()
}

port.on('message', (call: WorkerCall) => {
  calls++
  run(call)
    .then(
      (value) => port.postMessage({ id: call.id, ok: true, value } satisfies WorkerAnswer),
      (error: unknown) =>
        port.postMessage({ id: call.id, ok: false, error: errorOf(error) } satisfies WorkerAnswer),
    )
    .finally(() => {
      calls--
      if (heapBytes() - settled > COLLECT_PAST_BYTES) collectWhenIdle()
    })
})
