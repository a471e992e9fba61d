import type { ApiHealth } from '@/contract/apiHealth'

// Measured health as the checker records it (server/health/). Times are relative to now, so a
// story reads "checked 3 h ago" whenever it runs.
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

/** Up at the last check, and a page on another site may call it (its preflight allows us). */
export const healthyCorsAllowed: ApiHealth = {
  status: 'up',
  checkedAt: hoursAgo(3),
  networkUnavailableAt: null,
  url: 'https://api.example.com/',
  httpStatus: 200,
  medianLatencyMs: 182,
  availability: 1,
  checks: 30,
  https: true,
  redirectsToHttps: true,
  tls: { valid: true, expiresAt: inDays(64) },
  cors: { verdict: 'allowed', allowedOrigins: '*', allowedMethods: 'GET, POST, OPTIONS' },
  error: null,
}

/** Up, but its preflight refuses other sites: a server or a proxy must call it. */
export const healthyCorsBlocked: ApiHealth = {
  ...healthyCorsAllowed,
  httpStatus: 401,
  medianLatencyMs: 240,
  availability: 29 / 30,
  cors: { verdict: 'blocked', allowedOrigins: null, allowedMethods: null },
}

/** Down at the last check: no answer below 500. */
export const down: ApiHealth = {
  ...healthyCorsAllowed,
  status: 'down',
  httpStatus: 503,
  medianLatencyMs: 310,
  availability: 20 / 30,
  cors: { verdict: 'blocked', allowedOrigins: null, allowedMethods: null },
  error: 'Answered 503',
}

/** The checker found no network at its last try: nothing measured, nothing marked down. */
export const networkUnavailable: ApiHealth = {
  status: null,
  checkedAt: null,
  networkUnavailableAt: hoursAgo(1),
  url: null,
  httpStatus: null,
  medianLatencyMs: null,
  availability: null,
  checks: 0,
  https: null,
  redirectsToHttps: null,
  tls: { valid: null, expiresAt: null },
  cors: { verdict: null, allowedOrigins: null, allowedMethods: null },
  error: null,
}
