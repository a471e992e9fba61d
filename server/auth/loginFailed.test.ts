// LOGIN_FAILED is stored by the embedded auth itself (the browser has no session to store it with),
// with the real client address and user agent, for accounts that exist.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp } from '../app'
import { signedInClient } from '../testing/supabaseClient'
import { describeEachDb, openTestDb, testConfig, type TestDb } from '../testing/testDb'
import { addStaff } from './staffAccounts'

const PASSWORD = 'correct-horse-7'

type EventRow = {
  user_id: string
  event_type: string
  description: string
  ip_address: string
  user_agent: string
}

/** Polls until check passes; the test fails by its own timeout if it never does. */
const eventually = async (check: () => Promise<boolean>) => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 25))
}

describeEachDb('LOGIN_FAILED stored by the embedded auth', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  const domain = `${randomBytes(4).toString('hex')}.login-failed.test`
  const ids: Record<string, string> = {}

  const failedEvents = (userId: string) =>
    db.query<EventRow>(
      `select user_id, event_type, description, ip_address, user_agent from security_events
       where user_id = $1 and event_type = 'LOGIN_FAILED' order by id`,
      [userId],
    )

  const signIn = (email: string, password: string, ip: string, userAgent?: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      remoteAddress: ip,
      headers: userAgent ? { 'user-agent': userAgent } : {},
      payload: { email, password },
    })

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildApp(
      testConfig(
        { STAFF_EMAIL: `first@${domain}`, STAFF_PASSWORD: PASSWORD },
        { staticDir: path.join(import.meta.dirname, 'no-such-dist') },
      ),
      { db, logger: false, operations: { load: false }, catalog: { load: false } },
    )
    await app.ready()
    for (const name of ['erin', 'frank', 'grace']) {
      const { account } = await addStaff(db, { email: `${name}@${domain}`, password: PASSWORD })
      ids[name] = account.id
    }
  })
  afterAll(async () => {
    await app?.close()
    await db?.query('delete from auth.users where email like $1', [`%@${domain}`])
    await db?.dispose()
  })

  it('stores a wrong password with the client address and user agent', async () => {
    const response = await signIn(`erin@${domain}`, 'Wrong-pass-1', '203.0.113.7', 'Agent/1.0')
    expect(response.statusCode).toBe(400)
    await eventually(async () => (await failedEvents(ids.erin!)).length > 0)
    expect(await failedEvents(ids.erin!)).toEqual([
      {
        user_id: ids.erin,
        event_type: 'LOGIN_FAILED',
        description: 'Login failed: Invalid login credentials',
        ip_address: '203.0.113.7',
        user_agent: 'Agent/1.0',
      },
    ])
  })

  it('stores one event per failed attempt, and none for a right password', async () => {
    await signIn(`FRANK@${domain}`, 'Wrong-pass-1', '198.51.100.1')
    await signIn(`frank@${domain}`, 'Wrong-pass-2', '198.51.100.2')
    expect((await signIn(`frank@${domain}`, PASSWORD, '198.51.100.3')).statusCode).toBe(200)
    await eventually(async () => (await failedEvents(ids.frank!)).length >= 2)
    // Only the two failures: a successful sign-in stores nothing here (the browser logs it).
    const [stored] = await db.query<{ n: number }>(
      'select count(*)::int as n from security_events where user_id = $1',
      [ids.frank],
    )
    expect(stored!.n).toBe(2)
    expect((await failedEvents(ids.frank!)).map((row) => row.ip_address)).toEqual([
      '198.51.100.1',
      '198.51.100.2',
    ])
  })

  it('stores a banned account’s attempt with the message it was given', async () => {
    await db.query("update auth.users set banned_until = now() + interval '1 day' where id = $1", [
      ids.grace,
    ])
    const response = await signIn(`grace@${domain}`, PASSWORD, '192.0.2.9', 'Agent/2.0')
    expect(response.json()).toMatchObject({ code: 'user_banned' })
    await eventually(async () => (await failedEvents(ids.grace!)).length > 0)
    expect(await failedEvents(ids.grace!)).toMatchObject([
      { description: 'Login failed: User is banned', ip_address: '192.0.2.9' },
    ])
  })

  it('shows the stored event to its account through the real client, and to no one else', async () => {
    await signIn(`erin@${domain}`, 'Wrong-pass-3', '127.0.0.1')
    await eventually(async () => (await failedEvents(ids.erin!)).length >= 2)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no address')
    const url = `http://127.0.0.1:${address.port}`
    const { supabaseAnonKey } = (await (await fetch(`${url}/api/config`)).json()) as {
      supabaseAnonKey: string
    }
    const clientOf = (name: string) =>
      signedInClient(url, supabaseAnonKey, `${name}@${domain}`, PASSWORD)
    const erin = await clientOf('erin')
    const own = await erin
      .from('security_events')
      .select('event_type, description')
      .eq('user_id', ids.erin!)
      .order('timestamp', { ascending: false })
      .limit(20)
    expect(own.error).toBeNull()
    expect(own.data).toEqual([
      { event_type: 'LOGIN_FAILED', description: 'Login failed: Invalid login credentials' },
      { event_type: 'LOGIN_FAILED', description: 'Login failed: Invalid login credentials' },
    ])
    const frank = await clientOf('frank')
    const others = await frank.from('security_events').select('*').eq('user_id', ids.erin!)
    expect(others).toMatchObject({ error: null, data: [] })
  })
})
