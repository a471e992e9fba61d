import type { SupabaseClient } from '@supabase/supabase-js'
import { createStaffClient, type StaffClientConfig } from '@/lib/supabase'
import type { StoreExtra } from '@/lib/store/baseApi'
import type { AuthClock } from './types'

/** What the staff session runs on; the app uses the defaults, tests and stories their own. */
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

/** A subscription of the store to the signed-in user's data, ended when they are not any more. */
export type WatchedUser = { userId: string; refetch: () => void; release: () => void }

/**
 * One store's staff auth, in its thunk argument: the services it was made with and what its
 * session has opened. The session's thunks and the auth endpoints all read this one.
 */
export type StoreAuth = {
  readonly services: AuthServices
  /** The connection, from the first call on; null before it, and after one that failed. */
  connection: Promise<SupabaseClient> | null
  /** The client once made, for the table calls of the auth endpoints. */
  client: SupabaseClient | null
  /** The session starts once: one subscription to auth events, one inactivity watch. */
  started: boolean
  /** Clock time of the last activity passed on to the store (activity is throttled). */
  activityPassedOnAt: number
  watched: WatchedUser | null
  /** What ends the subscription, the timers and the listeners (tests; the app keeps them). */
  stops: (() => void)[]
}

/** A store's auth with the given services, the system's for any not given. */
export function createStoreAuth(services: Partial<AuthServices> = {}): StoreAuth {
  return {
    services: {
      connect: createStaffClient,
      clock: systemClock,
      userAgent: globalThis.navigator?.userAgent ?? '',
      activityTarget: typeof window === 'undefined' ? null : window,
      ...services,
    },
    connection: null,
    client: null,
    started: false,
    activityPassedOnAt: Number.NEGATIVE_INFINITY,
    watched: null,
    stops: [],
  }
}

declare module '@/lib/store/baseApi' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface StoreExtra {
    auth?: StoreAuth
  }
}

/**
 * The store's auth: the one it was made with (`makeStore(state, { auth })` in tests and stories),
 * else one on the system's services, made on first use. The app's store is made before the staff
 * routes load, so it cannot name them.
 */
export const storeAuthOf = (extra: StoreExtra): StoreAuth => (extra.auth ??= createStoreAuth())
