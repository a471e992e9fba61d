// The codes an /api error may carry beside its message, free of zod so a first load can read them.

/**
 * Why the tester's server would not send a request, set where it refuses: a client acts on the
 * code and shows the message, and never reads the message to tell which refusal it was.
 */
export const BLOCKED_CODES = [
  /** A private, local, metadata or unrecognised address. */
  'blocked_address',
  /** A port outside the tester's list. */
  'blocked_port',
  /** This site itself: the tester does not loop through its own server. */
  'blocked_self',
  /** A redirect to an address the tester does not follow (another scheme, or a user name). */
  'blocked_redirect',
] as const
export type BlockedCode = (typeof BLOCKED_CODES)[number]

/** Every code an `{ success: false, error, code }` answer may carry. */
export const API_ERROR_CODES = [...BLOCKED_CODES] as const
export type ApiErrorCode = (typeof API_ERROR_CODES)[number]

/** True when the code says the tester's guard refused the destination. */
export const isBlockedCode = (code: string | undefined): code is BlockedCode =>
  (BLOCKED_CODES as readonly (string | undefined)[]).includes(code)
