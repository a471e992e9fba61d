import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { activityResponseSchema } from '../../src/contract/dashboard'
import { buildTestApp } from '../testing/testApp'
import { recordRun } from '../tester/runs'
import { staffAuthorization } from '../testing/staffToken'
import { describeEachDb, openTestDb, type TestDb } from '../testing/testDb'

describeEachDb('GET /api/dashboard/activity', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  let staff = ''

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildTestApp({
      db,
      options: {
        catalog: { load: false },
        // No test asks a real DNS server: every name is unknown.
        tester: {
          resolve: async (hostname) => {
            throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
              code: 'ENOTFOUND',
            })
          },
        },
      },
    })
    await app.ready()
    // Start from nothing but the reader's own account: not even the first-start admin account.
    await db.query('delete from auth.users where id in (select id from profiles)')
    staff = (
      await staffAuthorization(app, db, {
        email: 'reader@atlas.test',
        name: 'Reader',
        role: 'viewer',
      })
    ).authorization
  })
  // Each test's accounts, posts and runs go with it, passed or failed, so a failure does not spill
  // over into the next test's counts.
  afterEach(async () => {
    // On Postgres, auth is one schema for every test database: only this one's accounts go.
    await db.query(
      "delete from auth.users where id in (select id from profiles) and email like 'staff-%@example.com'",
    )
    await db.query('delete from marketing_posts')
    await db.query('delete from tester_runs')
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })

  const activity = async () => {
    const response = await app.inject({
      url: '/api/dashboard/activity',
      headers: { authorization: staff },
    })
    expect(response.statusCode, response.body).toBe(200)
    return activityResponseSchema.parse(response.json()).data
  }

  it('is for staff only', async () => {
    const response = await app.inject({ url: '/api/dashboard/activity' })
    expect(response.statusCode).toBe(401)
  })

  it('shows the samples, marked as such, while only the reader’s own account exists', async () => {
    expect((await activity()).map(({ type, sample }) => ({ type, sample }))).toEqual([
      { type: 'user_signup', sample: false },
      { type: 'project_created', sample: true },
      { type: 'revenue', sample: true },
    ])
  })

  it('lists staff accounts and posts from their records, newest first, and counts visitor tests in one line', async () => {
    await recordRun(db, {
      method: 'GET',
      url: 'https://api.github.com/users/octocat?access_token=secret',
      status: 200,
      responseTime: 123.4,
    })
    await recordRun(db, {
      method: 'POST',
      url: 'https://down.example/x',
      status: 'Error',
      responseTime: 5,
    })
    await recordRun(db, {
      method: 'GET',
      url: 'https://old.example/',
      status: 200,
      responseTime: 9,
    })
    // One run is older than an hour, and the newest counted one gives the line its time.
    await db.query(
      "update tester_runs set created_at = created_at - interval '2 hours' where host = 'old.example'",
    )
    await db.query(
      "update tester_runs set created_at = created_at + interval '500 milliseconds' where method = 'POST'",
    )
    const [newest] = await db.query<{ created_at: Date | string }>(
      "select created_at from tester_runs where method = 'POST'",
    )
    const email = `staff-${randomBytes(4).toString('hex')}@example.com`
    const [user] = await db.query<{ id: string }>(
      'insert into auth.users (email) values ($1) returning id',
      [email],
    )
    await db.query(
      "insert into profiles (id, email, full_name, role, created_at) values ($1, $2, 'Ada Lovelace', 'admin', now() + interval '1 second')",
      [user!.id, email],
    )
    await db.query(
      `insert into marketing_posts (platform, content, title, status, delivery, published_at)
       values ('linkedin', 'Hello', 'Hello', 'published', 'outbox', now() + interval '2 seconds')`,
    )

    const items = await activity()
    const real = items.filter((item) => !item.sample)
    expect(real.map(({ id, message, input }) => ({ id, message, input }))).toEqual([
      {
        id: expect.stringMatching(/^post-/),
        message: 'Posted to LinkedIn (outbox)',
        input: { from: 'staff', text: 'Hello' },
      },
      {
        id: `user-${user!.id}`,
        message: 'New staff account (admin)',
        input: { from: 'staff', text: 'Ada Lovelace' },
      },
      { id: 'visitor-tests', message: '2 visitor tests in the last hour', input: null },
      {
        id: expect.stringMatching(/^user-/),
        message: 'New staff account (viewer)',
        input: { from: 'staff', text: 'Reader' },
      },
    ])
    expect(real.find((item) => item.id === 'visitor-tests')?.timestamp).toBe(
      new Date(newest!.created_at).toISOString(),
    )
    expect(items.filter((item) => item.sample).map((item) => item.input)).toEqual([null, null])
    // The visitor's 123.4 ms, as a number or in words; not the same digits inside an id's hex or a
    // timestamp's milliseconds, which are random.
    expect(JSON.stringify(items)).not.toMatch(
      /secret|github|down\.example|old\.example|(?<![\da-f.-])123/,
    )
  })

  it('keeps staff and system events when visitors run many tests, and shows nothing a visitor chose', async () => {
    // Nine events of staff and the system: with one line for visitor tests, all ten fit.
    await db.query(
      `insert into marketing_posts (platform, content, title, status, delivery, published_at)
       select 'reddit', 'Post ' || n, 'Post ' || n, 'published', 'outbox',
              now() - make_interval(mins => n)
       from generate_series(1, 8) as n`,
    )
    const lure = 'your-session-expired.sign-in-again.example'
    const runs = 12
    for (let i = 0; i < runs; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/apis/test',
        payload: { method: 'DELETE', url: `https://${i}.${lure}/account` },
      })
      expect(response.json()).toMatchObject({ success: true, data: { status: 'Error' } })
    }
    // A run is recorded after its answer has gone.
    await expect.poll(async () => (await db.query('select 1 from tester_runs')).length).toBe(runs)

    const real = (await activity()).filter((item) => !item.sample)
    expect(real.filter((item) => item.type === 'post_published')).toHaveLength(8)
    expect(real.filter((item) => item.type === 'user_signup')).toHaveLength(1)
    expect(real.filter((item) => item.type === 'api_tested')).toEqual([
      {
        id: 'visitor-tests',
        type: 'api_tested',
        message: '12 visitor tests in the last hour',
        input: null,
        timestamp: expect.any(String),
        sample: false,
      },
    ])
    expect(JSON.stringify(real)).not.toMatch(/sign-in-again|DELETE|no answer/)
  })

  it('keeps line breaks, bidirectional overrides and invisible characters out of what staff see', async () => {
    const email = `staff-${randomBytes(4).toString('hex')}@example.com`
    const [user] = await db.query<{ id: string }>(
      'insert into auth.users (email) values ($1) returning id',
      [email],
    )
    // Typed by the account holder through /rest/v1 (their own profile), not by the system.
    await db.query(
      "insert into profiles (id, email, full_name, role) values ($1, $2, $3, 'viewer')",
      [user!.id, email, 'Grace\n\u202eCatalogue loaded: 0 APIs\u202c\u200b'],
    )
    const item = (await activity()).find((entry) => entry.id === `user-${user!.id}`)
    expect(item).toMatchObject({
      message: 'New staff account (viewer)',
      input: { from: 'staff', text: 'Grace Catalogue loaded: 0 APIs' },
    })
  })
})
