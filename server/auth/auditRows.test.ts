// Staff cannot forge their own audit trail: login_history is written by the server only, and a
// security event the browser stores gets the database's clock and the address the server saw,
// whatever the client sends. On PGlite, and on Postgres when DATABASE_URL is set.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp } from '../testing/testApp'
import { describeEachDb, openTestDb, type TestDb } from '../testing/testDb'
import { addStaff } from './staffAccounts'

const PASSWORD = 'correct-horse-7'
const FORGED_TIME = '2001-02-03T04:05:06.000Z'
const FORGED_IP = '203.0.113.66'
const CLIENT_IP = '198.51.100.23'

describeEachDb('audit rows the client cannot forge', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  const domain = `${randomBytes(4).toString('hex')}.audit.test`
  let userId: string
  let token: string

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildTestApp({ db, options: { catalog: { load: false } } })
    await app.ready()
    userId = (await addStaff(db, { email: `auditor@${domain}`, password: PASSWORD })).account.id
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      remoteAddress: CLIENT_IP,
      payload: { email: `auditor@${domain}`, password: PASSWORD },
    })
    token = signIn.json<{ access_token: string }>().access_token
  })
  afterAll(async () => {
    await app?.close()
    await db?.query('delete from auth.users where email like $1', [`%@${domain}`])
    await db?.dispose()
  })

  const insert = (table: string, row: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/rest/v1/${table}`,
      remoteAddress: CLIENT_IP,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
      },
      payload: row,
    })

  it('refuses a login_history insert with a chosen created_at and address', async () => {
    const response = await insert('login_history', {
      user_id: userId,
      created_at: FORGED_TIME,
      ip_address: FORGED_IP,
      user_agent: 'forger',
    })
    expect(response.statusCode, response.body).toBe(403)
    expect(response.json()).toMatchObject({ code: '42501' })
    // Only the server's row of the sign-in, with the address it saw.
    const rows = await db.query<{ ip_address: string }>(
      'select ip_address from login_history where user_id = $1',
      [userId],
    )
    expect(rows).toEqual([{ ip_address: CLIENT_IP }])
  })

  it("stores a security event with the database's time and the caller's address, not the sent ones", async () => {
    const response = await insert('security_events', {
      user_id: userId,
      event_type: 'LOGIN_SUCCESS',
      description: 'User logged in successfully',
      ip_address: FORGED_IP,
      user_agent: 'browser',
      timestamp: FORGED_TIME,
    })
    expect(response.statusCode, response.body).toBe(201)
    const [returned] = response.json<{ ip_address: string; timestamp: string }[]>()
    expect(returned!.ip_address).toBe(CLIENT_IP)
    const [stored] = await db.query<{ ip_address: string; recent: boolean }>(
      `select ip_address, timestamp > now() - interval '1 hour' as recent from security_events
       where user_id = $1 and event_type = 'LOGIN_SUCCESS'`,
      [userId],
    )
    expect(stored).toEqual({ ip_address: CLIENT_IP, recent: true })
  })

  it('refuses the events only the auth server stores (failed and throttled sign-ins)', async () => {
    for (const type of ['LOGIN_FAILED', 'LOGIN_THROTTLED']) {
      const response = await insert('security_events', {
        user_id: userId,
        event_type: type,
        description: 'forged',
        ip_address: '127.0.0.1',
        user_agent: 'browser',
      })
      expect(response.statusCode, `${type}: ${response.body}`).toBe(403)
      expect(response.json()).toMatchObject({ code: '42501' })
    }
  })

  it('holds below the table API: the request roles get the same treatment in SQL', async () => {
    const asUser = (sql: string, params: unknown[]) =>
      db.transaction(async (tx) => {
        await tx.query(
          "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
          [JSON.stringify({ sub: userId, role: 'authenticated' })],
        )
        return tx.query<Record<string, unknown>>(sql, params)
      })
    await expect(
      asUser('insert into login_history (user_id, created_at, ip_address) values ($1, $2, $3)', [
        userId,
        FORGED_TIME,
        FORGED_IP,
      ]),
    ).rejects.toMatchObject({ code: '42501' })
    // Without the server's address setting, the fixed loopback placeholder 127.0.0.1.
    const [row] = await asUser(
      `insert into security_events (user_id, event_type, description, ip_address, user_agent, timestamp)
       values ($1, 'LOGOUT', 'User logged out', $2, 'sql', $3)
       returning ip_address, timestamp > now() - interval '1 hour' as recent`,
      [userId, FORGED_IP, FORGED_TIME],
    )
    expect(row).toEqual({ ip_address: '127.0.0.1', recent: true })
  })
})
