// The staff session's thunks: they connect, follow the client's auth events, sign in and out and
// watch for inactivity, on the services of the store's thunk argument (storeAuth.ts).
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StaffClientConfig } from '@/lib/supabase'
import { configApi } from '@/lib/store/configApi'
import type { AppThunk } from '@/lib/store/store'
import {
  ACCESS_DENIED_MESSAGE,
  ACTIVITY_EVENTS,
  ACTIVITY_THROTTLE_MS,
  INACTIVITY_CHECK_MS,
  LOGIN_SUCCESS_DESCRIPTION,
  LOGOUT_DESCRIPTION,
  MAX_FAILED_ATTEMPTS,
  PROFILE_FETCH_TIMEOUT_MS,
  SERVICE_UNAVAILABLE_MESSAGE,
  SESSION_REFRESHED_DESCRIPTION,
  SESSION_TIMEOUT_DESCRIPTION,
} from './authRules'
import { authApi, selectAuthPhase } from './authApi'
import { securityEvent, toSignedInAs, withTimeout } from './authService'
import {
  activityRecorded,
  authChanged,
  authRetried,
  authStarted,
  authUnavailable,
  inactivityChecked,
  selectAuthStatus,
  selectAuthUser,
  selectIsInactive,
  selectIsSigningOut,
  selectSession,
  selectSignInState,
  sessionChecked,
  sessionRefreshed,
  sessionRefreshFailed,
  sessionRefreshStarted,
  signInFailed,
  signInSubmitted,
  signInSucceeded,
  signOutFinished,
  signOutStarted,
} from './authSlice'
import { storeAuthOf, type AuthServices } from './storeAuth'
import type { SecurityEvent, SignOutReason } from './types'

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The store's auth services, for a screen's own timers (the bot guard, the stuck time-out). */
export const readAuthServices = (): AppThunk<AuthServices> => (_dispatch, _getState, extra) =>
  storeAuthOf(extra).services

/**
 * The signed-in user's profile, sign-ins and security events, subscribed for as long as they are
 * signed in; another user, or nobody, ends the subscriptions.
 */
const watchUser = (): AppThunk => (dispatch, getState, extra) => {
  const auth = storeAuthOf(extra)
  const user = selectAuthUser(getState())
  if (auth.watched && auth.watched.userId === user?.id) return
  auth.watched?.release()
  auth.watched = null
  if (!user) return
  const subscriptions = [
    dispatch(authApi.endpoints.getStaffProfile.initiate(user)),
    dispatch(authApi.endpoints.getLoginHistory.initiate(user.id)),
    dispatch(authApi.endpoints.getSecurityEvents.initiate(user.id)),
  ]
  auth.watched = {
    userId: user.id,
    refetch: () => subscriptions.forEach((subscription) => void subscription.refetch()),
    release: () => subscriptions.forEach((subscription) => subscription.unsubscribe()),
  }
}

/** Stores the event, and shows it in the user's list (authApi's logSecurityEvent). */
const logSecurityEvent = (event: SecurityEvent, token: string | null) =>
  authApi.endpoints.logSecurityEvent.initiate({ event, token }, { track: false })

const checkSession =
  (client: SupabaseClient): AppThunk<Promise<void>> =>
  async (dispatch, _getState, extra) => {
    const { clock } = storeAuthOf(extra).services
    const { data } = await client.auth.getSession()
    dispatch(sessionChecked({ signedIn: toSignedInAs(data.session), at: clock.now() }))
    dispatch(watchUser())
  }

/** Makes the client from the run-time config, follows its auth events and checks the session. */
const open = (): AppThunk<Promise<SupabaseClient>> => async (dispatch, _getState, extra) => {
  const auth = storeAuthOf(extra)
  const { clock } = auth.services
  const request = dispatch(configApi.endpoints.getConfig.initiate())
  let config: StaffClientConfig
  try {
    config = await request.unwrap()
  } finally {
    request.unsubscribe()
  }
  const client = await auth.services.connect(config)
  auth.client = client
  const { data } = client.auth.onAuthStateChange((event, session) => {
    // No awaiting in here: supabase-js waits for its subscribers.
    dispatch(authChanged({ event, signedIn: toSignedInAs(session), at: clock.now() }))
    dispatch(watchUser())
  })
  auth.stops.push(() => data.subscription.unsubscribe())
  await dispatch(checkSession(client))
  return client
}

/** The store's client, connecting first if need be; a failed connection is tried again next time. */
const connect = (): AppThunk<Promise<SupabaseClient>> => (dispatch, _getState, extra) => {
  const auth = storeAuthOf(extra)
  if (!auth.connection) {
    const opening = dispatch(open())
    auth.connection = opening
    opening.catch(() => {
      if (auth.connection === opening) auth.connection = null
      dispatch(authUnavailable({ message: SERVICE_UNAVAILABLE_MESSAGE }))
    })
  }
  return auth.connection
}

/** Logout, or the end of an inactive session: logged first, then signed out. */
export const signOut =
  (reason: SignOutReason = 'logout'): AppThunk<Promise<void>> =>
  async (dispatch, getState, extra) => {
    if (selectIsSigningOut(getState())) return
    const { clock, userAgent } = storeAuthOf(extra).services
    const user = selectAuthUser(getState())
    const token = selectSession(getState())?.accessToken ?? null
    dispatch(signOutStarted({ reason }))
    try {
      const client = await dispatch(connect())
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
          dispatch(logSecurityEvent(event, token)),
        )
      }
      // This device only: the server ends this session; other devices keep theirs.
      await client.auth.signOut({ scope: 'local' })
    } catch {
      // Signed out here all the same: the client is gone with the page.
    } finally {
      dispatch(signOutFinished())
      dispatch(watchUser())
    }
  }

