import type { PayloadAction, WithSlice } from '@reduxjs/toolkit'
import type { SupabaseClient } from '@supabase/supabase-js'
import { createAppSlice } from '@/app/store/createAppSlice'
import { rootReducer } from '@/app/store/store'
import {
  ACCESS_DENIED_MESSAGE,
  displayName,
  EXPIRING_SOON_MS,
  INACTIVITY_TIMEOUT_MS,
  LOGIN_SUCCESS_DESCRIPTION,
  LOGOUT_DESCRIPTION,
  MAX_FAILED_ATTEMPTS,
  PROFILE_FETCH_TIMEOUT_MS,
  SECURITY_EVENTS_LIMIT,
  SESSION_REFRESHED_DESCRIPTION,
  SESSION_TIMEOUT_DESCRIPTION,
} from './authRules'
import {
  loadAccountActivity,
  loadProfile,
  securityEvent,
  storeSecurityEvent,
  toSignedInAs,
  withTimeout,
} from './authService'
import type {
  AuthClock,
  AuthEvent,
  AuthPhase,
  LoginHistoryEntry,
  Profile,
  ProfileSource,
  SecurityEvent,
  SignedInAs,
  SignOutReason,
  StaffUser,
} from './types'

/** The one client of this store, or the promise of it while /api/config is on its way. */
export type ClientRef = SupabaseClient | Promise<SupabaseClient>

/** What every call to the auth service needs: the client, the time, and who is calling. */
export type AuthDeps = { client: ClientRef; clock: AuthClock; userAgent: string }

export type AuthState = {
  /** spec.md §4: loading, then anonymous or signed in. */
  status: 'loading' | 'anonymous' | 'signedIn'
  lastEvent: AuthEvent | null
  /** Loading went on for too long, or the auth service could not be reached. */
  stalled: boolean
  /** Why the auth service could not be reached, when it could not. */
  unavailable: string | null
  session: SignedInAs['session'] | null
  user: StaffUser | null
  profile: Profile | null
  profileStatus: 'idle' | 'loading' | 'ready' | 'failed'
  profileSource: ProfileSource | null
  profileError: string | null
  /** The profile request whose answer counts; an answer to an older one is dropped. */
  profileRequestId: string | null
  signIn: { pending: boolean; error: string | null; failedAttempts: number; locked: boolean }
  signingOut: boolean
  signedOutBy: SignOutReason | null
  refreshing: boolean
  refreshError: string | null
  /** Clock time of the last mouse down, mouse move, key press, scroll or touch start. */
  lastActivityAt: number
  /** Clock time of the last inactivity check. */
  checkedAt: number
  loginHistory: LoginHistoryEntry[]
  /** The signed-in user's security events, newest first, at most 20 (spec.md §9). */
  securityEvents: SecurityEvent[]
}

