import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { authHandlers } from '@mocks/handlers/auth'
import { configHandlers } from '@mocks/handlers/config'
import {
  AUTH_ISSUED_AT,
  refreshedSession,
  staffCredentials,
  staffSession,
  staffUserId,
} from '@mocks/data/auth'
import { server } from '@mocks/node'
import { createManualClock } from '@/testing/manualClock'
import { makeStore, type AppStore } from '@/lib/store/store'
import { AUTH_EVENTS, type Profile, type SecurityEvent, type SignedInAs } from './types'
import {
  authApi,
  selectAuthPhase,
  selectDisplayName,
  selectLoginHistory,
  selectProfile,
  selectProfileError,
  selectProfileSource,
  selectSecurityEvents,
} from './authApi'
import {
  authChanged,
  authRetried,
  authStalled,
  selectAccessToken,
  selectAuthStatus,
  selectAuthUnavailable,
  selectAuthUser,
  selectIsExpiringSoon,
  selectLastAuthEvent,
  selectSessionTimeLeftMs,
  selectSignedOutBy,
  selectSignInState,
  sessionChecked,
} from './authSlice'
import { toSignedInAs } from './authService'
import {
  retryStaffAuth,
  signIn,
  signOut,
  startStaffAuth,
  staySignedIn,
  stopStaffAuth,
} from './staffAuth'
import { createStoreAuth } from './storeAuth'

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'
const MINUTE = 60_000

type Recorded = { method: string; path: string; search: string; auth: string | null; body: unknown }

/** Every request the client sends to /auth/v1 and /rest/v1, with its JSON body. */
function recordRequests() {
  const requests: Recorded[] = []
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url)
    if (!/^\/(auth|rest)\/v1\//.test(url.pathname)) return
    const text = await request.clone().text()
    requests.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      auth: request.headers.get('authorization'),
      body: text ? (JSON.parse(text) as unknown) : null,
    })
  })
  return requests
}

/** The security events this test's client stored (an earlier test's may still be on the way). */
const eventsStored = (requests: Recorded[]) =>
  requests
    .filter((request) => request.method === 'POST' && request.path === '/rest/v1/security_events')
    .map((request) => ({ ...(request.body as SecurityEvent), auth: request.auth }))
    .filter((event) => event.user_agent === userAgent)

let running: AppStore[] = []
let userAgent = USER_AGENT
let setups = 0
afterEach(() => {
  for (const store of running) store.dispatch(stopStaffAuth())
  running = []
  server.events.removeAllListeners()
})

/**
 * A real store, the real supabase-js client on the MSW auth, a clock that moves when told: the
 * services go in the store's thunk argument, as the app's defaults do.
 */
function setup(variant?: keyof typeof authHandlers) {
  if (variant) server.use(...authHandlers[variant])
  const clock = createManualClock(AUTH_ISSUED_AT)
  const activity = new EventTarget()
  setups += 1
  userAgent = `${USER_AGENT} Run/${setups}`
  const store = makeStore(undefined, {
    auth: createStoreAuth({ clock, userAgent, activityTarget: activity }),
  })
  running.push(store)
  const auth = {
    start: () => store.dispatch(startStaffAuth()),
    retry: () => store.dispatch(retryStaffAuth()),
    signIn: (email: string, password: string) => store.dispatch(signIn(email, password)),
    signOut: () => store.dispatch(signOut()),
    staySignedIn: () => store.dispatch(staySignedIn()),
  }
  const requests = recordRequests()
  const state = () => store.getState()
  return { store, clock, auth, activity, requests, state }
}

async function signedIn(variant?: keyof typeof authHandlers) {
  const context = setup(variant)
  context.auth.start()
  await waitFor(() => expect(selectAuthStatus(context.state())).toBe('anonymous'))
  await context.auth.signIn(staffCredentials.email, staffCredentials.password)
  expect(selectAuthStatus(context.state())).toBe('signedIn')
  return context
}

