// The contract suite: the real supabase-js client against the embedded /auth/v1 and /rest/v1 over
// HTTP, on PGlite and (with DATABASE_URL) on Postgres. Compares codes and statuses, never texts.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import {
  createClient,
  isAuthApiError,
  isAuthSessionMissingError,
  type AuthChangeEvent,
} from '@supabase/supabase-js'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { describeEachDb, openTestDb, testConfig, type TestDb } from '../testing/testDb'
import { addStaff } from './staffAccounts'

const PASSWORD = 'correct-horse-7'
const DEFAULT_PERMISSIONS = ['view_projects', 'view_analytics']

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >

type Harness = {
  app: FastifyInstance
  url: string
  anonKey: string
  close: () => Promise<void>
}

/** A server on a loopback port; tokens limits high unless the test is about them. */
const startServer = async (
  db: TestDb,
  domain: string,
  rateLimit = { max: 10_000, timeWindowMs: 60_000 },
): Promise<Harness> => {
  const app = buildApp(
    testConfig(
      // If the users table is empty (a fresh PGlite), the first admin is one of ours.
      { STAFF_EMAIL: `first@${domain}`, STAFF_PASSWORD: PASSWORD },
      { staticDir: path.join(import.meta.dirname, 'no-such-dist') },
    ),
    {
      db,
      logger: false,
      operations: { load: false },
      catalog: { load: false },
      auth: { rateLimit },
    },
  )
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  const url = `http://127.0.0.1:${address.port}`
  const config = (await (await fetch(`${url}/api/config`)).json()) as { supabaseAnonKey: string }
  return { app, url, anonKey: config.supabaseAnonKey, close: () => app.close() }
}

const clientFor = (server: Harness) => {
  const client = createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, flowType: 'pkce' },
  })
  const events: AuthChangeEvent[] = []
  client.auth.onAuthStateChange((event) => {
    events.push(event)
  })
  return { client, events }
}

