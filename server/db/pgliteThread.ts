// PGlite on a thread of its own (pgliteWorker.ts), with a time limit on every call. In the main
// thread, a query that never ends, or a WebAssembly engine wedged by hostile input, would freeze
// the event loop and every route with it; here it costs one thread, which is stopped when a call
// runs past its limit, and the database answers "unavailable" until it is reopened.
//
// PGlite runs one statement (or one transaction) at a time. Calls take turns here, through an
// admission gate, rather than in PGlite's own queue inside the thread: a call's time limit then
// starts when it runs, never while it waits behind a crowd, and a crowd past the gate's bounds is
// told "busy" at once (503) instead of queueing until a limit stops the thread mid-write.
import { Worker } from 'node:worker_threads'
import { createGate, type GateLimits } from '../admission'
import type { Db, Queryable } from './database'
import type { WorkerAnswer, WorkerCall, WorkerError } from './pgliteWorker'
import { templateFor } from './pgliteTemplate'

export type PgliteThreadLimits = {
  /** A query, or a statement inside a transaction. */
  callMs: number
  /** Opening the files, and exec() (migrations and seeds), which may take minutes on 2 cores. */
  longCallMs: number
  /** Calls waiting for their turn (one runs at a time): how many, and for how long. */
  queue?: Omit<GateLimits, 'concurrency'>
  /**
   * How recent an answer from the thread (any call's, an error included) tells a health probe
   * that the database answers, without asking it again.
   */
  recentAnswerMs?: number
  /**
   * How long a call may have been running while a health probe still takes the thread for busy
   * rather than asks it.
   */
  busyCallMs?: number
}

/**
 * A second: a probe is answered at once while the database answers anything, and only a thread
 * silent for longer (one call running for over a second, or none sent) is asked itself.
 */
export const RECENT_ANSWER_MS = 1000

/**
 * Two seconds, the probe's own patience (routes/health.ts): a thread that answered its last call
 * and took the next one less than that ago is running it, as a search under a crowd does for a
 * second or so. Asking it then would time the probe by that search. A call running longer is no
 * plain busy: the probe asks, and waits for it.
 */
export const BUSY_CALL_MS = 2000

/**
 * 128 waiting: at the few milliseconds a catalogue read takes, a full queue drains in well under
 * a second; a longer one only makes every waiter late. A wait of 5 s is shed with 503.
 */
export const DEFAULT_PGLITE_QUEUE: Omit<GateLimits, 'concurrency'> = {
  maxQueued: 128,
  maxWaitMs: 5_000,
}

export const DEFAULT_PGLITE_LIMITS: PgliteThreadLimits = {
  callMs: 30_000,
  longCallMs: 10 * 60_000,
  queue: DEFAULT_PGLITE_QUEUE,
}

// Distributive, so each member keeps its own fields without the id.
type Call = WorkerCall extends infer C ? (C extends WorkerCall ? Omit<C, 'id'> : never) : never

const errorFrom = ({ name, message, ...fields }: WorkerError) => {
  const error = name === 'RuntimeError' ? new WebAssembly.RuntimeError(message) : new Error(message)
  if (name !== 'RuntimeError') error.name = name
  return Object.assign(error, fields)
}