describe('auth slice: start-up', () => {
  it('is loading until the session check says nobody is signed in', async () => {
    const { auth, state } = setup()
    expect(selectAuthPhase(state())).toBe('loading')
    auth.start()
    await waitFor(() => expect(selectAuthPhase(state())).toBe('anonymous'))
    expect(selectLastAuthEvent(state())).toBe('INITIAL_SESSION')
    expect(selectAccessToken(state())).toBeNull()
  })

  it('is stuck when the config never comes, and stalls only while loading', async () => {
    server.use(...configHandlers.loading)
    const { store, auth, state } = setup()
    auth.start()
    store.dispatch(authStalled())
    expect(selectAuthPhase(state())).toBe('stuck')
    store.dispatch(authRetried())
    expect(selectAuthPhase(state())).toBe('loading')

    const other = makeStore()
    other.dispatch(sessionChecked({ signedIn: null, at: 0 }))
    other.dispatch(authStalled())
    expect(selectAuthPhase(other.getState())).toBe('anonymous')
  })

  it('says the service is unavailable when the config fails, and connects on retry', async () => {
    server.use(...configHandlers.error)
    const { auth, state } = setup()
    auth.start()
    await waitFor(() => expect(selectAuthPhase(state())).toBe('stuck'))
    expect(selectAuthUnavailable(state())).toMatch(/cannot be reached/)
    server.resetHandlers()
    auth.retry()
    await waitFor(() => expect(selectAuthPhase(state())).toBe('anonymous'))
    expect(selectAuthUnavailable(state())).toBeNull()
  })
})

describe('auth slice: sign-in', () => {
  it('signs in, loads the profile, the sign-ins and the events, and logs LOGIN_SUCCESS', async () => {
    const { state, requests } = await signedIn()
    expect(selectAccessToken(state())).toBe(staffSession.access_token)
    expect(selectAuthUser(state())).toEqual({
      id: staffUserId,
      email: staffCredentials.email,
      metadata: { full_name: 'Ada Lovelace' },
    })
    expect(selectSignInState(state())).toEqual({
      pending: false,
      error: null,
      failedAttempts: 0,
      locked: false,
    })
    await waitFor(() => expect(selectAuthPhase(state())).toBe('ready'))
    expect(selectProfileSource(state())).toBe('fetched')
    expect(selectProfile(state())).toEqual({
      id: staffUserId,
      email: staffCredentials.email,
      full_name: 'Ada Lovelace',
      role: 'admin',
      permissions: ['*'],
      preferences: {},
    })
    expect(selectDisplayName(state())).toBe('Ada Lovelace')

    await waitFor(() => expect(selectLoginHistory(state())).toHaveLength(2))
    // The LOGIN_SUCCESS logged here joins the list the server sent.
    await waitFor(() =>
      expect(selectSecurityEvents(state()).map((event) => event.event_type)).toEqual([
        'LOGIN_SUCCESS',
        'LOGOUT',
        'LOGIN_SUCCESS',
      ]),
    )
    await waitFor(() => expect(eventsStored(requests)).toHaveLength(1))
    expect(eventsStored(requests)[0]).toEqual({
      user_id: staffUserId,
      event_type: 'LOGIN_SUCCESS',
      description: 'User logged in successfully',
      ip_address: '127.0.0.1',
      user_agent: userAgent,
      timestamp: new Date(AUTH_ISSUED_AT).toISOString(),
      auth: `Bearer ${staffSession.access_token}`,
    })
    const reads = requests.filter((request) => request.method === 'GET').map((r) => r.search)
    expect(reads).toEqual(
      expect.arrayContaining([
        `?select=*&id=eq.${staffUserId}`,
        `?select=*&user_id=eq.${staffUserId}&order=created_at.desc&limit=10`,
        `?select=*&user_id=eq.${staffUserId}&order=timestamp.desc&limit=20`,
      ]),
    )
  })

  it("shows the auth service's message on failure and leaves LOGIN_FAILED to the server", async () => {
    const { auth, state, requests } = setup()
    auth.start()
    await waitFor(() => expect(selectAuthStatus(state())).toBe('anonymous'))
    await auth.signIn(staffCredentials.email, 'Wrong-pass-1')
    expect(selectSignInState(state())).toEqual({
      pending: false,
      error: 'Invalid login credentials',
      failedAttempts: 1,
      locked: false,
    })
    expect(selectAuthStatus(state())).toBe('anonymous')
    // With no session, row-level security would refuse the insert: the auth server stores the
    // event itself. The next sign-in's LOGIN_SUCCESS is the only event the browser sends.
    await auth.signIn(staffCredentials.email, staffCredentials.password)
    await waitFor(() => expect(eventsStored(requests)).toHaveLength(1))
    expect(eventsStored(requests).map((event) => event.event_type)).toEqual(['LOGIN_SUCCESS'])
  })

  it('blocks the fourth attempt after three failures without asking the service', async () => {
    const { auth, state, requests } = setup('invalidCredentials')
    auth.start()
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await auth.signIn(staffCredentials.email, `Wrong-pass-${attempt}`)
      expect(selectSignInState(state())).toMatchObject({ failedAttempts: attempt, locked: false })
    }
    await auth.signIn(staffCredentials.email, staffCredentials.password)
    expect(selectSignInState(state())).toEqual({
      pending: false,
      error: 'Access denied',
      failedAttempts: 3,
      locked: true,
    })
    expect(requests.filter((request) => request.path === '/auth/v1/token')).toHaveLength(3)
  })

  it('does not count a network failure or an unreachable service towards the lock', async () => {
    const { auth, state } = setup('unreachable')
    auth.start()
    await auth.signIn(staffCredentials.email, staffCredentials.password)
    expect(selectSignInState(state()).error).toBeTruthy()
    expect(selectSignInState(state()).failedAttempts).toBe(0)

    server.use(...configHandlers.error)
    const other = setup()
    await other.auth.signIn(staffCredentials.email, staffCredentials.password)
    expect(selectSignInState(other.state())).toMatchObject({
      error: 'The sign-in service cannot be reached. Try again in a moment.',
      failedAttempts: 0,
    })
  })

  it('starts again from zero failures after a success', async () => {
    const { auth, state } = setup()
    auth.start()
    await auth.signIn(staffCredentials.email, 'Wrong-pass-1')
    expect(selectSignInState(state()).failedAttempts).toBe(1)
    await auth.signIn(staffCredentials.email, staffCredentials.password)
    expect(selectSignInState(state()).failedAttempts).toBe(0)
  })
})