describeEachDb('supabase-js against the embedded auth', (kind) => {
  let db: TestDb
  let server: Harness
  // auth.users is shared by every schema on a Postgres server: our accounts have their own domain.
  const domain = `${randomBytes(4).toString('hex')}.contract.test`
  const emailOf = (name: string) => `${name}@${domain}`
  const ids: Record<string, string> = {}

  const signedIn = async (name: string) => {
    const { client, events } = clientFor(server)
    const { data, error } = await client.auth.signInWithPassword({
      email: emailOf(name),
      password: PASSWORD,
    })
    expect(error).toBeNull()
    return { client, events, session: data.session!, uid: data.user!.id }
  }

  beforeAll(async () => {
    db = await openTestDb(kind)
    server = await startServer(db, domain)
    for (const [name, role] of [
      ['alice', 'viewer'],
      ['bob', 'user'],
      ['admin', 'admin'],
      ['noprofile', 'viewer'],
    ] as const) {
      const { account } = await addStaff(db, {
        email: emailOf(name),
        password: PASSWORD,
        role,
        name: `${name[0]!.toUpperCase()}${name.slice(1)} Example`,
      })
      ids[name] = account.id
    }
    // An account whose profile the client must create itself (spec: "If none exists one is created").
    await db.query('delete from profiles where id = $1', [ids.noprofile])
  })

  afterAll(async () => {
    await server?.close()
    await db?.query('delete from auth.users where email like $1', [`%@${domain}`])
    await db?.dispose()
  })

  describe('sign-in', () => {
    it('signs in with the password and hands out a GoTrue session', async () => {
      const { client, events, session, uid } = await signedIn('alice')
      expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 })
      expect(session.refresh_token).toMatch(/^[\w-]{40,}$/)
      expect(session.user).toMatchObject({ id: uid, email: emailOf('alice'), aud: 'authenticated' })
      const claims = claimsOf(session.access_token)
      expect(claims).toMatchObject({
        sub: uid,
        aud: 'authenticated',
        role: 'authenticated',
        email: emailOf('alice'),
        aal: 'aal1',
        is_anonymous: false,
      })
      expect(claims.iss).toMatch(/\/auth\/v1$/)
      expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/)
      expect(Number(claims.exp) - Number(claims.iat)).toBe(3600)
      expect(session.expires_at).toBe(claims.exp)
      expect(events).toContain('SIGNED_IN')
      expect((await client.auth.getSession()).data.session?.access_token).toBe(session.access_token)
    })

    it('answers a wrong password and an unknown email identically: 400 invalid_credentials', async () => {
      const { client } = clientFor(server)
      const wrong = await client.auth.signInWithPassword({
        email: emailOf('alice'),
        password: 'Wrong-pass-1',
      })
      const unknown = await client.auth.signInWithPassword({
        email: emailOf('nobody'),
        password: PASSWORD,
      })
      for (const { error, data } of [wrong, unknown]) {
        expect(isAuthApiError(error)).toBe(true)
        expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' })
        expect(data.session).toBeNull()
      }
      expect(wrong.error!.message).toBe(unknown.error!.message)
    })

    it('ignores the case of the email', async () => {
      const { client } = clientFor(server)
      const { error } = await client.auth.signInWithPassword({
        email: emailOf('alice').toUpperCase(),
        password: PASSWORD,
      })
      expect(error).toBeNull()
    })

    it('records each sign-in in login_history, newest first', async () => {
      await signedIn('bob')
      const { client, uid } = await signedIn('bob')
      const { data, error, status } = await client
        .from('login_history')
        .select('*')
        .eq('user_id', uid)
        .order('created_at', { ascending: false })
        .limit(10)
      expect(error).toBeNull()
      expect(status).toBe(200)
      expect(data!.length).toBeGreaterThanOrEqual(2)
      expect(data![0]).toMatchObject({ user_id: uid, ip_address: '127.0.0.1' })
      expect(typeof data![0].id).toBe('number')
      const times = data!.map((row: { created_at: string }) => Date.parse(row.created_at))
      expect([...times].sort((a, b) => b - a)).toEqual(times)
    })
  })

  describe('refresh', () => {
    it('rotates the refresh token and keeps the session', async () => {
      const { client, events, session } = await signedIn('alice')
      const { data, error } = await client.auth.refreshSession()
      expect(error).toBeNull()
      expect(data.session!.refresh_token).not.toBe(session.refresh_token)
      expect(claimsOf(data.session!.access_token).session_id).toBe(
        claimsOf(session.access_token).session_id,
      )
      expect(events).toContain('TOKEN_REFRESHED')
    })

    it('accepts a token presented again within the reuse window (two tabs racing)', async () => {
      const { client, session } = await signedIn('alice')
      expect((await client.auth.refreshSession()).error).toBeNull()
      const other = clientFor(server).client
      const again = await other.auth.refreshSession({ refresh_token: session.refresh_token })
      expect(again.error).toBeNull()
      expect(again.data.session!.user.id).toBe(session.user.id)
    })

    it('ends the whole session when a used token comes back later', async () => {
      const { client, session } = await signedIn('alice')
      const sessionId = String(claimsOf(session.access_token).session_id)
      const rotated = await client.auth.refreshSession()
      expect(rotated.error).toBeNull()
      // As if the reuse window had passed since the rotation.
      await db.query(
        "update auth.refresh_tokens set revoked_at = now() - interval '1 minute' where session_id = $1 and revoked",
        [sessionId],
      )
      const thief = clientFor(server).client
      const reuse = await thief.auth.refreshSession({ refresh_token: session.refresh_token })
      expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' })
      // The family is revoked: the legitimate holder's newest token is gone too.
      const latest = await thief.auth.refreshSession({
        refresh_token: rotated.data.session!.refresh_token,
      })
      expect(latest.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
      const user = await client.auth.getUser()
      expect(isAuthSessionMissingError(user.error)).toBe(true)
    })

    it('refuses an unknown refresh token and a missing one', async () => {
      const { client } = clientFor(server)
      const unknown = await client.auth.refreshSession({ refresh_token: 'not-a-token' })
      expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
      const missing = await fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: '{}',
      })
      expect(missing.status).toBe(400)
      expect(await missing.json()).toEqual({
        error: 'invalid_request',
        error_description: 'refresh_token required',
      })
    })
  })

  describe('sign-out', () => {
    it('global (the default) ends every session of the user', async () => {
      const first = await signedIn('bob')
      const second = await signedIn('bob')
      expect((await first.client.auth.signOut()).error).toBeNull()
      expect(first.events).toContain('SIGNED_OUT')
      expect((await first.client.auth.getSession()).data.session).toBeNull()
      const other = await second.client.auth.getUser()
      expect(isAuthSessionMissingError(other.error)).toBe(true)
      // The other device's refresh token is gone with its session.
      const refreshed = await clientFor(server).client.auth.refreshSession({
        refresh_token: second.session.refresh_token,
      })
      expect(refreshed.error).toMatchObject({ status: 400 })
    })

    it('local ends only this session', async () => {
      const first = await signedIn('bob')
      const second = await signedIn('bob')
      expect((await first.client.auth.signOut({ scope: 'local' })).error).toBeNull()
      expect((await first.client.auth.getSession()).data.session).toBeNull()
      const other = await second.client.auth.getUser()
      expect(other.error).toBeNull()
      expect(other.data.user!.email).toBe(emailOf('bob'))
      // The ended session's access token no longer passes GET /user.
      const stale = await clientFor(server).client.auth.getUser(first.session.access_token)
      expect(isAuthSessionMissingError(stale.error)).toBe(true)
    })

    it('others ends every session but this one', async () => {
      const first = await signedIn('bob')
      const second = await signedIn('bob')
      expect((await first.client.auth.signOut({ scope: 'others' })).error).toBeNull()
      expect((await first.client.auth.getUser()).error).toBeNull()
      expect(isAuthSessionMissingError((await second.client.auth.getUser()).error)).toBe(true)
    })

    it('getUser after sign-out has no session to send', async () => {
      const { client } = await signedIn('alice')
      await client.auth.signOut()
      const { data, error } = await client.auth.getUser()
      expect(data.user).toBeNull()
      expect(isAuthSessionMissingError(error)).toBe(true)
    })
  })

  describe('tables the screens use', () => {
    it('reads the own profile as a single row', async () => {
      const { client, uid } = await signedIn('admin')
      const { data, error, status } = await client
        .from('profiles')
        .select('*')
        .eq('id', uid)
        .single()
      expect(error).toBeNull()
      expect(status).toBe(200)
      expect(data).toMatchObject({
        id: uid,
        email: emailOf('admin'),
        full_name: 'Admin Example',
        role: 'admin',
        permissions: ['*'],
        preferences: {},
      })
    })

    it('creates a missing profile as a viewer with the default permissions', async () => {
      const { client, uid } = await signedIn('noprofile')
      const missing = await client.from('profiles').select('*').eq('id', uid).single()
      expect(missing.error).toMatchObject({ code: 'PGRST116' })
      expect(missing.status).toBe(406)
      const { data, error, status } = await client
        .from('profiles')
        .insert({
          id: uid,
          email: emailOf('noprofile'),
          full_name: 'noprofile',
          role: 'viewer',
          permissions: DEFAULT_PERMISSIONS,
          preferences: { theme: 'dark' },
        })
        .select()
        .single()
      expect(error).toBeNull()
      expect(status).toBe(201)
      expect(data).toMatchObject({ id: uid, role: 'viewer', preferences: { theme: 'dark' } })
      const again = await client.from('profiles').insert({
        id: uid,
        email: emailOf('noprofile'),
        full_name: 'noprofile',
      })
      expect(again.error).toMatchObject({ code: '23505' })
      expect(again.status).toBe(409)
    })

    it('writes and reads its own security events, newest first, at most 20', async () => {
      const { client, uid } = await signedIn('alice')
      const base = Date.now()
      for (let i = 0; i < 3; i++) {
        const { error, status, data } = await client.from('security_events').insert({
          user_id: uid,
          event_type: i === 2 ? 'SESSION_REFRESHED' : 'LOGIN_SUCCESS',
          description: `event ${i}`,
          ip_address: '127.0.0.1',
          user_agent: 'contract-test',
          timestamp: new Date(base + i * 1000).toISOString(),
        })
        expect(error).toBeNull()
        expect(status).toBe(201)
        expect(data).toBeNull()
      }
      const { data, error } = await client
        .from('security_events')
        .select('*')
        .eq('user_id', uid)
        .order('timestamp', { ascending: false })
        .limit(20)
      expect(error).toBeNull()
      expect(data!.map((row: { description: string }) => row.description).slice(0, 3)).toEqual([
        'event 2',
        'event 1',
        'event 0',
      ])
    })

    it('counts with count: exact and pages with range', async () => {
      await signedIn('alice')
      const { client, uid } = await signedIn('alice')
      const { data, count, error } = await client
        .from('login_history')
        .select('*', { count: 'exact' })
        .eq('user_id', uid)
        .range(0, 0)
      expect(error).toBeNull()
      expect(data).toHaveLength(1)
      expect(count).toBeGreaterThan(1)
      const head = await client
        .from('login_history')
        .select('*', { count: 'exact', head: true })
        .eq('user_id', uid)
      expect(head.error).toBeNull()
      expect(head.data).toBeNull()
      expect(head.count).toBe(count)
    })
  })

  describe('row-level security', () => {
    it("hides another user's rows", async () => {
      const alice = await signedIn('alice')
      await signedIn('bob')
      const profile = await alice.client.from('profiles').select('*').eq('id', ids.bob!).single()
      expect(profile.error).toMatchObject({ code: 'PGRST116' })
      expect(profile.status).toBe(406)
      const history = await alice.client.from('login_history').select('*').eq('user_id', ids.bob!)
      expect(history.error).toBeNull()
      expect(history.data).toEqual([])
      const everything = await alice.client.from('login_history').select('user_id')
      expect(new Set(everything.data!.map((row: { user_id: string }) => row.user_id))).toEqual(
        new Set([alice.uid]),
      )
    })

    it('refuses an event for another user with 403 42501', async () => {
      const { client } = await signedIn('alice')
      const { error, status } = await client.from('security_events').insert({
        user_id: ids.bob,
        event_type: 'LOGIN_SUCCESS',
        description: 'forged',
        ip_address: '127.0.0.1',
        user_agent: 'contract-test',
      })
      expect(error).toMatchObject({ code: '42501' })
      expect(status).toBe(403)
    })

    it('refuses a profile created as admin, with extra permissions, or for someone else', async () => {
      const { client, uid } = await signedIn('alice')
      await db.query('delete from profiles where id = $1', [uid])
      try {
        for (const row of [
          { id: uid, role: 'admin', permissions: ['*'] },
          { id: uid, role: 'viewer', permissions: [...DEFAULT_PERMISSIONS, 'manage_users'] },
          { id: ids.noprofile, role: 'viewer', permissions: DEFAULT_PERMISSIONS },
        ]) {
          const { error, status } = await client
            .from('profiles')
            .insert({ ...row, email: emailOf('alice'), full_name: 'Alice', preferences: {} })
            .select()
            .single()
          expect(error).toMatchObject({ code: '42501' })
          expect(status).toBe(403)
        }
      } finally {
        await addStaff(db, { email: emailOf('alice'), password: PASSWORD, role: 'viewer' })
      }
    })

    it('never lets the request roles change a role, by any path', async () => {
      const attempt = (sql: string) =>
        db.transaction(async (tx) => {
          await tx.query(
            "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
            [JSON.stringify({ sub: ids.bob, role: 'authenticated' })],
          )
          return tx.query(sql, [ids.bob])
        })
      await expect(
        attempt("update profiles set role = 'admin' where id = $1"),
      ).rejects.toMatchObject({
        code: '42501',
      })
      await expect(
        attempt("update profiles set permissions = '{*}' where id = $1"),
      ).rejects.toMatchObject({ code: '42501' })
      // What the column grants allow still works, and leaves the role alone.
      await attempt("update profiles set full_name = 'Bob Renamed' where id = $1")
      const [row] = await db.query<{ role: string; full_name: string }>(
        'select role, full_name from profiles where id = $1',
        [ids.bob],
      )
      expect(row).toEqual({ role: 'user', full_name: 'Bob Renamed' })
    })

    it('lets the signed-out client (anon key) read and write nothing', async () => {
      const { client } = clientFor(server)
      const read = await client.from('profiles').select('*')
      expect(read.error).toMatchObject({ code: '42501' })
      expect(read.status).toBe(401)
      // Nor store an event, even a LOGIN_FAILED for a real account: the auth server stores that
      // one itself (loginFailed.test.ts).
      const failed = await client.from('security_events').insert({
        user_id: ids.alice,
        event_type: 'LOGIN_FAILED',
        description: 'Login failed: Invalid login credentials',
        ip_address: '127.0.0.1',
        user_agent: 'contract-test',
      })
      expect(failed.error).toMatchObject({ code: '42501' })
      expect(failed.status).toBe(401)
    })

    it('refuses a PATCH instead of updating', async () => {
      const { client, uid } = await signedIn('alice')
      const { error, status } = await client
        .from('profiles')
        .update({ role: 'admin' })
        .eq('id', uid)
      expect(status).toBe(405)
      expect(error).toMatchObject({ code: 'PGRST117' })
    })
  })

  describe('bad input', () => {
    const post = (pathAndQuery: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${pathAndQuery}`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json', ...headers },
        body,
      })

    it('answers malformed JSON with 400 bad_json', async () => {
      const response = await post('/auth/v1/token?grant_type=password', '{"email": ')
      expect(response.status).toBe(400)
      expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
      expect(await response.json()).toMatchObject({ code: 'bad_json' })
      const rest = await post('/rest/v1/security_events', '{nope', {
        authorization: `Bearer ${server.anonKey}`,
      })
      expect(rest.status).toBe(400)
      expect(await rest.json()).toMatchObject({ code: 'PGRST102' })
    })

    it.each([
      ['{}', 'validation_failed'],
      ['{"email": "a@b.c"}', 'validation_failed'],
      ['{"password": "x"}', 'validation_failed'],
      ['[1, 2]', 'validation_failed'],
      ['{"email": 5, "password": {}}', 'validation_failed'],
    ])('answers the body %s with 400 %s', async (body, code) => {
      const response = await post('/auth/v1/token?grant_type=password', body)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code })
    })

    it('refuses a 10 KB password with a clear 400, not a 500', async () => {
      const { client } = clientFor(server)
      const { error } = await client.auth.signInWithPassword({
        email: emailOf('alice'),
        password: 'x'.repeat(10 * 1024),
      })
      expect(error).toMatchObject({ status: 400, code: 'validation_failed' })
      expect(error!.message).toMatch(/72/)
    })

    it('refuses a body over 64 KB with 413', async () => {
      const response = await post(
        '/auth/v1/token?grant_type=password',
        JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(70_000) }),
      )
      expect(response.status).toBe(413)
      expect(await response.json()).toMatchObject({ code: 'request_too_large' })
    })

    it('refuses malformed and forged JWTs', async () => {
      const { client } = clientFor(server)
      const structure = await client.auth.setSession({
        access_token: 'garbage',
        refresh_token: 'x',
      })
      expect(structure.error?.message).toBe('Invalid JWT structure')

      const header = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')
      const payload = Buffer.from(
        JSON.stringify({ sub: ids.alice, role: 'authenticated', session_id: ids.alice, exp: 4e9 }),
      ).toString('base64url')
      const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`
      const user = await client.auth.getUser(forged)
      expect(user.error).toMatchObject({ status: 403, code: 'bad_jwt' })

      const rest = await fetch(`${server.url}/rest/v1/profiles?select=*`, {
        headers: { apikey: server.anonKey, authorization: `Bearer ${forged}` },
      })
      expect(rest.status).toBe(401)
      expect(rest.headers.get('www-authenticate')).toMatch(/invalid_token/)
      expect(await rest.json()).toMatchObject({ code: 'PGRST301' })

      const anonAsUser = await client.auth.getUser(server.anonKey)
      expect(anonAsUser.error).toMatchObject({ status: 403, code: 'bad_jwt' })
    })

    it('answers an unknown grant type with 400 and unsupported ones as not supported', async () => {
      const unknown = await post('/auth/v1/token?grant_type=magic', '{}')
      expect(unknown.status).toBe(400)
      expect(await unknown.json()).toMatchObject({ code: 'invalid_credentials' })
      const pkce = await post('/auth/v1/token?grant_type=pkce', '{"auth_code":"x"}')
      expect(pkce.status).toBe(404)
      expect((await pkce.json()).message).toMatch(/not supported in embedded mode/)
    })

    it('answers the client calls it does not serve as not supported in embedded mode', async () => {
      const { client } = await signedIn('alice')
      const calls = [
        () => client.auth.signUp({ email: emailOf('new'), password: PASSWORD }),
        () => client.auth.signInWithOtp({ email: emailOf('alice') }),
        () => client.auth.resetPasswordForEmail(emailOf('alice')),
        () => client.auth.verifyOtp({ email: emailOf('alice'), token: '123456', type: 'email' }),
        () => client.auth.updateUser({ password: 'Another-pass-9' }),
        () => client.auth.reauthenticate(),
        () => client.auth.signInWithSSO({ domain: 'atlas.test' }),
        () => client.auth.admin.listUsers(),
        () => client.auth.admin.inviteUserByEmail(emailOf('new')),
        () => client.auth.mfa.enroll({ factorType: 'totp' }),
      ]
      for (const call of calls) {
        const { error } = await call()
        expect(isAuthApiError(error)).toBe(true)
        expect(error).toMatchObject({ status: 404, code: 'not_supported' })
        expect(error!.message).toMatch(/not supported in embedded mode/)
      }
    })

    it('answers table calls it does not serve with PostgREST errors', async () => {
      const { client } = await signedIn('alice')
      const table = await client.from('app_settings').select('*')
      expect(table.status).toBe(404)
      expect(table.error).toMatchObject({ code: 'PGRST205' })
      const column = await client.from('profiles').select('nope')
      expect(column.status).toBe(400)
      expect(column.error).toMatchObject({ code: '42703' })
      const filter = await client.from('profiles').select('*').or('id.eq.1,id.eq.2')
      expect(filter.status).toBe(400)
      expect(filter.error).toMatchObject({ code: 'PGRST100' })
      const embed = await client.from('profiles').select('*, login_history(*)')
      expect(embed.status).toBe(400)
      const badValue = await client.from('profiles').select('*').eq('id', 'not-a-uuid')
      expect(badValue.status).toBe(400)
      expect(badValue.error).toMatchObject({ code: '22P02' })
      const insertColumn = await client.from('security_events').insert({ nope: 1 })
      expect(insertColumn.status).toBe(400)
      expect(insertColumn.error).toMatchObject({ code: 'PGRST204' })
      const rpc = await client.rpc('is_admin')
      expect(rpc.status).toBe(404)
      const schema = await client.schema('auth').from('users').select('*')
      expect(schema.status).toBe(406)
      expect(schema.error).toMatchObject({ code: 'PGRST106' })
    })
  })

  describe('headers', () => {
    it('answers CORS preflights and exposes the API-version header', async () => {
      for (const target of ['/auth/v1/token?grant_type=password', '/rest/v1/profiles']) {
        const preflight = await fetch(`${server.url}${target}`, {
          method: 'OPTIONS',
          headers: {
            origin: 'http://localhost:5173',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'apikey, authorization, x-client-info, content-type',
          },
        })
        expect(preflight.status).toBe(204)
        expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
        expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-client-info/)
      }
      const response = await fetch(`${server.url}/auth/v1/.well-known/jwks.json`, {
        headers: { origin: 'http://localhost:5173' },
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ keys: [] })
      expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
      expect(response.headers.get('access-control-expose-headers')).toMatch(
        /x-supabase-api-version/,
      )
    })

    it('hands out an anon key that is a JWT for the anon role', () => {
      expect(claimsOf(server.anonKey)).toMatchObject({ role: 'anon' })
    })
  })
})

