// Ending a session ends its tokens everywhere at once, /rest/v1 included, and a refresh token
// presented again within the reuse window gets the child it already got, never a second one.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp } from '../testing/testApp'
import { describeEachDb, openTestDb, type TestDb } from '../testing/testDb'
import { addStaff } from './staffAccounts'

const PASSWORD = 'correct-horse-7'

type Session = { access_token: string; refresh_token: string }

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    session_id: string
  }

describeEachDb('ending sessions and rotating refresh tokens', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  const domain = `${randomBytes(4).toString('hex')}.session-end.test`
  const emailOf = (name: string) => `${name}@${domain}`
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildTestApp({
      db,
      options: {
        catalog: { load: false },
        auth: { rateLimit: { max: 10_000, timeWindowMs: 60_000 } },
      },
    })
    await app.ready()
    for (const name of ['leaver', 'reset', 'racer']) {
      ids[name] = (
        await addStaff(db, { email: emailOf(name), password: PASSWORD, role: 'admin' })
      ).account.id
    }
  })
  afterAll(async () => {
    await app?.close()
    await db?.query('delete from auth.users where email like $1', [`%@${domain}`])
    await db?.dispose()
  })

  const signIn = async (name: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: emailOf(name), password: PASSWORD },
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Session>()
  }

  const refresh = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: token },
    })

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

  const readProfile = (token: string, userId: string) =>
    app.inject({ url: `/rest/v1/profiles?select=id&id=eq.${userId}`, headers: bearer(token) })

  const addEvent = (token: string, userId: string) =>
    app.inject({
      method: 'POST',
      url: '/rest/v1/security_events',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: {
        user_id: userId,
        event_type: 'LOGOUT',
        description: 'User logged out',
        ip_address: '127.0.0.1',
        user_agent: 'test',
      },
    })

  const expectEnded = (response: Awaited<ReturnType<typeof readProfile>>) => {
    expect(response.statusCode, response.body).toBe(401)
    expect(response.json()).toMatchObject({ code: 'PGRST301' })
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'details', 'hint', 'message'])
    expect(response.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/)
  }

  it('after logout the old access token gets 401 on /rest/v1, for reads and writes', async () => {
    const { access_token: token } = await signIn('leaver')
    const before = await readProfile(token, ids.leaver!)
    expect(before.statusCode).toBe(200)
    expect(before.json()).toEqual([{ id: ids.leaver }])
    // supabase-js sends the logout with a JSON content type and no body.
    const logout = await app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=local',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    })
    expect(logout.statusCode).toBe(204)
    expectEnded(await readProfile(token, ids.leaver!))
    expectEnded(await addEvent(token, ids.leaver!))
    const [stored] = await db.query<{ n: number }>(
      'select count(*)::int as n from security_events where user_id = $1',
      [ids.leaver],
    )
    expect(stored!.n).toBe(0)
  })

  it('after a password reset the old token gets 401 on /rest/v1 and /api', async () => {
    const { access_token: token } = await signIn('reset')
    expect((await readProfile(token, ids.reset!)).statusCode).toBe(200)
    const staffRoute = () =>
      app.inject({ url: '/api/content-marketing/stats', headers: bearer(token) })
    expect((await staffRoute()).statusCode).toBe(200)
    // What `npm run staff -- add EMAIL NEW_PASSWORD` and its admin route do.
    await addStaff(db, { email: emailOf('reset'), password: 'Brand-new-pass-8' })
    expectEnded(await readProfile(token, ids.reset!))
    expectEnded(await addEvent(token, ids.reset!))
    expect((await staffRoute()).statusCode).toBe(401)
    expect((await app.inject({ url: '/auth/v1/user', headers: bearer(token) })).statusCode).toBe(
      403,
    )
  })

  it('refresh reuse within the window returns the same child, and no second live token', async () => {
    const first = await signIn('racer')
    const sessionId = claimsOf(first.access_token).session_id
    const child = await refresh(first.refresh_token)
    expect(child.statusCode, child.body).toBe(200)
    const childToken = child.json<Session>().refresh_token
    expect(childToken).not.toBe(first.refresh_token)

    // A second tab presents the same token a moment later.
    const again = await refresh(first.refresh_token)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json<Session>().refresh_token).toBe(childToken)
    expect(claimsOf(again.json<Session>().access_token).session_id).toBe(sessionId)
    const live = () =>
      db.query<{ n: number }>(
        'select count(*)::int as n from auth.refresh_tokens where session_id = $1 and not revoked',
        [sessionId],
      )
    expect((await live())[0]!.n).toBe(1)

    // Once the child has rotated on, the late tab gets the live token, still not a new one.
    const grandchild = (await refresh(childToken)).json<Session>().refresh_token
    const late = await refresh(first.refresh_token)
    expect(late.statusCode, late.body).toBe(200)
    expect(late.json<Session>().refresh_token).toBe(grandchild)
    expect((await live())[0]!.n).toBe(1)
    // And the live token still rotates as usual.
    const next = await refresh(grandchild)
    expect(next.statusCode).toBe(200)
    expect(next.json<Session>().refresh_token).not.toBe(grandchild)
  })

  it('gives two sessions different children, though both start from a sign-in', async () => {
    const [one, two] = [await signIn('racer'), await signIn('racer')]
    const [a, b] = [await refresh(one.refresh_token), await refresh(two.refresh_token)]
    expect(a.json<Session>().refresh_token).not.toBe(b.json<Session>().refresh_token)
  })
})