describe('auth slice: sign-out and refresh', () => {
  it('logs LOGOUT as the session, then ends this session only', async () => {
    const { auth, state, requests } = await signedIn()
    await waitFor(() => expect(selectAuthPhase(state())).toBe('ready'))
    await auth.signOut()
    expect(selectAuthPhase(state())).toBe('anonymous')
    expect(selectSignedOutBy(state())).toBe('logout')
    expect(selectLastAuthEvent(state())).toBe('SIGNED_OUT')
    expect(selectProfile(state())).toBeNull()
    expect(selectSecurityEvents(state())).toEqual([])
    const logout = requests.find((request) => request.path === '/auth/v1/logout')
    expect(logout?.search).toBe('?scope=local')
    await waitFor(() => expect(eventsStored(requests)).toHaveLength(2))
    expect(eventsStored(requests)[1]).toMatchObject({
      event_type: 'LOGOUT',
      description: 'User logged out',
      user_id: staffUserId,
      auth: `Bearer ${staffSession.access_token}`,
    })
  })

  it('refreshes the session by hand, logging SESSION_REFRESHED', async () => {
    const { auth, state, requests } = await signedIn()
    await waitFor(() => expect(selectAuthPhase(state())).toBe('ready'))
    await auth.staySignedIn()
    expect(selectAccessToken(state())).toBe(refreshedSession.access_token)
    expect(selectLastAuthEvent(state())).toBe('TOKEN_REFRESHED')
    expect(selectAuthPhase(state())).toBe('ready')
    expect(selectSecurityEvents(state())[0]).toMatchObject({
      event_type: 'SESSION_REFRESHED',
      description: 'Session refreshed',
    })
    await waitFor(() =>
      expect(eventsStored(requests).map((event) => event.event_type)).toContain(
        'SESSION_REFRESHED',
      ),
    )
    expect(requests.some((request) => request.search === '?grant_type=refresh_token')).toBe(true)
  })
})