describeEachDb('rate limits on sign-in and refresh', (kind) => {
  let db: TestDb
  let server: Harness
  const domain = `${randomBytes(4).toString('hex')}.limits.test`

  beforeAll(async () => {
    db = await openTestDb(kind)
    server = await startServer(db, domain, { max: 3, timeWindowMs: 60_000 })
  })
  afterAll(async () => {
    await server?.close()
    await db?.query('delete from auth.users where email like $1', [`%@${domain}`])
    await db?.dispose()
  })

  const attempt = (email: string, ip: string) =>
    server.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      remoteAddress: ip,
      payload: { email, password: 'Wrong-pass-1' },
    })

  it('limits attempts per IP address with 429 over_request_rate_limit', async () => {
    const statuses = []
    for (let i = 0; i < 4; i++)
      statuses.push((await attempt(`u${i}@${domain}`, '10.0.0.1')).statusCode)
    expect(statuses).toEqual([400, 400, 400, 429])
    const limited = await attempt(`other@${domain}`, '10.0.0.1')
    expect(limited.json()).toMatchObject({ code: 'over_request_rate_limit' })
    expect(limited.headers['retry-after']).toMatch(/^\d+$/)
    expect(limited.headers['x-supabase-api-version']).toBe('2024-01-01')
  })

  it('never limits an account across addresses: a stranger cannot lock its owner out', async () => {
    // Per address, and per account and address (loginThrottle.test.ts); never per account alone.
    const statuses = []
    for (let i = 0; i < 4; i++)
      statuses.push((await attempt(`target@${domain}`, `10.1.0.${i}`)).statusCode)
    expect(statuses).toEqual([400, 400, 400, 400])
  })

  it('gives the client the code', async () => {
    const { client } = clientFor(server)
    let last
    for (let i = 0; i < 4; i++) {
      last = await client.auth.signInWithPassword({
        email: `client@${domain}`,
        password: 'Wrong-pass-1',
      })
    }
    expect(last!.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
  })
})