const watchInactivity = (): AppThunk => (dispatch, getState, extra) => {
  const auth = storeAuthOf(extra)
  const { clock, activityTarget } = auth.services
  auth.stops.push(
    clock.every(INACTIVITY_CHECK_MS, () => {
      dispatch(inactivityChecked({ at: clock.now() }))
      if (selectIsInactive(getState())) void dispatch(signOut('timeout'))
    }),
  )
  if (!activityTarget) return
  const onActivity = () => {
    const at = clock.now()
    if (at - auth.activityPassedOnAt < ACTIVITY_THROTTLE_MS) return
    auth.activityPassedOnAt = at
    dispatch(activityRecorded({ at }))
  }
  const options = { capture: true, passive: true }
  for (const type of ACTIVITY_EVENTS) activityTarget.addEventListener(type, onActivity, options)
  auth.stops.push(() => {
    for (const type of ACTIVITY_EVENTS)
      activityTarget.removeEventListener(type, onActivity, options)
  })
}

/** Connects, subscribes to auth events, checks the session and watches for inactivity. Once. */
export const startStaffAuth = (): AppThunk => (dispatch, _getState, extra) => {
  const auth = storeAuthOf(extra)
  if (auth.started) return
  auth.started = true
  dispatch(authStarted({ at: auth.services.clock.now() }))
  void dispatch(connect()).catch(() => undefined)
  dispatch(watchInactivity())
}

/** Ends the subscriptions, timers and listeners (tests; the app keeps them for the page). */
export const stopStaffAuth = (): AppThunk => (_dispatch, _getState, extra) => {
  const auth = storeAuthOf(extra)
  for (const stop of auth.stops.splice(0)) stop()
  auth.watched?.release()
  auth.watched = null
}

/** After a stall or a missing profile: checks the session and loads the profile again. */
export const retryStaffAuth = (): AppThunk => (dispatch, getState, extra) => {
  const auth = storeAuthOf(extra)
  dispatch(authRetried())
  if (selectAuthStatus(getState()) === 'signedIn' && selectAuthPhase(getState()) !== 'ready') {
    auth.watched?.refetch()
  }
  if (!auth.connection) {
    void dispatch(connect()).catch(() => undefined)
    return
  }
  void auth.connection.then((client) => dispatch(checkSession(client))).catch(() => undefined)
}

export const signIn =
  (email: string, password: string): AppThunk<Promise<void>> =>
  async (dispatch, getState, extra) => {
    const { clock, userAgent } = storeAuthOf(extra).services
    dispatch(signInSubmitted())
    // More than 3 failed attempts block the form; the service is not asked.
    if (selectSignInState(getState()).failedAttempts >= MAX_FAILED_ATTEMPTS) {
      dispatch(signInFailed({ message: ACCESS_DENIED_MESSAGE, locked: true }))
      return
    }
    let client: SupabaseClient
    try {
      client = await dispatch(connect())
    } catch {
      dispatch(signInFailed({ message: SERVICE_UNAVAILABLE_MESSAGE }))
      return
    }
    try {
      const { data, error } = await client.auth.signInWithPassword({ email, password })
      const signedIn = toSignedInAs(data.session)
      if (error || !signedIn) {
        // No LOGIN_FAILED insert: with no session, row-level security would refuse it. The
        // embedded auth server stores it itself for an existing account (with the real
        // address); a hosted project keeps failed sign-ins in its own audit log instead.
        // A refusal counts towards the lock; a network failure or an outage does not.
        const status = error?.status ?? 0
        dispatch(
          signInFailed({
            message: error?.message || 'Sign-in failed',
            attempt: status >= 400 && status < 500,
          }),
        )
        return
      }
      const event = securityEvent(
        signedIn.user.id,
        'LOGIN_SUCCESS',
        LOGIN_SUCCESS_DESCRIPTION,
        userAgent,
        clock.now(),
      )
      void dispatch(logSecurityEvent(event, signedIn.session.accessToken))
      dispatch(signInSucceeded({ signedIn, at: clock.now() }))
    } catch (error) {
      dispatch(signInFailed({ message: messageOf(error) || 'Sign-in failed' }))
    }
  }

/** 'Stay signed in': counts as activity and refreshes the session (SESSION_REFRESHED). */
export const staySignedIn = (): AppThunk<Promise<void>> => async (dispatch, _getState, extra) => {
  const auth = storeAuthOf(extra)
  const { clock, userAgent } = auth.services
  auth.activityPassedOnAt = clock.now()
  dispatch(activityRecorded({ at: auth.activityPassedOnAt }))
  dispatch(sessionRefreshStarted())
  try {
    const client = await dispatch(connect())
    const { data, error } = await client.auth.refreshSession()
    const signedIn = toSignedInAs(data.session)
    if (error || !signedIn) {
      dispatch(
        sessionRefreshFailed({ message: error?.message ?? 'The session could not be refreshed' }),
      )
      return
    }
    const event = securityEvent(
      signedIn.user.id,
      'SESSION_REFRESHED',
      SESSION_REFRESHED_DESCRIPTION,
      userAgent,
      clock.now(),
    )
    void dispatch(logSecurityEvent(event, signedIn.session.accessToken))
    dispatch(sessionRefreshed({ signedIn, at: clock.now() }))
  } catch (error) {
    dispatch(sessionRefreshFailed({ message: messageOf(error) || 'Unknown error' }))
  }
}
