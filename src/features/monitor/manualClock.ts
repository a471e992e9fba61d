import { REFRESH_MS } from './monitorRules'
import type { MonitorClock, RandomSource } from './types'

/**
 * A clock that moves only when told: `tick()` advances it by one refresh and runs the timers.
 * Stories and tests drive the monitor with it, so what they show is exact.
 */
export function createManualMonitorClock(start: number): MonitorClock & {
  tick: () => void
  readonly timers: number
} {
  let now = start
  const callbacks = new Set<() => void>()
  return {
    now: () => now,
    every: (_ms, callback) => {
      callbacks.add(callback)
      return () => callbacks.delete(callback)
    },
    tick: () => {
      now += REFRESH_MS
      for (const callback of [...callbacks]) callback()
    },
    get timers() {
      return callbacks.size
    },
  }
}

/** A random source that returns the given values in turn, over and over. */
export function sequenceRandom(values: readonly number[]): RandomSource {
  let index = 0
  return () => {
    const value = values[index % values.length]!
    index += 1
    return value
  }
}
