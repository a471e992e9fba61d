/** A clock with timers that moves only when told, so tests and stories of timed rules are exact. */
export type ManualClock = {
  now: () => number
  every: (ms: number, callback: () => void) => () => void
  after: (ms: number, callback: () => void) => () => void
  /** Moves time on by `ms`, running every timer that falls due on the way, in order. */
  advance: (ms: number) => void
  /** How many timers are waiting. */
  readonly pending: number
}

type Timer = { due: number; period: number | null; callback: () => void; order: number }

export function createManualClock(start: number): ManualClock {
  let now = start
  let order = 0
  const timers = new Set<Timer>()
  const add = (ms: number, period: number | null, callback: () => void) => {
    const timer: Timer = { due: now + ms, period, callback, order: order++ }
    timers.add(timer)
    return () => {
      timers.delete(timer)
    }
  }
  return {
    now: () => now,
    every: (ms, callback) => add(ms, ms, callback),
    after: (ms, callback) => add(ms, null, callback),
    advance: (ms) => {
      const target = now + ms
      for (;;) {
        const next = [...timers]
          .filter((timer) => timer.due <= target)
          .sort((a, b) => a.due - b.due || a.order - b.order)[0]
        if (!next) break
        now = next.due
        if (next.period === null) timers.delete(next)
        else next.due += next.period
        next.callback()
      }
      now = target
    },
    get pending() {
      return timers.size
    },
  }
}
