// Which database failures are the client's (a value Postgres cannot hold) and which mean the
// database itself is out of reach, so the routes answer 400 or 503 instead of 500.

// Socket errors of the pg driver, and file errors of PGlite's data directory.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EACCES',
  'EPERM',
  'EIO',
])

// What pg and PGlite say when there is no usable connection (they set no code for these).
const UNREACHABLE_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|not queryable|cannot use a pool after calling end|pglite is closed|database is closed|database system is (?:starting up|shutting down|in recovery mode)|the database is unavailable/i

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

// Postgres reports a data file it may not open as 42501, the code of a refused grant or policy.
const FILE_ACCESS_DENIED =
  /^could not \w+ (?:file|directory) "[^"]*"(?: for \w+)?: (?:permission denied|operation not permitted)$/i

/** The database could not be reached or cannot work right now: 503, try again later. */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false
  const code = codeOf(error)
  if (code && UNREACHABLE_CODES.has(code)) return true
  if (code === '42501' && FILE_ACCESS_DENIED.test(error.message)) return true
  // SQLSTATE classes: 08 connection exception, 53 insufficient resources, 57P operator
  // intervention (shutdown, crash), 58 system error (I/O on the data files).
  if (code && /^(?:08|53|57P|58)[0-9A-Z]{3}$|^57P\d\d$/.test(code)) return true
  if (UNREACHABLE_MESSAGES.test(error.message)) return true
  // AggregateError (pg dialling every address of a host) and wrapped causes.
  const nested = [
    ...((error as { errors?: unknown[] }).errors ?? []),
    ...(error.cause === undefined ? [] : [error.cause]),
  ]
  return nested.some(isDatabaseUnavailable)
}

/** SQLSTATE class 22, data exception: a value the request sent that the column cannot hold. */
export const isRejectedValue = (error: unknown): error is Error =>
  error instanceof Error && /^22[0-9A-Z]{3}$/.test(codeOf(error) ?? '')

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is unavailable right now; try again in a few seconds'

/** Seconds a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_S = 5