describe("auth slice: the store's services and the user's rows", () => {
  it('runs each store on the services it was made with', async () => {
    const first = await signedIn()
    const firstAgent = userAgent
    await waitFor(() => expect(selectSecurityEvents(first.state())).toHaveLength(3))

    const second = setup()
    second.clock.advance(MINUTE)
    second.auth.start()
    await waitFor(() => expect(selectAuthStatus(second.state())).toBe('anonymous'))
    await second.auth.signIn(staffCredentials.email, staffCredentials.password)
    await waitFor(() => expect(eventsStored(second.requests)).toHaveLength(1))
    expect(eventsStored(second.requests)[0]).toMatchObject({
      event_type: 'LOGIN_SUCCESS',
      user_agent: userAgent,
      timestamp: new Date(AUTH_ISSUED_AT + MINUTE).toISOString(),
    })
    expect(userAgent).not.toBe(firstAgent)
    expect(selectSecurityEvents(first.state())[0]).toMatchObject({
      event_type: 'LOGIN_SUCCESS',
      user_agent: firstAgent,
      timestamp: new Date(AUTH_ISSUED_AT).toISOString(),
    })
  })

  it('reads each of the user tables once; an event logged here is shown without a new read', async () => {
    const { auth, clock, state, requests } = await signedIn()
    await waitFor(() => expect(selectSecurityEvents(state())).toHaveLength(3))
    clock.advance(MINUTE)
    await auth.staySignedIn()
    expect(selectSecurityEvents(state()).map((event) => event.event_type)).toEqual([
      'SESSION_REFRESHED',
      'LOGIN_SUCCESS',
      'LOGOUT',
      'LOGIN_SUCCESS',
    ])
    await waitFor(() => expect(eventsStored(requests)).toHaveLength(2))
    const reads = requests
      .filter((request) => request.method === 'GET' && request.path.startsWith('/rest/v1/'))
      .map((request) => request.path)
    expect(reads.sort()).toEqual([
      '/rest/v1/login_history',
      '/rest/v1/profiles',
      '/rest/v1/security_events',
    ])
  })

  it("keeps none of the user's rows in the cache once they sign out", async () => {
    const { auth, state } = await signedIn()
    await waitFor(() => expect(selectAuthPhase(state())).toBe('ready'))
    const cached = () =>
      Object.values(state().api.queries)
        .map((entry) => entry?.endpointName)
        .filter((name) => name !== 'getConfig')
        .sort()
    expect(cached()).toEqual(['getLoginHistory', 'getSecurityEvents', 'getStaffProfile'])
    await auth.signOut()
    expect(selectLoginHistory(state())).toEqual([])
    await waitFor(() => expect(cached()).toEqual([]))
  })
})

