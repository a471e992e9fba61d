// The Redis connection that several server instances share rate-limit counters through (REDIS_URL).
import { createRequire } from 'node:module'
import type * as IORedis from 'ioredis'

// Loaded by openRedis, only when REDIS_URL is set: its 45 modules cost every other start about
// 130 ms of CPU, and a restart should be ready within 3 s. CommonJS, so openRedis stays sync.
const require = createRequire(import.meta.url)

export type RedisOptions = {
  /** Prefixed to every key, so deployments (and tests) sharing one Redis keep apart. */
  keyPrefix?: string
  /** Connection failures; the rate limits then let requests through (skipOnError) until it is back. */
  onError?: (error: Error) => void
}

export const DEFAULT_REDIS_KEY_PREFIX = 'api-atlas:'

/**
 * As @fastify/rate-limit recommends: a short connect timeout and one retry per command, so a
 * Redis that is down costs a request half a second at most instead of hanging it.
 */
export const openRedis = (url: string, { keyPrefix, onError }: RedisOptions = {}) => {
  const ioredis = require('ioredis') as typeof IORedis
  const redis = new ioredis.Redis(url, {
    connectTimeout: 500,
    maxRetriesPerRequest: 1,
    keyPrefix: keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX,
    // Reconnect forever, backing off to 2 s: counters come back when Redis does.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  })
  redis.on('error', (error: Error) => onError?.(error))
  return redis
}

/** Options every rate-limit registration shares: Redis when configured, else memory. */
export const rateLimitStore = (redis: IORedis.Redis | undefined, nameSpace: string) =>
  redis ? { redis, nameSpace, skipOnError: true } : { nameSpace }
