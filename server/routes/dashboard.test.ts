import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
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

  it('lists tests run, staff accounts and posts from their records, newest first, with no query strings', async () => {
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
    // Two runs recorded in the same instant would tie; the later one is the newer.
    await db.query(
      "update tester_runs set created_at = created_at + interval '500 milliseconds' where method = 'POST'",
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
    expect(real.map((item) => item.message)).toEqual([
      'Posted to LinkedIn (outbox): Hello',
      'New staff account: Ada Lovelace (admin)',
      'API test: POST down.example could not be reached',
      'API test: GET api.github.com answered 200 in 123 ms',
      'New staff account: Reader (viewer)',
    ])
    expect(JSON.stringify(items)).not.toContain('secret')
    await db.query('delete from auth.users where id = $1', [user!.id])
  })
})