describe('auth slice: every auth event', () => {
  const signedInAs = toSignedInAs(staffSession)!
  const refreshed = toSignedInAs(refreshedSession)!
  const profile: Profile = {
    id: staffUserId,
    email: staffCredentials.email,
    full_name: 'Ada Lovelace',
    role: 'admin',
    permissions: ['*'],
    preferences: {},
  }

  /** A store signed in with its profile loaded, as after a sign-in. */
  const readyStore = () => {
    const store: AppStore = makeStore({
      auth: {
        ...makeStore().getState().auth!,
        status: 'signedIn',
        session: signedInAs.session,
        user: signedInAs.user,
      },
    })
    store.dispatch(
      authApi.util.upsertQueryEntries([
        {
          endpointName: 'getStaffProfile',
          arg: signedInAs.user,
          value: { profile, source: 'fetched' },
        },
      ]),
    )
    return store
  }
  const event = (name: (typeof AUTH_EVENTS)[number], signedIn: SignedInAs | null) =>
    authChanged({ event: name, signedIn, at: AUTH_ISSUED_AT })

  it('knows all seven events of onAuthStateChange', () => {
    expect(AUTH_EVENTS).toEqual([
      'INITIAL_SESSION',
      'SIGNED_IN',
      'SIGNED_OUT',
      'TOKEN_REFRESHED',
      'USER_UPDATED',
      'PASSWORD_RECOVERY',
      'MFA_CHALLENGE_VERIFIED',
    ])
  })

  it('INITIAL_SESSION: signed in with a session, anonymous without', () => {
    const store = makeStore()
    store.dispatch(event('INITIAL_SESSION', null))
    expect(selectAuthPhase(store.getState())).toBe('anonymous')
    store.dispatch(event('INITIAL_SESSION', signedInAs))
    expect(selectAuthStatus(store.getState())).toBe('signedIn')
    expect(selectAuthPhase(store.getState())).toBe('loading')
  })

  it('SIGNED_IN: a new user needs a profile; the same user keeps theirs', () => {
    const store = makeStore()
    store.dispatch(event('SIGNED_IN', signedInAs))
    expect(selectProfile(store.getState())).toBeNull()
    expect(selectAuthPhase(store.getState())).toBe('loading')
    const ready = readyStore()
    ready.dispatch(event('SIGNED_IN', signedInAs))
    expect(selectProfile(ready.getState())).toEqual(profile)
  })

  it.each(['TOKEN_REFRESHED', 'MFA_CHALLENGE_VERIFIED', 'PASSWORD_RECOVERY'] as const)(
    '%s: new tokens, same user and profile',
    (name) => {
      const store = readyStore()
      store.dispatch(event(name, refreshed))
      expect(selectAccessToken(store.getState())).toBe(refreshedSession.access_token)
      expect(selectLastAuthEvent(store.getState())).toBe(name)
      expect(selectAuthPhase(store.getState())).toBe('ready')
      expect(selectProfile(store.getState())).toEqual(profile)
    },
  )

  it('USER_UPDATED: the new user details, the profile kept', () => {
    const store = readyStore()
    const updated: SignedInAs = {
      ...signedInAs,
      user: { ...signedInAs.user, metadata: { full_name: 'Ada King' } },
    }
    store.dispatch(event('USER_UPDATED', updated))
    expect(selectAuthUser(store.getState())?.metadata).toEqual({ full_name: 'Ada King' })
    expect(selectAuthPhase(store.getState())).toBe('ready')
  })

  it('SIGNED_OUT: nobody, nothing kept', () => {
    const store = readyStore()
    store.dispatch(event('SIGNED_OUT', null))
    const state = store.getState()
    expect(selectAuthPhase(state)).toBe('anonymous')
    expect([selectAccessToken(state), selectAuthUser(state), selectProfile(state)]).toEqual([
      null,
      null,
      null,
    ])
  })

  it('keeps a session when a later event carries none', () => {
    const store = readyStore()
    store.dispatch(event('TOKEN_REFRESHED', null))
    expect(selectAuthPhase(store.getState())).toBe('ready')
  })
})

