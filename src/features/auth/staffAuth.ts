import type { SupabaseClient } from '@supabase/supabase-js'
import { createStaffClient, type StaffClientConfig } from '@/app/lib/supabase'
import { configApi } from '@/app/store/configApi'
import type { AppStore } from '@/app/store/store'
import { ACTIVITY_EVENTS, ACTIVITY_THROTTLE_MS, INACTIVITY_CHECK_MS } from './authRules'
import {
  accountActivityRequested,
  activityRecorded,
  authChanged,
  authRetried,
  authStarted,
  authUnavailable,
  inactivityChecked,
  profileRequested,
  selectAuthUser,
  selectIsInactive,
  selectIsSigningOut,
  selectProfileStatus,
  sessionChecked,
  sessionRefreshRequested,
  signInSubmitted,
  signOutRequested,
  SERVICE_UNAVAILABLE_MESSAGE,
  type AuthDeps,
} from './authSlice'
import { toSignedInAs } from './authService'
import type { AuthClock, SignOutReason } from './types'

/** Where the session's inputs come from; the app uses the defaults, tests and stories their own. */
export type AuthServices = {
  /** Makes the store's one client from the run-time config (GET /api/config). */
  connect: (config: StaffClientConfig) => Promise<SupabaseClient>
  clock: AuthClock
  /** Stored with each security event. */
  userAgent: string
  /** Where mouse down, mouse move, key press, scroll and touch start are heard. */
  activityTarget: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null
}

export const systemClock: AuthClock = {
  now: () => Date.now(),
  every: (ms, callback) => {
    const id = setInterval(callback, ms)
    return () => clearInterval(id)
  },
  after: (ms, callback) => {
    const id = setTimeout(callback, ms)
    return () => clearTimeout(id)
  },
}

const defaultServices = (): AuthServices => ({
  connect: createStaffClient,
  clock: systemClock,
  userAgent: globalThis.navigator?.userAgent ?? '',
  activityTarget: typeof window === 'undefined' ? null : window,
})

export type StaffAuth = {
  readonly services: AuthServices
  /** Connects, subscribes to auth events, checks the session and watches for inactivity. Once. */
  start: () => void
  /** The store's client, once /api/config has answered. */
  client: () => Promise<SupabaseClient>
  /** After a stall or a missing profile: checks the session and loads the profile again. */
  retry: () => void
  signIn: (email: string, password: string) => Promise<void>
  signOut: (reason?: SignOutReason) => Promise<void>
  /** 'Stay signed in': counts as activity and refreshes the session (SESSION_REFRESHED). */
  staySignedIn: () => Promise<void>
  /** Ends the timers, listeners and the subscription (tests; the app keeps it for the page). */
  stop: () => void
}

const sessions = new WeakMap<AppStore, StaffAuth>()

/**
 * The staff session of a store: one client, one subscription to its auth events, one inactivity
 * watch, for as long as the store lives (the page, in the app). Made on first use; the services
 * given then are the ones it keeps.
 */
export function staffAuthFor(store: AppStore, overrides: Partial<AuthServices> = {}): StaffAuth {
  const existing = sessions.get(store)
  if (existing) return existing
  const session = createStaffAuth(store, { ...defaultServices(), ...overrides })
  sessions.set(store, session)
  return session
}

function createStaffAuth(store: AppStore, services: AuthServices): StaffAuth {
  const { clock } = services
  const { dispatch } = store
  const cleanups: (() => void)[] = []
  let connection: Promise<SupabaseClient> | null = null
  let started = false
  let lastRecorded = Number.NEGATIVE_INFINITY

  const deps = (client: SupabaseClient | Promise<SupabaseClient>): AuthDeps => ({
    client,
    clock,
    userAgent: services.userAgent,
  })

  /** A signed-in user without a profile gets one, and their sign-ins and events are loaded. */
  const followUp = (client: SupabaseClient) => {
    const state = store.getState()
    const user = selectAuthUser(state)
    if (!user || selectProfileStatus(state) !== 'idle') return
    void dispatch(profileRequested({ ...deps(client), user }))
    void dispatch(accountActivityRequested({ ...deps(client), userId: user.id }))
  }

  const checkSession = async (client: SupabaseClient) => {
    const { data } = await client.auth.getSession()
    dispatch(sessionChecked({ signedIn: toSignedInAs(data.session), at: clock.now() }))
    followUp(client)
  }

  const open = async () => {
    const request = dispatch(configApi.endpoints.getConfig.initiate())
    let config: StaffClientConfig
    try {
      config = await request.unwrap()
    } finally {
      request.unsubscribe()
    }
    const client = await services.connect(config)
    const { data } = client.auth.onAuthStateChange((event, session) => {
      // No awaiting in here: supabase-js waits for its subscribers.
      dispatch(authChanged({ event, signedIn: toSignedInAs(session), at: clock.now() }))
      followUp(client)
    })
    cleanups.push(() => data.subscription.unsubscribe())
    await checkSession(client)
    return client
  }

  /** The client, connecting first if need be; a failed connection is tried again next time. */
  const connect = () => {
    if (!connection) {
      const opening = open()
      connection = opening
      opening.catch(() => {
        if (connection === opening) connection = null
        dispatch(authUnavailable({ message: SERVICE_UNAVAILABLE_MESSAGE }))
      })
    }
    return connection
  }

  const signOut = async (reason: SignOutReason = 'logout') => {
    if (selectIsSigningOut(store.getState())) return
    await dispatch(signOutRequested({ ...deps(connect()), reason }))
  }

  const watchInactivity = () => {
    cleanups.push(
      clock.every(INACTIVITY_CHECK_MS, () => {
        dispatch(inactivityChecked({ at: clock.now() }))
        if (selectIsInactive(store.getState())) void signOut('timeout')
      }),
    )
    const target = services.activityTarget
    if (!target) return
    const onActivity = () => {
      const at = clock.now()
      if (at - lastRecorded < ACTIVITY_THROTTLE_MS) return
      lastRecorded = at
      dispatch(activityRecorded({ at }))
    }
    const options = { capture: true, passive: true }
    for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, options)
    cleanups.push(() => {
      for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, options)
    })
  }

  return {
    services,
    start: () => {
      if (started) return
      started = true
      dispatch(authStarted({ at: clock.now() }))
      void connect().catch(() => undefined)
      watchInactivity()
    },
    client: connect,
    retry: () => {
      dispatch(authRetried())
      if (!connection) {
        void connect().catch(() => undefined)
        return
      }
      void connection.then(checkSession).catch(() => undefined)
    },
    signIn: async (email, password) => {
      await dispatch(signInSubmitted({ ...deps(connect()), email, password }))
    },
    signOut,
    staySignedIn: async () => {
      lastRecorded = clock.now()
      dispatch(activityRecorded({ at: lastRecorded }))
      await dispatch(sessionRefreshRequested(deps(connect())))
    },
    stop: () => {
      for (const cleanup of cleanups.splice(0)) cleanup()
    },
  }
}
