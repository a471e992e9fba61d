/** The staff side's entities, as the auth feature uses them. */
export type Role = 'admin' | 'user' | 'viewer'

/** A row of `profiles`. */
export type Profile = {
  id: string
  email: string
  full_name: string
  role: Role
  permissions: string[]
  preferences: Record<string, unknown>
}

/** Where the profile in use came from: fetched, else created, else the default. */
export type ProfileSource = 'fetched' | 'created' | 'default'

/** The parts of a supabase-js session the screens need; the refresh token stays in the client. */
export type StaffSession = {
  accessToken: string
  tokenType: string
  /** Seconds the access token lives. */
  expiresIn: number
  /** Unix seconds when the access token expires. */
  expiresAt: number
}

export type StaffUser = {
  id: string
  email: string
  /** The sign-in metadata (`user_metadata`), where a full name may be. */
  metadata: Record<string, unknown>
}

/** What an auth event or the start-up check says: a session and its user, or nobody. */
export type SignedInAs = { session: StaffSession; user: StaffUser }

/** The events of `onAuthStateChange`. */
export const AUTH_EVENTS = [
  'INITIAL_SESSION',
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  'MFA_CHALLENGE_VERIFIED',
] as const
export type AuthEvent = (typeof AUTH_EVENTS)[number]

export type SecurityEventType =
  | 'LOGIN_SUCCESS'
  | 'LOGIN_FAILED'
  | 'LOGIN_THROTTLED'
  | 'LOGOUT'
  | 'SESSION_REFRESHED'
  | 'SESSION_TIMEOUT'

/**
 * A row of `security_events`. The browser stores those of a signed-in user; LOGIN_FAILED
 * comes from the embedded auth server, which knows the account.
 */
export type SecurityEvent = {
  user_id: string
  event_type: SecurityEventType
  description: string
  ip_address: string
  user_agent: string
  timestamp: string
}

/** A row of `login_history`, written by the auth server at each successful sign-in. */
export type LoginHistoryEntry = {
  user_id: string
  created_at: string
  ip_address?: string | null
  user_agent?: string | null
}

/** What the staff screens show: one of these at a time. */
export type AuthPhase = 'loading' | 'stuck' | 'anonymous' | 'profileNotFound' | 'ready'

/** Why the last session ended, for the login screen to say. */
export type SignOutReason = 'logout' | 'timeout'

/**
 * Time for the session rules: what time it is, a repeating timer and a one-off timer. The app
 * uses the system clock; tests and stories pass one that moves only when told.
 */
export type AuthClock = {
  now: () => number
  /** Calls back every `ms`; returns the function that stops it. */
  every: (ms: number, callback: () => void) => () => void
  /** Calls back once after `ms`; returns the function that cancels it. */
  after: (ms: number, callback: () => void) => () => void
}

/** What the login page's bot guard reads about the browser. */
export type BotSignals = {
  userAgent: string
  /** Whether the browser has what every real browser has (storage, event listeners). */
  hasBrowserFeatures: boolean
}
