// Admission control in front of a scarce resource (the database, password hashing, page renders,
// the tester's outbound requests): at most `concurrency` tasks run, at most `maxQueued` wait, and
// none waits longer than `maxWaitMs`. Past either bound the caller is told at once, with a
// message and a time to come back, instead of joining a queue that would take minutes to drain.
// A task whose turn would plainly come after its deadline (the tasks ahead of it, at the gate's
// typical turn, take longer) is told at once too, rather than after waiting the deadline out.
// Waiting never counts against a task's own run limit: a task's clock starts when it runs.

/** Thrown when a gate sheds a task; the routes answer it with 503 and Retry-After. */
export class Overloaded extends Error {
  readonly statusCode = 503
  constructor(
    message: string,
    /** Seconds a client should wait before trying again. */
    readonly retryAfterS: number,
    /** Which resource shed it, for logs and counters. */
    readonly resource: string,
  ) {
    // A crowd is answered with thousands of these a second, and where one was made says nothing:
    // capturing a stack was a visible share of a shed answer's time.
    const { stackTraceLimit } = Error
    Error.stackTraceLimit = 0
    super(message)
    Error.stackTraceLimit = stackTraceLimit
    this.name = 'Overloaded'
  }
}

/** The shedding behind an error, itself or its cause; undefined when it is something else. */
export const overloadOf = (error: unknown): Overloaded | undefined =>
  error instanceof Overloaded
    ? error
    : error instanceof Error && error.cause !== undefined
      ? overloadOf(error.cause)
      : undefined

export type GateLimits = {
  /** Tasks running at once. */
  concurrency: number
  /** Tasks waiting for a turn; one more is shed at once. */
  maxQueued: number
  /** How long a task may wait for its turn before it is shed. */
  maxWaitMs: number
}

export type GateOptions = GateLimits & {
  /** Names the resource in messages: "the database", "password checks". */
  name: string
  /** Retry-After on a shed answer, in seconds. */
  retryAfterS?: number
  /** The clock turns are timed by, in milliseconds (tests give their own). */
  now?: () => number
}

export type GateStats = {
  running: number
  queued: number
  /** Tasks shed since the gate was made, because the queue was full or a wait ran out. */
  shed: number
}

export type Gate = {
  /**
   * Runs task when its turn comes. `priority` tasks (a health probe) go before every waiting one
   * and are never shed for a full queue, only for their own wait running out.
   */
  run<T>(task: () => Promise<T>, options?: { priority?: boolean }): Promise<T>
  stats(): GateStats
}

type Waiter = { start: () => void; timer: NodeJS.Timeout }

/**
 * The typical turn is the median of this many recent ones: a median, so one long turn (a
 * transaction holding the database while the catalogue loads) does not make every later
 * request look too late.
 */
const RECENT_TURNS = 16
/** Turns timed before a wait is foreseen from them. */
const TURNS_BEFORE_FORESEEING = 5

export function createGate({
  name,
  concurrency,
  maxQueued,
  maxWaitMs,
  retryAfterS = 2,
  now = () => performance.now(),
}: GateOptions): Gate {
  if (!(concurrency >= 1)) throw new Error(`${name}: concurrency must be at least 1`)
  let running = 0
  let shed = 0
  const turns: number[] = []
  let turnsTimed = 0
  const typicalTurnMs = () => {
    if (turns.length < TURNS_BEFORE_FORESEEING) return 0
    const sorted = [...turns].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)]!
  }
  // Two lanes: priority waiters are served first, in order.
  const urgent: Waiter[] = []
  const waiting: Waiter[] = []

  const overloaded = (why: string) => {
    shed += 1
    return new Overloaded(
      `The server is busy (${name}: ${why}); try again in ${retryAfterS} s`,
      retryAfterS,
      name,
    )
  }

  const next = () => {
    while (running < concurrency) {
      const waiter = urgent.shift() ?? waiting.shift()
      if (!waiter) return
      clearTimeout(waiter.timer)
      waiter.start()
    }
  }

  const runNow = async <T>(task: () => Promise<T>): Promise<T> => {
    running += 1
    const started = now()
    try {
      return await task()
    } finally {
      turns[turnsTimed++ % RECENT_TURNS] = now() - started
      running -= 1
      next()
    }
  }

  return {
    run: (task, { priority = false } = {}) => {
      if (running < concurrency && urgent.length === 0 && (priority || waiting.length === 0)) {
        return runNow(task)
      }
      if (!priority && waiting.length >= maxQueued) {
        return Promise.reject(overloaded(`${maxQueued} requests already waiting`))
      }
      // Its turn comes when those ahead of it have had theirs, `concurrency` at a time.
      const foreseenMs = ((urgent.length + waiting.length + 1) * typicalTurnMs()) / concurrency
      if (!priority && foreseenMs > maxWaitMs) {
        return Promise.reject(
          overloaded(
            `about ${(foreseenMs / 1000).toFixed(1)} s of requests already waiting, past its ${maxWaitMs / 1000} s`,
          ),
        )
      }
      return new Promise((resolve, reject) => {
        const lane = priority ? urgent : waiting
        const waiter: Waiter = {
          start: () => void runNow(task).then(resolve, reject),
          timer: setTimeout(() => {
            lane.splice(lane.indexOf(waiter), 1)
            reject(overloaded(`no turn within ${maxWaitMs / 1000} s`))
          }, maxWaitMs),
        }
        lane.push(waiter)
      })
    },
    stats: () => ({ running, queued: urgent.length + waiting.length, shed }),
  }
}