/** Opens PGlite on dataDir in a new thread; resolves once it answers. */
export const openPgliteThread = async (
  dataDir: string,
  limits: PgliteThreadLimits = DEFAULT_PGLITE_LIMITS,
): Promise<Db> => {
  const worker = new Worker(new URL('./pgliteWorker.ts', import.meta.url), {
    workerData: { dataDir, template: templateFor(dataDir) },
  })
  const pending = new Map<
    number,
    {
      resolve: (value: unknown) => void
      reject: (error: Error) => void
      timer: NodeJS.Timeout
      /** When it was sent (performance.now()). */
      sentAt: number
    }
  >()
  let nextId = 1
  /** Why the thread is gone; every call fails with it from then on. */
  let dead: Error | undefined
  let closing: Promise<void> | undefined

  const fail = (reason: Error) => {
    dead ??= reason
    for (const { reject, timer } of pending.values()) {
      clearTimeout(timer)
      reject(dead)
    }
    pending.clear()
  }

  /** When the thread last answered a call (performance.now()). */
  let answeredAt = -Infinity
  worker.on('message', (answer: WorkerAnswer) => {
    answeredAt = performance.now()
    const waiting = pending.get(answer.id)
    if (!waiting) return
    pending.delete(answer.id)
    clearTimeout(waiting.timer)
    if (answer.ok) waiting.resolve(answer.value)
    else waiting.reject(errorFrom(answer.error))
  })
  worker.on('error', (error) =>
    fail(new Error(`The database is unavailable: its thread failed (${error.message})`)),
  )
  worker.on('exit', (code) =>
    fail(new Error(`The database is unavailable: its thread stopped (exit code ${code})`)),
  )

  const call = <T>(message: Call, limitMs = limits.callMs) =>
    new Promise<T>((resolve, reject) => {
      if (dead) return reject(dead)
      const id = nextId++
      const timer = setTimeout(() => {
        fail(
          new Error(
            `The database is unavailable: a ${message.kind} took longer than ${limitMs / 1000} s, so its thread was stopped`,
          ),
        )
        void worker.terminate()
      }, limitMs)
      pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
        timer,
        sentAt: performance.now(),
      })
      worker.postMessage({ ...message, id })
    })

  const gate = createGate({
    name: 'the database',
    concurrency: 1,
    ...DEFAULT_PGLITE_QUEUE,
    ...limits.queue,
  })
  /** Outside a transaction a call takes its turn; inside one, the transaction holds the turn. */
  const inTurn = <T>(tx: number | undefined, task: () => Promise<T>) =>
    tx === undefined ? gate.run(task) : task()

  const queryable = (tx?: number): Queryable => ({
    query: <T>(text: string, params?: unknown[]) =>
      inTurn(tx, () => call<T[]>({ kind: 'query', text, params, ...(tx !== undefined && { tx }) })),
    exec: (sql) =>
      inTurn(tx, async () => {
        await call({ kind: 'exec', sql, ...(tx !== undefined && { tx }) }, limits.longCallMs)
      }),
    ...(tx !== undefined && {
      copyFrom: async (sql: string, data: string) => {
        await call({ kind: 'copy', sql, data, tx })
      },
    }),
  })

  try {
    await call({ kind: 'query', text: 'select 1' }, limits.longCallMs)
  } catch (error) {
    await worker.terminate()
    throw error
  }

  return {
    kind: 'pglite',
    ...queryable(),
    transaction: (fn) =>
      gate.run(async () => {
        const tx = await call<number>({ kind: 'begin' })
        let result
        try {
          result = await fn(queryable(tx))
        } catch (error) {
          await call({ kind: 'end', tx, commit: false }).catch(() => {})
          throw error
        }
        await call({ kind: 'end', tx, commit: true })
        return result
      }),
    // A health probe asks whether the database answers. Under a crowd it answers a call every
    // few milliseconds, and that says so: asking again would wait for the call running (a search
    // can take a second then), and a load balancer would take a busy instance for a dead one.
    // Likewise while the one call running was sent less than BUSY_CALL_MS ago: the thread answered
    // the call before it (calls take turns), and is working. A thread silent for longer, or on one
    // call for longer, is asked, before the crowd: the probe waits for the call running, not for
    // the queue.
    ping: () => {
      if (dead) return Promise.reject(dead)
      if (closing) return Promise.reject(new Error('The database is unavailable: it is closing'))
      const now = performance.now()
      if (now - answeredAt < (limits.recentAnswerMs ?? RECENT_ANSWER_MS)) return Promise.resolve()
      const running = pending.values().next().value
      if (running && now - running.sentAt < (limits.busyCallMs ?? BUSY_CALL_MS)) {
        return Promise.resolve()
      }
      return gate.run(
        async () => {
          await call({ kind: 'query', text: 'select 1' })
        },
        { priority: true },
      )
    },
    admission: () => gate.stats(),
    close: () =>
      (closing ??= (async () => {
        // In its turn, so a statement running is not cut; a queue that never clears is not waited on.
        if (!dead) {
          await gate
            .run(() => call({ kind: 'close' }, limits.callMs), { priority: true })
            .catch(() => {})
        }
        await worker.terminate()
      })()),
  }
}