describe('auth slice: the profile', () => {
  const viewer = {
    id: staffUserId,
    email: staffCredentials.email,
    full_name: 'Ada Lovelace',
    role: 'viewer',
    permissions: ['view_projects', 'view_analytics'],
    preferences: {},
  }

  it('creates a missing profile as a viewer named from the sign-in metadata', async () => {
    const { state, requests } = await signedIn('profileMissing')
    await waitFor(() => expect(selectAuthPhase(state())).toBe('ready'))
    expect(selectProfileSource(state())).toBe('created')
    expect(selectProfile(state())).toEqual(viewer)
    const insert = requests.find((r) => r.method === 'POST' && r.path === '/rest/v1/profiles')
    expect(insert?.body).toEqual(viewer)
  })

  it('uses the default viewer profile when a missing profile cannot be created', async () => {
    const { state } = await signedIn('profileInsertFails')
    await waitFor(() => expect(selectAuthPhase(state())).toBe('ready'))
    expect(selectProfileSource(state())).toBe('default')
    expect(selectProfile(state())).toEqual(viewer)
  })

  it('creates the profile when it has not come within 3 s', async () => {
    const { state, clock, requests } = await signedIn('profileTimeout')
    await waitFor(() => expect(requests.some((r) => r.path === '/rest/v1/profiles')).toBe(true))
    clock.advance(2_999)
    expect(selectAuthPhase(state())).toBe('loading')
    clock.advance(1)
    await waitFor(() => expect(selectAuthPhase(state())).toBe('ready'))
    expect(selectProfileSource(state())).toBe('created')
  })

  it('times out, fails to create, and falls back to the default viewer profile', async () => {
    const { state, clock, requests } = await signedIn('profileTimeoutInsertFails')
    await waitFor(() => expect(requests.some((r) => r.path === '/rest/v1/profiles')).toBe(true))
    clock.advance(3_000)
    await waitFor(() => expect(selectAuthPhase(state())).toBe('ready'))
    expect(selectProfileSource(state())).toBe('default')
    expect(selectProfile(state())?.role).toBe('viewer')
    expect(requests.filter((r) => r.path === '/rest/v1/profiles').map((r) => r.method)).toEqual([
      'GET',
      'POST',
    ])
  })

  it("says 'Profile Not Found' when reading the profile is refused, and loads it on retry", async () => {
    const { auth, state } = await signedIn('profileRefused')
    await waitFor(() => expect(selectAuthPhase(state())).toBe('profileNotFound'))
    expect(selectProfileError(state())).toBe('permission denied for table profiles')
    server.use(...authHandlers.default)
    auth.retry()
    await waitFor(() => expect(selectAuthPhase(state())).toBe('ready'))
    expect(selectProfile(state())?.role).toBe('admin')
  })
})

describe('auth slice: inactivity', () => {
  it('warns under 5 minutes left, forgets the warning on activity, and times out at 30', async () => {
    const { clock, activity, state, requests } = await signedIn()
    await waitFor(() => expect(selectAuthPhase(state())).toBe('ready'))

    clock.advance(25 * MINUTE)
    expect(selectSessionTimeLeftMs(state())).toBe(5 * MINUTE)
    expect(selectIsExpiringSoon(state())).toBe(false)
    clock.advance(MINUTE)
    expect(selectSessionTimeLeftMs(state())).toBe(4 * MINUTE)
    expect(selectIsExpiringSoon(state())).toBe(true)

    activity.dispatchEvent(new Event('mousemove'))
    expect(selectIsExpiringSoon(state())).toBe(false)
    expect(selectSessionTimeLeftMs(state())).toBe(30 * MINUTE)

    clock.advance(29 * MINUTE)
    expect(selectAuthStatus(state())).toBe('signedIn')
    clock.advance(MINUTE)
    await waitFor(() => expect(selectAuthPhase(state())).toBe('anonymous'))
    expect(selectSignedOutBy(state())).toBe('timeout')
    await waitFor(() =>
      expect(eventsStored(requests).map((event) => event.event_type)).toContain('SESSION_TIMEOUT'),
    )
    expect(eventsStored(requests).at(-1)).toMatchObject({
      event_type: 'SESSION_TIMEOUT',
      description: 'Session expired due to inactivity',
      timestamp: new Date(AUTH_ISSUED_AT + 56 * MINUTE).toISOString(),
    })
  })

  it.each(['mousedown', 'mousemove', 'keydown', 'scroll', 'touchstart'])(
    '%s counts as activity',
    async (type) => {
      const { clock, activity, state } = await signedIn()
      clock.advance(26 * MINUTE)
      expect(selectIsExpiringSoon(state())).toBe(true)
      activity.dispatchEvent(new Event(type))
      expect(selectIsExpiringSoon(state())).toBe(false)
    },
  )

  it('checks every 60 s, not in between', async () => {
    const { clock, state } = await signedIn()
    clock.advance(26 * MINUTE - 1)
    expect(selectIsExpiringSoon(state())).toBe(false)
    clock.advance(1)
    expect(selectIsExpiringSoon(state())).toBe(true)
  })
})
