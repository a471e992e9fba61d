// Supabase sessions and rows as the staff side uses them, and the table calls behind authApi.ts.
import type { Session, SupabaseClient } from '@supabase/supabase-js'
import {
  DEFAULT_PERMISSIONS,
  defaultProfile,
  LOGIN_HISTORY_LIMIT,
  PROFILE_FETCH_TIMEOUT_MS,
  profileName,
  SECURITY_EVENT_IP,
  SECURITY_EVENTS_LIMIT,
} from './authRules'
import type {
  AuthClock,
  LoginHistoryEntry,
  Profile,
  ProfileSource,
  Role,
  SecurityEvent,
  SecurityEventType,
  SignedInAs,
  StaffUser,
} from './types'

/** A supabase-js session as the store keeps it: no refresh token, which stays in the client. */
export function toSignedInAs(session: Session | null): SignedInAs | null {
  if (!session) return null
  return {
    session: {
      accessToken: session.access_token,
      tokenType: session.token_type,
      expiresIn: session.expires_in,
      expiresAt: session.expires_at ?? 0,
    },
    user: {
      id: session.user.id,
      email: session.user.email ?? '',
      metadata: { ...session.user.user_metadata },
    },
  }
}

const ROLES: readonly Role[] = ['admin', 'user', 'viewer']

/** A `profiles` row as the screens use it; anything unexpected falls back to the safe value. */
function toProfile(row: Record<string, unknown>, user: StaffUser): Profile {
  const role = ROLES.find((item) => item === row.role) ?? 'viewer'
  const preferences = row.preferences
  return {
    id: typeof row.id === 'string' ? row.id : user.id,
    email: typeof row.email === 'string' ? row.email : user.email,
    full_name: typeof row.full_name === 'string' ? row.full_name : '',
    role,
    permissions: Array.isArray(row.permissions)
      ? row.permissions.filter((item): item is string => typeof item === 'string')
      : [],
    preferences:
      preferences && typeof preferences === 'object' && !Array.isArray(preferences)
        ? (preferences as Record<string, unknown>)
        : {},
  }
}

export const securityEvent = (
  userId: string,
  type: SecurityEventType,
  description: string,
  userAgent: string,
  at: number,
): SecurityEvent => ({
  user_id: userId,
  event_type: type,
  description,
  ip_address: SECURITY_EVENT_IP,
  user_agent: userAgent,
  timestamp: new Date(at).toISOString(),
})

/**
 * Stores a security event through the table API, as the session it describes (so a LOGOUT is
 * stored even though the client forgets the session at once). A failure is ignored.
 */
export function storeSecurityEvent(
  client: SupabaseClient,
  event: SecurityEvent,
  token: string | null,
): Promise<void> {
  const insert = client.from('security_events').insert(event)
  if (token) insert.setHeader('Authorization', `Bearer ${token}`)
  return Promise.resolve(insert).then(
    () => undefined,
    () => undefined,
  )
}

type Timed<T> = { kind: 'answered'; result: T } | { kind: 'timedOut' }

/** Runs a request with the clock's time-out; the request is aborted when the time runs out. */
export function withTimeout<T>(
  clock: AuthClock,
  ms: number,
  run: (signal: AbortSignal) => PromiseLike<T>,
): Promise<Timed<T>> {
  const abort = new AbortController()
  return new Promise((resolve, reject) => {
    const cancel = clock.after(ms, () => {
      abort.abort()
      resolve({ kind: 'timedOut' })
    })
    Promise.resolve(run(abort.signal)).then(
      (result) => {
        cancel()
        resolve({ kind: 'answered', result })
      },
      (error: unknown) => {
        cancel()
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

export type ProfileResult =
  { profile: Profile; source: ProfileSource } | { failed: { message: string } }

/** Fetched within 3 s, else created, else the default viewer profile (docs/auth.md). */
export async function loadProfile(
  client: SupabaseClient,
  clock: AuthClock,
  user: StaffUser,
): Promise<ProfileResult> {
  const fetched = await withTimeout(clock, PROFILE_FETCH_TIMEOUT_MS, (signal) =>
    client.from('profiles').select('*').eq('id', user.id).abortSignal(signal).single(),
  )
  if (fetched.kind === 'answered' && !fetched.result.error) {
    return {
      profile: toProfile(fetched.result.data as Record<string, unknown>, user),
      source: 'fetched',
    }
  }
  const missing = fetched.kind === 'timedOut' || fetched.result.error?.code === 'PGRST116'
  if (!missing) return { failed: { message: fetched.result.error?.message ?? 'Unknown error' } }
  const created = await client
    .from('profiles')
    .insert({
      id: user.id,
      email: user.email,
      full_name: profileName(user.email, user.metadata),
      role: 'viewer',
      permissions: [...DEFAULT_PERMISSIONS],
      preferences: {},
    })
    .select()
    .single()
  if (!created.error && created.data) {
    return { profile: toProfile(created.data as Record<string, unknown>, user), source: 'created' }
  }
  return { profile: defaultProfile(user.id, user.email, user.metadata), source: 'default' }
}

type Rows = PromiseLike<{ data: unknown; error: { message: string } | null }>

async function listOf<Row>(request: Rows): Promise<Row[] | { failed: { message: string } }> {
  const { data, error } = await request
  return error ? { failed: { message: error.message } } : (data as Row[])
}

/** The user's 10 newest sign-ins. */
export const loadLoginHistory = (client: SupabaseClient, userId: string) =>
  listOf<LoginHistoryEntry>(
    client
      .from('login_history')
      .select('*')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .limit(LOGIN_HISTORY_LIMIT),
  )

/** The user's 20 newest security events. */
export const loadSecurityEvents = (client: SupabaseClient, userId: string) =>
  listOf<SecurityEvent>(
    client
      .from('security_events')
      .select('*')
      .eq('user_id', userId)
      .order('timestamp', { ascending: false })
      .limit(SECURITY_EVENTS_LIMIT),
  )
