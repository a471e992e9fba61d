// Failed sign-ins per account and address: each attempt waits longer after repeated failures, and
// stops for the window after too many. Counted per account *and* address, never per account
// alone, so a stranger's wrong passwords cannot keep the owner out from anywhere else.
import type { Redis } from 'ioredis'

export type LoginThrottleOptions = {
  /** Failed attempts one address may make on one account per window; then 429. */
  maxFailures?: number
  /** How long an attempt is held back after `failures` failed ones (account and address). */
  delayMs?: (failures: number) => number
  /** How the delay is waited; tests record it instead of waiting. */
  sleep?: (ms: number) => Promise<void>
}

export const DEFAULT_MAX_FAILURES = 10
/** Failures before the first slow-down: a person mistyping twice is not held back. */
export const SLOW_DOWN_AFTER = 3
const BASE_DELAY_MS = 250
const MAX_DELAY_MS = 5_000

/** 0 until SLOW_DOWN_AFTER failures, then 250 ms doubling with each failure, at most 5 s. */
export const loginDelayMs = (failures: number) =>
  failures < SLOW_DOWN_AFTER
    ? 0
    : Math.min(BASE_DELAY_MS * 2 ** (failures - SLOW_DOWN_AFTER), MAX_DELAY_MS)

/** A timer, so the event loop keeps serving everyone else while one attempt waits. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export type Count = { count: number; ttlMs: number }

/** Counters that expire a window after their first count. */
export type AttemptCounter = {
  /** Adds one to the key and answers its count and the time left in its window. */
  add: (key: string) => Promise<Count>
  clear: (key: string) => Promise<void>
}

/** Memory holds at most this many keys; expired ones go first, then the oldest. */
const MEMORY_KEYS = 50_000
/**
 * A full memory forgets this share of its oldest keys at once, so a crowd of fresh keys pays for
 * forgetting once per thousands of attempts rather than once per attempt.
 */
const FORGET_SHARE = 0.1

export const memoryCounter = (
  windowMs: number,
  now = () => Date.now(),
  maxKeys = MEMORY_KEYS,
): AttemptCounter => {
  // In the order their windows started (a restarted window moves its key to the end), so both the
  // expired keys and the oldest ones are at the front.
  const counts = new Map<string, { count: number; resetAt: number }>()
  const forget = (time: number) => {
    const keep = Math.floor(maxKeys * (1 - FORGET_SHARE))
    for (const [key, entry] of counts) {
      if (entry.resetAt > time && counts.size <= keep) break
      counts.delete(key)
    }
  }
  return {
    add: async (key) => {
      const time = now()
      let entry = counts.get(key)
      if (!entry || entry.resetAt <= time) {
        counts.delete(key)
        if (counts.size >= maxKeys) forget(time)
        entry = { count: 0, resetAt: time + windowMs }
        counts.set(key, entry)
      }
      entry.count += 1
      return { count: entry.count, ttlMs: entry.resetAt - time }
    },
    clear: async (key) => {
      counts.delete(key)
    },
  }
}

/** Shared by every instance: the window starts at the first count (SET NX), INCR keeps it. */
export const redisCounter = (redis: Redis, windowMs: number, prefix: string): AttemptCounter => ({
  add: async (key) => {
    const results = await redis
      .multi()
      .set(`${prefix}${key}`, '0', 'PX', windowMs, 'NX')
      .incr(`${prefix}${key}`)
      .pttl(`${prefix}${key}`)
      .exec()
    const failed = results?.find(([error]) => error)
    if (!results || failed) throw failed?.[0] ?? new Error('Redis transaction was discarded')
    const ttl = Number(results[2]![1])
    return { count: Number(results[1]![1]), ttlMs: ttl > 0 ? ttl : windowMs }
  },
  clear: async (key) => {
    await redis.del(`${prefix}${key}`)
  },
})
