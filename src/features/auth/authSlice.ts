import type { PayloadAction, WithSlice } from '@reduxjs/toolkit'
import { createAppSlice } from '@/lib/store/createAppSlice'
import { rootReducer } from '@/lib/store/store'
import { EXPIRING_SOON_MS, INACTIVITY_TIMEOUT_MS } from './authRules'
import type { AuthEvent, SignedInAs, SignOutReason, StaffUser } from './types'

// The staff session as the screens follow it. The profile, sign-ins and security events are server
// data (authApi.ts); the calls that move the session are thunks (staffAuth.ts).

export type AuthState = {
  /** Loading, then anonymous or signed in. */
  status: 'loading' | 'anonymous' | 'signedIn'
  lastEvent: AuthEvent | null
  /** Loading went on for too long, or the auth service could not be reached. */
  stalled: boolean
  /** Why the auth service could not be reached, when it could not. */
  unavailable: string | null
  session: SignedInAs['session'] | null
  user: StaffUser | null
  signIn: { pending: boolean; error: string | null; failedAttempts: number; locked: boolean }
  signingOut: boolean
  signedOutBy: SignOutReason | null
  refreshing: boolean
  refreshError: string | null
  /** Clock time of the last mouse down, mouse move, key press, scroll or touch start. */
  lastActivityAt: number
  /** Clock time of the last inactivity check. */
  checkedAt: number
}

export const initialAuthState: AuthState = {
  status: 'loading',
  lastEvent: null,
  stalled: false,
  unavailable: null,
  session: null,
  user: null,
  signIn: { pending: false, error: null, failedAttempts: 0, locked: false },
  signingOut: false,
  signedOutBy: null,
  refreshing: false,
  refreshError: null,
  lastActivityAt: 0,
  checkedAt: 0,
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
  state.signingOut = false
  state.refreshing = false
}

const timeLeftMs = (state: AuthState) =>
  Math.max(0, INACTIVITY_TIMEOUT_MS - Math.max(0, state.checkedAt - state.lastActivityAt))

/** `attempt`: the auth service refused the credentials, which counts towards the lock. */
export type SignInFailure = { message: string; locked?: boolean; attempt?: boolean }

export const authSlice = createAppSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: (create) => ({
    authStarted: create.reducer((state, { payload }: PayloadAction<{ at: number }>) => {
      if (state.status === 'signedIn') return
      state.lastActivityAt = payload.at
      state.checkedAt = payload.at
    }),
    /** Every event of onAuthStateChange. */
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
    /** Loading has gone on too long (useStaffAuth times it while the phase is loading). */
    authStalled: create.reducer((state) => {
      if (state.status !== 'anonymous') state.stalled = true
    }),
    authUnavailable: create.reducer((state, { payload }: PayloadAction<{ message: string }>) => {
      if (state.status !== 'loading') return
      state.unavailable = payload.message
      state.stalled = true
    }),
    authRetried: create.reducer((state) => {
      state.stalled = false
      state.unavailable = null
    }),
    activityRecorded: create.reducer((state, { payload }: PayloadAction<{ at: number }>) => {
      state.lastActivityAt = Math.max(state.lastActivityAt, payload.at)
    }),
    inactivityChecked: create.reducer((state, { payload }: PayloadAction<{ at: number }>) => {
      state.checkedAt = payload.at
    }),

    signInSubmitted: create.reducer((state) => {
      state.signIn.pending = true
      state.signIn.error = null
      state.signedOutBy = null
    }),
    signInSucceeded: create.reducer(
      (state, { payload }: PayloadAction<{ signedIn: SignedInAs; at: number }>) => {
        state.signIn = { pending: false, error: null, failedAttempts: 0, locked: false }
        applySignedIn(state, payload.signedIn, payload.at)
      },
    ),
    signInFailed: create.reducer((state, { payload }: PayloadAction<SignInFailure>) => {
      state.signIn.pending = false
      state.signIn.error = payload.message
      if (payload.locked) state.signIn.locked = true
      else if (payload.attempt) state.signIn.failedAttempts += 1
    }),

    /** Logout, or the end of an inactive session: logged first, then signed out. */
    signOutStarted: create.reducer(
      (state, { payload }: PayloadAction<{ reason: SignOutReason }>) => {
        state.signingOut = true
        state.signedOutBy = payload.reason
      },
    ),
    signOutFinished: create.reducer((state) => {
      applySignedOut(state)
    }),

    /** A manual refresh of the session's tokens ('Stay signed in'). */
    sessionRefreshStarted: create.reducer((state) => {
      state.refreshing = true
      state.refreshError = null
    }),
    sessionRefreshed: create.reducer(
      (state, { payload }: PayloadAction<{ signedIn: SignedInAs; at: number }>) => {
        state.refreshing = false
        if (state.status !== 'signedIn') return
        applySignedIn(state, payload.signedIn, payload.at)
      },
    ),
    sessionRefreshFailed: create.reducer(
      (state, { payload }: PayloadAction<{ message: string }>) => {
        state.refreshing = false
        state.refreshError = payload.message
      },
    ),
  }),
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectAuthStalled: (state) => state.stalled,
    selectLastAuthEvent: (state) => state.lastEvent,
    selectAuthUnavailable: (state) => state.unavailable,
    selectSignInState: (state) => state.signIn,
    selectSession: (state) => state.session,
    selectAccessToken: (state) => state.session?.accessToken ?? null,
    selectAuthUser: (state) => state.user,
    selectSignedOutBy: (state) => state.signedOutBy,
    selectIsSigningOut: (state) => state.signingOut,
    selectIsRefreshing: (state) => state.refreshing,
    selectSessionTimeLeftMs: timeLeftMs,
    /** Under 5 minutes of the 30 left. */
    selectIsExpiringSoon: (state) =>
      state.status === 'signedIn' && timeLeftMs(state) < EXPIRING_SOON_MS,
    /** 30 minutes without activity at the last check. */
    selectIsInactive: (state) => state.status === 'signedIn' && timeLeftMs(state) === 0,
  },
})

declare module '@/lib/store/store' {
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
  signInSucceeded,
  signInFailed,
  signOutStarted,
  signOutFinished,
  sessionRefreshStarted,
  sessionRefreshed,
  sessionRefreshFailed,
} = authSlice.actions

export const {
  selectAuthStatus,
  selectAuthStalled,
  selectLastAuthEvent,
  selectAuthUnavailable,
  selectSignInState,
  selectSession,
  selectAccessToken,
  selectAuthUser,
  selectSignedOutBy,
  selectIsSigningOut,
  selectIsRefreshing,
  selectSessionTimeLeftMs,
  selectIsExpiringSoon,
  selectIsInactive,
} = injected.selectors