export const initialAuthState: AuthState = {
  status: 'loading',
  lastEvent: null,
  stalled: false,
  unavailable: null,
  session: null,
  user: null,
  profile: null,
  profileStatus: 'idle',
  profileSource: null,
  profileError: null,
  profileRequestId: null,
  signIn: { pending: false, error: null, failedAttempts: 0, locked: false },
  signingOut: false,
  signedOutBy: null,
  refreshing: false,
  refreshError: null,
  lastActivityAt: 0,
  checkedAt: 0,
  loginHistory: [],
  securityEvents: [],
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

function applySignedIn(state: AuthState, { session, user }: SignedInAs, at: number) {
  const newUser = state.user?.id !== user.id
  state.status = 'signedIn'
  state.session = session
  state.user = user
  state.stalled = false
  state.unavailable = null
  state.signingOut = false
  state.signedOutBy = null
  if (newUser) {
    state.profile = null
    state.profileStatus = 'idle'
    state.profileSource = null
    state.profileError = null
    state.profileRequestId = null
    state.loginHistory = []
    state.securityEvents = []
    // Signing in is activity: the 30 minutes start now.
    state.lastActivityAt = at
    state.checkedAt = at
  }
}

function applySignedOut(state: AuthState) {
  state.status = 'anonymous'
  state.stalled = false
  state.unavailable = null
  state.session = null
  state.user = null
  state.profile = null
  state.profileStatus = 'idle'
  state.profileSource = null
  state.profileError = null
  state.profileRequestId = null
  state.signingOut = false
  state.refreshing = false
  state.loginHistory = []
  state.securityEvents = []
}

const isLoading = (state: AuthState) =>
  state.status === 'loading' ||
  (state.status === 'signedIn' &&
    (state.profileStatus === 'idle' || state.profileStatus === 'loading'))

const timeLeftMs = (state: AuthState) =>
  Math.max(0, INACTIVITY_TIMEOUT_MS - Math.max(0, state.checkedAt - state.lastActivityAt))

const sliceOf = (state: unknown) => (state as { auth?: AuthState }).auth ?? initialAuthState

/** `attempt`: the auth service refused the credentials, which counts towards the lock. */
type Failure = { message: string; locked?: boolean; attempt?: boolean }

export type SignInArg = AuthDeps & { email: string; password: string }
export type SignOutArg = AuthDeps & { reason: SignOutReason }
export type ProfileArg = AuthDeps & { user: StaffUser }
export type AccountActivityArg = AuthDeps & { userId: string }

export const SERVICE_UNAVAILABLE_MESSAGE =
  'The sign-in service cannot be reached. Try again in a moment.'

export const authSlice = createAppSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: (create) => {
    const thunk = create.asyncThunk.withTypes<{ rejectValue: Failure }>()
    return {
      authStarted: create.reducer((state, { payload }: PayloadAction<{ at: number }>) => {
        if (state.status === 'signedIn') return
        state.lastActivityAt = payload.at
        state.checkedAt = payload.at
      }),
      /** Every event of onAuthStateChange (spec.md §4). */
      authChanged: create.reducer(
        (
          state,
          { payload }: PayloadAction<{ event: AuthEvent; signedIn: SignedInAs | null; at: number }>,
        ) => {
          state.lastEvent = payload.event
          if (payload.event === 'SIGNED_OUT') applySignedOut(state)
          else if (payload.signedIn) applySignedIn(state, payload.signedIn, payload.at)
          // Only the first event says "nobody" without signing out.
          else if (payload.event === 'INITIAL_SESSION') applySignedOut(state)
        },
      ),
      /** The session check at start (getSession). */
      sessionChecked: create.reducer(
        (state, { payload }: PayloadAction<{ signedIn: SignedInAs | null; at: number }>) => {
          if (payload.signedIn) applySignedIn(state, payload.signedIn, payload.at)
          else if (state.status !== 'anonymous') applySignedOut(state)
        },
      ),
      authStalled: create.reducer((state) => {
        if (isLoading(state)) state.stalled = true
      }),
      authUnavailable: create.reducer((state, { payload }: PayloadAction<{ message: string }>) => {
        if (state.status !== 'loading') return
        state.unavailable = payload.message
        state.stalled = true
      }),
      authRetried: create.reducer((state) => {
        state.stalled = false
        state.unavailable = null
        if (
          state.status === 'signedIn' &&
          (state.profileStatus === 'loading' || state.profileStatus === 'failed')
        ) {
          state.profileStatus = 'idle'
          state.profileRequestId = null
          state.profileError = null
        }
      }),
      activityRecorded: create.reducer((state, { payload }: PayloadAction<{ at: number }>) => {
        state.lastActivityAt = Math.max(state.lastActivityAt, payload.at)
      }),
      inactivityChecked: create.reducer((state, { payload }: PayloadAction<{ at: number }>) => {
        state.checkedAt = payload.at
      }),

      signInSubmitted: thunk(
        async (
          { client, clock, userAgent, email, password }: SignInArg,
          { getState, rejectWithValue },
        ) => {
          // spec.md §4: more than 3 failed attempts block the form; the service is not asked.
          if (sliceOf(getState()).signIn.failedAttempts >= MAX_FAILED_ATTEMPTS) {
            return rejectWithValue({ message: ACCESS_DENIED_MESSAGE, locked: true })
          }
          let resolved: SupabaseClient
          try {
            resolved = await client
          } catch {
            return rejectWithValue({ message: SERVICE_UNAVAILABLE_MESSAGE })
          }
          const { data, error } = await resolved.auth.signInWithPassword({ email, password })
          const signedIn = toSignedInAs(data.session)
          if (error || !signedIn) {
            const message = error?.message || 'Sign-in failed'
            // No LOGIN_FAILED insert: with no session, row-level security would refuse it. The
            // embedded auth server stores it itself for an existing account (with the real
            // address); a hosted project keeps failed sign-ins in its own audit log instead.
            // A refusal counts towards the lock; a network failure or an outage does not.
            const status = error?.status ?? 0
            return rejectWithValue({ message, attempt: status >= 400 && status < 500 })
          }
          const event = securityEvent(
            signedIn.user.id,
            'LOGIN_SUCCESS',
            LOGIN_SUCCESS_DESCRIPTION,
            userAgent,
            clock.now(),
          )
          void storeSecurityEvent(resolved, event, signedIn.session.accessToken)
          return { signedIn, event, at: clock.now() }
        },
        {
          pending: (state) => {
            state.signIn.pending = true
            state.signIn.error = null
            state.signedOutBy = null
          },
          fulfilled: (state, { payload }) => {
            state.signIn = { pending: false, error: null, failedAttempts: 0, locked: false }
            applySignedIn(state, payload.signedIn, payload.at)
            state.securityEvents = mergeEvents(state.securityEvents, [payload.event])
          },
          rejected: (state, { payload, error }) => {
            state.signIn.pending = false
            if (payload?.locked) {
              state.signIn.locked = true
              state.signIn.error = payload.message
              return
            }
            if (payload?.attempt) state.signIn.failedAttempts += 1
            state.signIn.error = payload?.message ?? error.message ?? 'Sign-in failed'
          },
        },
      ),

      /** Logout, or the end of an inactive session: logged first, then signed out. */
      signOutRequested: thunk(
        async ({ client, clock, userAgent, reason }: SignOutArg, { getState }) => {
          const { user, session } = sliceOf(getState())
          const resolved = await client
          if (user) {
            const event =
              reason === 'timeout'
                ? securityEvent(
                    user.id,
                    'SESSION_TIMEOUT',
                    SESSION_TIMEOUT_DESCRIPTION,
                    userAgent,
                    clock.now(),
                  )
                : securityEvent(user.id, 'LOGOUT', LOGOUT_DESCRIPTION, userAgent, clock.now())
            // Stored before signing out: the server refuses the token once its session ends. A
            // store that does not answer within the profile time-out is given up, not waited on.
            await withTimeout(clock, PROFILE_FETCH_TIMEOUT_MS, () =>
              storeSecurityEvent(resolved, event, session?.accessToken ?? null),
            )
          }
          // This device only: the server ends this session; other devices keep theirs.
          await resolved.auth.signOut({ scope: 'local' })
        },
        {
          pending: (state, { meta }) => {
            state.signingOut = true
            state.signedOutBy = meta.arg.reason
          },
          settled: (state) => {
            applySignedOut(state)
          },
        },
      ),

      /** spec.md §4: fetched within 3 s, else created, else the default viewer profile. */
      profileRequested: thunk(
        async ({ client, clock, user }: ProfileArg, { rejectWithValue }) => {
          const result = await loadProfile(await client, clock, user)
          return 'failed' in result ? rejectWithValue(result.failed) : result
        },
        {
          pending: (state, { meta }) => {
            state.profileStatus = 'loading'
            state.profileRequestId = meta.requestId
            state.profileError = null
          },
          fulfilled: (state, { payload, meta }) => {
            if (meta.requestId !== state.profileRequestId) return
            state.profile = payload.profile
            state.profileSource = payload.source
            state.profileStatus = 'ready'
          },
          rejected: (state, { payload, error, meta }) => {
            if (meta.requestId !== state.profileRequestId) return
            state.profileStatus = 'failed'
            state.profileError = payload?.message ?? error.message ?? 'Unknown error'
          },
        },
      ),

      /** The signed-in user's 10 newest sign-ins and 20 newest security events. */
      accountActivityRequested: thunk(
        async ({ client, userId }: AccountActivityArg) => ({
          userId,
          ...(await loadAccountActivity(await client, userId)),
        }),
        {
          fulfilled: (state, { payload }) => {
            if (state.user?.id !== payload.userId) return
            if (payload.loginHistory) state.loginHistory = payload.loginHistory
            if (payload.securityEvents) {
              state.securityEvents = mergeEvents(state.securityEvents, payload.securityEvents)
            }
          },
        },
      ),

      /** A manual refresh of the session's tokens, logged as SESSION_REFRESHED. */
      sessionRefreshRequested: thunk(
        async ({ client, clock, userAgent }: AuthDeps, { rejectWithValue }) => {
          const resolved = await client
          const { data, error } = await resolved.auth.refreshSession()
          const signedIn = toSignedInAs(data.session)
          if (error || !signedIn) {
            return rejectWithValue({
              message: error?.message ?? 'The session could not be refreshed',
            })
          }
          const event = securityEvent(
            signedIn.user.id,
            'SESSION_REFRESHED',
            SESSION_REFRESHED_DESCRIPTION,
            userAgent,
            clock.now(),
          )
          void storeSecurityEvent(resolved, event, signedIn.session.accessToken)
          return { signedIn, event, at: clock.now() }
        },
        {
          pending: (state) => {
            state.refreshing = true
            state.refreshError = null
          },
          fulfilled: (state, { payload }) => {
            state.refreshing = false
            if (state.status !== 'signedIn') return
            applySignedIn(state, payload.signedIn, payload.at)
            state.securityEvents = mergeEvents(state.securityEvents, [payload.event])
          },
          rejected: (state, { payload, error }) => {
            state.refreshing = false
            state.refreshError = payload?.message ?? error.message ?? 'Unknown error'
          },
        },
      ),
    }
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    /** The one view a staff screen shows (spec.md §2 Staff dashboard). */
    selectAuthPhase: (state): AuthPhase => {
      if (state.status === 'anonymous') return 'anonymous'
      if (state.status === 'signedIn' && state.profileStatus === 'ready') return 'ready'
      if (state.status === 'signedIn' && state.profileStatus === 'failed') return 'profileNotFound'
      return state.stalled ? 'stuck' : 'loading'
    },
    selectLastAuthEvent: (state) => state.lastEvent,
    selectAuthUnavailable: (state) => state.unavailable,
    selectSignInState: (state) => state.signIn,
    selectSession: (state) => state.session,
    selectAccessToken: (state) => state.session?.accessToken ?? null,
    selectAuthUser: (state) => state.user,
    selectProfile: (state) => state.profile,
    selectProfileSource: (state) => state.profileSource,
    selectProfileError: (state) => state.profileError,
    selectProfileStatus: (state) => state.profileStatus,
    /** The welcome line's name: the profile's full name, or the email. */
    selectDisplayName: (state) =>
      state.profile ? displayName(state.profile) : (state.user?.email ?? null),
    selectSignedOutBy: (state) => state.signedOutBy,
    selectIsSigningOut: (state) => state.signingOut,
    selectIsRefreshing: (state) => state.refreshing,
    selectSessionTimeLeftMs: timeLeftMs,
    /** spec.md §4: under 5 minutes of the 30 left. */
    selectIsExpiringSoon: (state) =>
      state.status === 'signedIn' && timeLeftMs(state) < EXPIRING_SOON_MS,
    /** 30 minutes without activity at the last check. */
    selectIsInactive: (state) => state.status === 'signedIn' && timeLeftMs(state) === 0,
    selectLoginHistory: (state) => state.loginHistory,
    selectSecurityEvents: (state) => state.securityEvents,
  },
})

declare module '@/app/store/store' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof authSlice> {}
}

const injected = authSlice.injectInto(rootReducer)

export const {
  authStarted,
  authChanged,
  sessionChecked,
  authStalled,
  authUnavailable,
  authRetried,
  activityRecorded,
  inactivityChecked,
  signInSubmitted,
  signOutRequested,
  profileRequested,
  accountActivityRequested,
  sessionRefreshRequested,
} = authSlice.actions

export const {
  selectAuthStatus,
  selectAuthPhase,
  selectLastAuthEvent,
  selectAuthUnavailable,
  selectSignInState,
  selectSession,
  selectAccessToken,
  selectAuthUser,
  selectProfile,
  selectProfileSource,
  selectProfileError,
  selectProfileStatus,
  selectDisplayName,
  selectSignedOutBy,
  selectIsSigningOut,
  selectIsRefreshing,
  selectSessionTimeLeftMs,
  selectIsExpiringSoon,
  selectIsInactive,
  selectLoginHistory,
  selectSecurityEvents,
} = injected.selectors
