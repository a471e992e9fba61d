/** Roles, permissions, helper rules, the bot guard and session constants (docs/auth.md). */
import type { BotSignals, Profile, Role } from './types'

export const INACTIVITY_TIMEOUT_MS = 1_800_000
export const INACTIVITY_CHECK_MS = 60_000
export const EXPIRING_SOON_MS = 5 * 60_000
export const PROFILE_FETCH_TIMEOUT_MS = 3_000
export const LOGIN_HISTORY_LIMIT = 10
export const SECURITY_EVENTS_LIMIT = 20
export const DEFAULT_PERMISSIONS = ['view_projects', 'view_analytics']
/** How long the session check may take before the dashboard says it is taking too long. */
export const AUTH_STUCK_MS = 10_000
/** Activity is recorded at most this often: a moving mouse fires many events a second. */
export const ACTIVITY_THROTTLE_MS = 1_000
/** What counts as activity (key press as `keydown`, which every key fires). */
export const ACTIVITY_EVENTS = [
  'mousedown',
  'mousemove',
  'keydown',
  'scroll',
  'touchstart',
] as const

/** The fixed placeholder sent as a security event's address; the server stores the one it saw. */
export const SECURITY_EVENT_IP = '127.0.0.1'
export const LOGIN_SUCCESS_DESCRIPTION = 'User logged in successfully'
export const LOGOUT_DESCRIPTION = 'User logged out'
export const SESSION_REFRESHED_DESCRIPTION = 'Session refreshed'
export const SESSION_TIMEOUT_DESCRIPTION = 'Session expired due to inactivity'

/** A user agent containing any of these is a bot's. */
export const BOT_USER_AGENT_FRAGMENTS = [
  'bot',
  'crawler',
  'spider',
  'curl',
  'wget',
  'python',
  'java',
  'php',
  'selenium',
  'headless',
  'test',
] as const
/** More than this many failed attempts block the form. */
export const MAX_FAILED_ATTEMPTS = 3
/** A blocked bot is sent to /404 after this long. */
export const BOT_REDIRECT_MS = 1_000
/** A click or key press sooner than this after the page loads is a bot's. */
export const EARLY_INTERACTION_MS = 1_000
/** The text a locked form shows. */
export const ACCESS_DENIED_MESSAGE = 'Access denied'
/** The sign-in form's message when /api/config or the auth server cannot be reached. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'The sign-in service cannot be reached. Try again in a moment.'

/** Why the bot guard blocks a visit, or null for a person. */
export type BotVerdict = 'userAgent' | 'browserFeatures' | null

export function botVerdict({ userAgent, hasBrowserFeatures }: BotSignals): BotVerdict {
  const agent = userAgent.toLowerCase()
  if (BOT_USER_AGENT_FRAGMENTS.some((fragment) => agent.includes(fragment))) return 'userAgent'
  return hasBrowserFeatures ? null : 'browserFeatures'
}

/** A click or key press this soon after the page loaded is no person's. */
export const isEarlyInteraction = (loadedAt: number, at: number) =>
  at - loadedAt < EARLY_INTERACTION_MS

/** The signals of the running browser: its user agent and the features every browser has. */
export function readBotSignals(): BotSignals {
  const scope = globalThis as Partial<Window & typeof globalThis>
  return {
    userAgent: scope.navigator?.userAgent ?? '',
    hasBrowserFeatures:
      'localStorage' in scope && 'sessionStorage' in scope && 'addEventListener' in scope,
  }
}

export const hasPermission = (profile: Profile | null, permission: string) =>
  Boolean(
    profile && (profile.permissions.includes('*') || profile.permissions.includes(permission)),
  )

export const hasRole = (profile: Profile | null, roles: readonly Role[]) =>
  Boolean(profile && roles.includes(profile.role))

export const isAdmin = (profile: Profile | null) => hasRole(profile, ['admin'])
export const isUser = (profile: Profile | null) => hasRole(profile, ['user'])
export const isViewer = (profile: Profile | null) => hasRole(profile, ['viewer'])

/** At least 8 characters with an upper-case letter, a lower-case letter, a digit and a special one. */
export const isStrongPassword = (password: string) =>
  password.length >= 8 &&
  /[A-Z]/.test(password) &&
  /[a-z]/.test(password) &&
  /\d/.test(password) &&
  /[^A-Za-z0-9]/.test(password)

/** name@domain.tld, no spaces. */
export const isEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)

/** The sign-in metadata's name, else the part of the email before the @, else 'User'. */
export function profileName(email: string | undefined, metadata?: Record<string, unknown>) {
  const fromMetadata = metadata?.full_name
  if (typeof fromMetadata === 'string' && fromMetadata.trim()) return fromMetadata.trim()
  const local = email?.split('@')[0]
  return local ? local : 'User'
}

/** The name the dashboard greets: the profile's full name, or the email when there is none. */
export const displayName = (profile: Pick<Profile, 'full_name' | 'email'>) =>
  profile.full_name.trim() || profile.email

/** The viewer profile used when none can be fetched or created. */
export const defaultProfile = (
  id: string,
  email: string,
  metadata?: Record<string, unknown>,
): Profile => ({
  id,
  email,
  full_name: profileName(email, metadata),
  role: 'viewer',
  permissions: [...DEFAULT_PERMISSIONS],
  preferences: {},
})