describeEachDb('rate limits on token refresh', (kind) => {
  let db: TestDb
  let server: Harness
  const domain = `${randomBytes(4).toString('hex')}.refresh-limits.test`
  const LIMIT = 5

  beforeAll(async () => {
    db = await openTestDb(kind)
    server = await startServer(db, domain, { max: LIMIT, timeWindowMs: 60_000 })
    for (const name of ['carol', 'dave']) {
      await addStaff(db, { email: `${name}@${domain}`, password: PASSWORD })
    }
  })
  afterAll(async () => {
    await server?.close()
    await db?.query('delete from auth.users where email like $1', [`%@${domain}`])
    await db?.dispose()
  })

  const inject = (ip: string, grant: 'password' | 'refresh_token', payload: object) =>
    server.app.inject({
      method: 'POST',
      url: `/auth/v1/token?grant_type=${grant}`,
      remoteAddress: ip,
      payload,
    })

  it('ends refresh-token guessing from one address with 429 over_request_rate_limit', async () => {
    const { client } = clientFor(server)
    const errors = []
    for (let i = 0; i <= LIMIT; i++) {
      const guess = randomBytes(32).toString('base64url')
      const { data, error } = await client.auth.refreshSession({ refresh_token: guess })
      expect(data.session).toBeNull()
      errors.push(error)
    }
    for (const error of errors.slice(0, LIMIT)) {
      expect(isAuthApiError(error)).toBe(true)
      expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
    }
    expect(isAuthApiError(errors[LIMIT])).toBe(true)
    expect(errors[LIMIT]).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
  })

  it('counts the refreshes of one account together, whatever the address and session', async () => {
    const signIn = async (name: string, ip: string) => {
      const response = await inject(ip, 'password', {
        email: `${name}@${domain}`,
        password: PASSWORD,
      })
      expect(response.statusCode).toBe(200)
      return (response.json() as { refresh_token: string }).refresh_token
    }
    let token = await signIn('carol', '10.20.0.1')
    const other = await signIn('carol', '10.20.0.2')
    const statuses = []
    for (let i = 0; i <= LIMIT; i++) {
      const response = await inject(`10.21.0.${i}`, 'refresh_token', { refresh_token: token })
      statuses.push(response.statusCode)
      if (response.statusCode === 200) token = response.json().refresh_token
      else expect(response.json()).toMatchObject({ code: 'over_request_rate_limit' })
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429])
    // Her other session, from yet another address, is held back too.
    const fromOther = await inject('10.22.0.1', 'refresh_token', { refresh_token: other })
    expect(fromOther.statusCode).toBe(429)
    // Another account is not.
    const daves = await signIn('dave', '10.20.0.3')
    expect((await inject('10.22.0.2', 'refresh_token', { refresh_token: daves })).statusCode).toBe(
      200,
    )
  })
})
