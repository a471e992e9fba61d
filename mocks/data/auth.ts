// Staff sign-in fixtures in the shapes the embedded auth and supabase-js use
// (docs/auth.md): a user, sessions, profile rows and audit rows.
import type { Session, User } from '@supabase/supabase-js'

export const staffCredentials = { email: 'ada@api-atlas.example', password: 'Correct-horse-7' }
export const staffUserId = '6c1f0f7e-3d4b-4f3a-9a51-2f1e8b7c9d10'
const sessionId = 'b1d7e3a2-5c4f-4e8b-9d0a-7f6e5d4c3b2a'

/** 2026-01-01T09:00:00Z, when the fixture session was issued. */
export const AUTH_ISSUED_AT = Date.UTC(2026, 0, 1, 9, 0, 0)
/** Far ahead, so supabase-js never thinks the fixture session needs refreshing. */
const EXPIRES_AT = Date.UTC(2100, 0, 1) / 1000

export const staffUser: User = {
  id: staffUserId,
  aud: 'authenticated',
  role: 'authenticated',
  email: staffCredentials.email,
  email_confirmed_at: '2025-11-03T10:00:00.000Z',
  phone: '',
  confirmed_at: '2025-11-03T10:00:00.000Z',
  last_sign_in_at: new Date(AUTH_ISSUED_AT).toISOString(),
  app_metadata: { provider: 'email', providers: ['email'] },
  user_metadata: { full_name: 'Ada Lovelace' },
  identities: [],
  created_at: '2025-11-03T10:00:00.000Z',
  updated_at: new Date(AUTH_ISSUED_AT).toISOString(),
  is_anonymous: false,
}

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

/** An access token shaped as GoTrue's (supabase-js decodes, never verifies, it). */
const accessToken = (serial: number) =>
  [
    base64url({ alg: 'HS256', typ: 'JWT' }),
    base64url({
      iss: 'http://localhost:3000/auth/v1',
      sub: staffUserId,
      aud: 'authenticated',
      exp: EXPIRES_AT,
      iat: AUTH_ISSUED_AT / 1000 + serial,
      email: staffCredentials.email,
      phone: '',
      app_metadata: staffUser.app_metadata,
      user_metadata: staffUser.user_metadata,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: AUTH_ISSUED_AT / 1000 }],
      session_id: sessionId,
      is_anonymous: false,
    }),
    `fixture-signature-${serial}`,
  ].join('.')

export const staffSession: Session = {
  access_token: accessToken(0),
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: EXPIRES_AT,
  refresh_token: 'fixture-refresh-token-0',
  user: staffUser,
}

/** What a refresh hands back: new tokens, the same session. */
export const refreshedSession: Session = {
  ...staffSession,
  access_token: accessToken(1),
  refresh_token: 'fixture-refresh-token-1',
}

export const fixtureAccessTokens = [staffSession.access_token, refreshedSession.access_token]

const timestamps = {
  created_at: '2025-11-03T10:00:00.000Z',
  updated_at: '2025-12-01T08:00:00.000Z',
}

/** The profile `npm run staff -- add … --role admin --name "Ada Lovelace"` would have made. */
export const adminProfileRow = {
  id: staffUserId,
  email: staffCredentials.email,
  full_name: 'Ada Lovelace',
  role: 'admin',
  permissions: ['*'],
  preferences: {},
  ...timestamps,
}

/** The same account as a viewer: it reads the dashboard and may not publish. */
export const viewerProfileRow = {
  ...adminProfileRow,
  role: 'viewer',
  permissions: ['view_projects', 'view_analytics'],
}

/** As a user an admin has not let publish (`--role user`). */
export const userProfileRow = { ...viewerProfileRow, role: 'user' }

/** As a user an admin let publish (`--role user --publish`). */
export const publisherProfileRow = {
  ...userProfileRow,
  permissions: [...userProfileRow.permissions, 'publish_posts'],
}

export const loginHistoryRows = [
  {
    id: 42,
    user_id: staffUserId,
    created_at: new Date(AUTH_ISSUED_AT).toISOString(),
    ip_address: '127.0.0.1',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0.0.0 Safari/537.36',
  },
  {
    id: 37,
    user_id: staffUserId,
    created_at: '2025-12-30T16:42:10.000Z',
    ip_address: '127.0.0.1',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0.0.0 Safari/537.36',
  },
]

export const securityEventRows = [
  {
    id: 11,
    user_id: staffUserId,
    event_type: 'LOGOUT',
    description: 'User logged out',
    ip_address: '127.0.0.1',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0.0.0 Safari/537.36',
    timestamp: '2025-12-30T17:05:00.000Z',
  },
  {
    id: 10,
    user_id: staffUserId,
    event_type: 'LOGIN_SUCCESS',
    description: 'User logged in successfully',
    ip_address: '127.0.0.1',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0.0.0 Safari/537.36',
    timestamp: '2025-12-30T16:42:10.000Z',
  },
]

/** GoTrue's answer to a wrong password or an unknown email (the same for both). */
export const invalidCredentialsError = {
  code: 'invalid_credentials',
  message: 'Invalid login credentials',
}

/** PostgREST's answer to `.single()` on no rows. */
export const noRowsError = {
  code: 'PGRST116',
  details: 'The result contains 0 rows',
  hint: null,
  message: 'JSON object requested, multiple (or no) rows returned',
}

/** Row-level security refusing an insert (as for a profile the policy does not allow). */
export const profileInsertRefusedError = {
  code: '42501',
  details: null,
  hint: null,
  message: 'new row violates row-level security policy for table "profiles"',
}

/** A project where the staff role may not read profiles at all. */
export const profileReadRefusedError = {
  code: '42501',
  details: null,
  hint: null,
  message: 'permission denied for table profiles',
}

/** Security events need a signed-in user: the anon role has no grant. */
export const anonInsertRefusedError = {
  code: '42501',
  details: null,
  hint: null,
  message: 'permission denied for table security_events',
}
