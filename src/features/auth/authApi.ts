// The staff member's own rows (profile, sign-ins, security events) through RTK Query. The
// transport is the store's supabase-js client, so the requests are those of the table API.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import type { SupabaseClient } from '@supabase/supabase-js'
import { baseApi, type StoreExtra } from '@/lib/store/baseApi'
import type { RootState } from '@/lib/store/store'
import { displayName, SECURITY_EVENTS_LIMIT } from './authRules'
import {
  loadLoginHistory,
  loadProfile,
  loadSecurityEvents,
  storeSecurityEvent,
} from './authService'
import { selectAuthStalled, selectAuthStatus, selectAuthUser } from './authSlice'
import { storeAuthOf } from './storeAuth'
import type {
  AuthPhase,
  LoginHistoryEntry,
  Profile,
  ProfileSource,
  SecurityEvent,
  StaffUser,
} from './types'

export type StaffProfile = { profile: Profile; source: ProfileSource }

/** What a failed table call says, as the screens show it. */
const failure = (message: string): { error: FetchBaseQueryError } => ({
  error: { status: 'CUSTOM_ERROR', error: message },
})

/** Runs a call on the store's client; anything thrown becomes a failure with its message. */
async function onClient<T>(
  extra: unknown,
  call: (client: SupabaseClient) => Promise<T | { failed: { message: string } }>,
): Promise<{ data: T } | { error: FetchBaseQueryError }> {
  const { client } = storeAuthOf(extra as StoreExtra)
  if (!client) return failure('The sign-in service is not connected')
  try {
    const result = await call(client)
    if (result && typeof result === 'object' && 'failed' in result) {
      return failure(result.failed.message)
    }
    return { data: result as T }
  } catch (error) {
    return failure(error instanceof Error ? error.message : String(error))
  }
}

/** Newest first, one of each, at most 20: what was loaded and what was logged here since. */
function mergeEvents(current: SecurityEvent[], added: SecurityEvent[]) {
  const key = (event: SecurityEvent) => `${event.event_type}|${Date.parse(event.timestamp)}`
  const seen = new Set<string>()
  return [...added, ...current]
    .filter((event) => {
      if (seen.has(key(event))) return false
      seen.add(key(event))
      return true
    })
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))
    .slice(0, SECURITY_EVENTS_LIMIT)
}

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Fetched within 3 s, else created, else the default viewer profile (docs/auth.md). */
    getStaffProfile: build.query<StaffProfile, StaffUser>({
      queryFn: (user, { extra }) =>
        onClient(extra, (client) =>
          loadProfile(client, storeAuthOf(extra as StoreExtra).services.clock, user),
        ),
      // One entry per user: new sign-in metadata (USER_UPDATED) keeps the profile.
      serializeQueryArgs: ({ queryArgs }) => ({ userId: queryArgs.id }),
      // Kept while its user is signed in, gone once nobody watches it.
      keepUnusedDataFor: 0,
    }),
    /** The user's 10 newest sign-ins. */
    getLoginHistory: build.query<LoginHistoryEntry[], string>({
      queryFn: (userId, { extra }) => onClient(extra, (client) => loadLoginHistory(client, userId)),
      keepUnusedDataFor: 0,
    }),
    /** The user's 20 newest security events. */
    getSecurityEvents: build.query<SecurityEvent[], string>({
      queryFn: (userId, { extra }) =>
        onClient(extra, (client) => loadSecurityEvents(client, userId)),
      keepUnusedDataFor: 0,
    }),
    /**
     * Stores a security event as the session it describes (`token`), so a LOGOUT is stored even
     * though the client forgets the session at once. A failure is ignored (docs/auth.md).
     */
    logSecurityEvent: build.mutation<null, { event: SecurityEvent; token: string | null }>({
      queryFn: ({ event, token }, { extra }) =>
        onClient<null>(extra, (client) =>
          storeSecurityEvent(client, event, token).then(() => null),
        ),
      // The user's list takes the event as written, without asking the server again: a list on
      // its way may predate the event, so it joins once that list is here.
      onQueryStarted: async ({ event }, { dispatch }) => {
        const running = dispatch(
          authApi.util.getRunningQueryThunk('getSecurityEvents', event.user_id),
        )
        if (running) await running
        dispatch(
          authApi.util.updateQueryData('getSecurityEvents', event.user_id, (events) =>
            mergeEvents(events, [event]),
          ),
        )
      },
    }),
  }),
})

const noRows: never[] = []

const selectProfileEntry = (state: RootState) => {
  const user = selectAuthUser(state)
  return user ? authApi.endpoints.getStaffProfile.select(user)(state) : null
}

/** The one view a staff screen shows: loading, stuck, anonymous, Profile Not Found or ready. */
export const selectAuthPhase = (state: RootState): AuthPhase => {
  const status = selectAuthStatus(state)
  if (status === 'anonymous') return 'anonymous'
  const profile = status === 'signedIn' ? selectProfileEntry(state) : null
  if (profile?.status === 'rejected') return 'profileNotFound'
  if (profile?.data) return 'ready'
  return selectAuthStalled(state) ? 'stuck' : 'loading'
}

export const selectProfile = (state: RootState) => selectProfileEntry(state)?.data?.profile ?? null

export const selectProfileSource = (state: RootState) =>
  selectProfileEntry(state)?.data?.source ?? null

/** Why the profile could not be loaded, while it could not. */
export const selectProfileError = (state: RootState) => {
  const entry = selectProfileEntry(state)
  if (entry?.status !== 'rejected') return null
  const { error } = entry
  if (error && 'error' in error) return error.error
  return (error && 'message' in error && error.message) || 'Unknown error'
}

/** The welcome line's name: the profile's full name, or the email. */
export const selectDisplayName = (state: RootState) => {
  const profile = selectProfile(state)
  return profile ? displayName(profile) : (selectAuthUser(state)?.email ?? null)
}

/** The signed-in user's sign-ins, newest first; none for nobody. */
export const selectLoginHistory = (state: RootState): LoginHistoryEntry[] => {
  const user = selectAuthUser(state)
  return (user && authApi.endpoints.getLoginHistory.select(user.id)(state).data) || noRows
}

/** The signed-in user's security events, newest first, at most 20; none for nobody. */
export const selectSecurityEvents = (state: RootState): SecurityEvent[] => {
  const user = selectAuthUser(state)
  return (user && authApi.endpoints.getSecurityEvents.select(user.id)(state).data) || noRows
}
