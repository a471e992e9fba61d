// Two server instances on one Postgres and one Redis: they start together without
// running a migration or the catalogue seed twice, a session made through one works on the
// other, and rate limits count across both. Runs when DATABASE_URL and REDIS_URL are set.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaff } from './auth/staffAccounts'
import type { Db, Queryable } from './db/database'
import { readMigrations } from './db/migrate'
import { loadConfig } from './config'
import { buildTestApp } from './testing/testApp'
import { openSecondConnection, openTestDb, TEST_DATABASE_URL, type TestDb } from './testing/testDb'
import { startUpstream, type Upstream } from './tester/testUpstream'

const REDIS_URL = process.env.REDIS_URL || undefined

/** Counts the statements an instance runs that only a migration or a seed load would run. */
const counting = (db: Db, seen: string[]): Db => {
  const watch = (queryable: Queryable): Queryable => ({
    query: (text, params) => {
      if (/insert into categories/i.test(text)) seen.push('seed')
      return queryable.query(text, params)
    },
    exec: (sql) => {
      seen.push(`exec:${sql.slice(0, 80)}`)
      return queryable.exec(sql)
    },
  })
  return { ...db, ...watch(db), transaction: (fn) => db.transaction((tx) => fn(watch(tx))) }
}

describe.skipIf(!TEST_DATABASE_URL || !REDIS_URL)('two instances, one Postgres, one Redis', () => {
  const prefix = `test:${randomBytes(6).toString('hex')}:`
  const email = `scale-${randomBytes(4).toString('hex')}@atlas.test`
  const password = 'Scale-out-password-1'
  let db: TestDb
  let other: Db
  let upstream: Upstream
  let one: FastifyInstance
  let two: FastifyInstance
  const seenOne: string[] = []
  const seenTwo: string[] = []

  const build = (instanceDb: Db) =>
    buildTestApp({
      db: instanceDb,
      env: { REDIS_URL, TESTER_ALLOWED_HOSTS: `127.0.0.1:${upstream.port}` },
      options: {
        redis: { keyPrefix: prefix },
        auth: { rateLimit: { max: 4, timeWindowMs: 60_000 } },
        tester: { rateLimit: { max: 3, timeWindowMs: 60_000 } },
        marketing: {
          schedulerIntervalMs: 0,
          postRateLimit: { max: 2, timeWindowMs: 60_000 },
        },
      },
    })

  beforeAll(async () => {
    db = await openTestDb('postgres')
    other = await openSecondConnection(db)
    upstream = await startUpstream()
    one = build(counting(db, seenOne))
    two = build(counting(other, seenTwo))
    // Both start at once on an empty schema, as two containers of one deployment would.
    await Promise.all([one.ready(), two.ready()])
  }, 120_000)

  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()])
    await upstream?.close()
    await db?.query('delete from auth.users where email = $1', [email]).catch(() => {})
    await other?.close()
    await db?.dispose()
    // Only this test's keys.
    const redis = new Redis(REDIS_URL!)
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })

  it('runs each migration once and loads the catalogue seed once, though both started together', async () => {
    const migrations = await readMigrations(loadConfig({}).migrationsDir)
    const ran = [...seenOne, ...seenTwo].filter((entry) => entry.startsWith('exec:'))
    for (const migration of migrations) {
      const runs = ran.filter((entry) => entry === `exec:${migration.sql.slice(0, 80)}`)
      expect(runs, migration.file).toHaveLength(1)
    }
    expect([...seenOne, ...seenTwo].filter((entry) => entry === 'seed')).toHaveLength(1)
    const rows = await db.query<{ n: number }>('select count(*)::int as n from schema_migrations')
    expect(rows[0]?.n).toBe(migrations.length)
    // And both serve the same catalogue.
    const [a, b] = await Promise.all([
      one.inject('/api/apis?limit=5'),
      two.inject('/api/apis?limit=5'),
    ])
    expect(a.statusCode).toBe(200)
    expect(b.json()).toEqual(a.json())
  })

  it('accepts a session made through one instance on the other, and ends it everywhere', async () => {
    await addStaff(db, { email, password, role: 'admin', name: 'Scale Out' })
    const signIn = await one.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email, password },
    })
    expect(signIn.statusCode, signIn.body).toBe(200)
    const { access_token: token, refresh_token: refresh } = signIn.json<{
      access_token: string
      refresh_token: string
    }>()
    const authorization = `Bearer ${token}`

    const user = await two.inject({ url: '/auth/v1/user', headers: { authorization } })
    expect(user.statusCode, user.body).toBe(200)
    expect(user.json()).toMatchObject({ email })
    const stats = await two.inject({
      url: '/api/content-marketing/stats',
      headers: { authorization },
    })
    expect(stats.statusCode, stats.body).toBe(200)

    // A refresh through the second instance rotates the token for both.
    const refreshed = await two.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: refresh },
    })
    expect(refreshed.statusCode, refreshed.body).toBe(200)

    const logout = await two.inject({
      method: 'POST',
      url: '/auth/v1/logout',
      headers: { authorization },
    })
    expect(logout.statusCode).toBe(204)
    const after = await one.inject({
      url: '/api/content-marketing/stats',
      headers: { authorization },
    })
    expect(after.statusCode).toBe(401)
  })

  it('counts rate limits across both instances (sign-in and tester)', async () => {
    const wrongPassword = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email: `nobody-${prefix}@atlas.test`, password: 'wrong-password-1' },
        remoteAddress: '203.0.113.7',
      })
    // Four allowed per account and IP, spread over the two instances; the fifth is refused.
    const statuses = []
    for (const app of [one, two, one, two, two])
      statuses.push((await wrongPassword(app)).statusCode)
    expect(statuses).toEqual([400, 400, 400, 400, 429])

    const test = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/apis/test',
        payload: { method: 'GET', url: `http://127.0.0.1:${upstream.port}/fast` },
        remoteAddress: '203.0.113.8',
      })
    const tester = []
    for (const app of [one, two, one, two]) tester.push((await test(app)).statusCode)
    expect(tester).toEqual([200, 200, 200, 429])
    const refused = await test(one)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(refused.json<{ error: string }>().error).toMatch(/Too many test requests/)

    // The counters live in Redis under this test's prefix.
    const redis = new Redis(REDIS_URL!)
    try {
      expect((await redis.keys(`${prefix}tester-*`)).length).toBeGreaterThan(0)
      expect((await redis.keys(`${prefix}auth-token-*`)).length).toBeGreaterThan(0)
    } finally {
      await redis.quit()
    }
  })

  it('counts the posts of one account across both instances', async () => {
    const signIn = await one.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email, password },
      remoteAddress: '203.0.113.9',
    })
    expect(signIn.statusCode, signIn.body).toBe(200)
    const authorization = `Bearer ${signIn.json<{ access_token: string }>().access_token}`
    const post = (app: FastifyInstance, content: string) =>
      app.inject({
        method: 'POST',
        url: '/api/content-marketing/post-reddit',
        headers: { authorization },
        payload: { content },
      })
    expect((await post(one, 'First')).statusCode).toBe(200)
    expect((await post(two, 'Second')).statusCode).toBe(200)
    const refused = await post(one, 'Third')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(refused.json<{ error: string }>().error).toMatch(/^Too many posts from this account/)

    const redis = new Redis(REDIS_URL!)
    try {
      expect((await redis.keys(`${prefix}marketing-posts-*`)).length).toBeGreaterThan(0)
    } finally {
      await redis.quit()
    }
  })
})
