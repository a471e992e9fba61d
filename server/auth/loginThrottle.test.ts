// Brute force on staff sign-in is stopped per address and per account and address, never per
// account alone: a stranger's wrong passwords slow down and stop the stranger, not the owner.
// Delays are asserted as chosen (the sleep is injected), never as time that passed.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/database'
import { buildTestApp } from '../testing/testApp'
import { describeEachDb, openTestDb, type TestDb } from '../testing/testDb'
import { NOTICES_PER_ADDRESS, type RateLimit } from './authRoutes'
import { loginDelayMs, memoryCounter } from './loginThrottle'
import { addStaff } from './staffAccounts'

const PASSWORD = 'correct-horse-7'
const REDIS_URL = process.env.REDIS_URL || undefined

/** Polls until check passes; the test fails by its own timeout if it never does. */
const eventually = async (check: () => Promise<boolean>) => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 25))
}

type Harness = { app: FastifyInstance; delays: number[] }

/** An app whose throttle records each delay it chooses instead of waiting it out. */
const throttledApp = async (
  db: Db,
  rateLimit?: RateLimit,
  env: Record<string, string> = {},
  redisPrefix?: string,
): Promise<Harness> => {
  const delays: number[] = []
  const app = buildTestApp({
    db,
    env,
    options: {
      catalog: { load: false },
      auth: {
        rateLimit,
        throttle: {
          sleep: async (ms) => {
            delays.push(ms)
          },
        },
      },
      ...(redisPrefix && { redis: { keyPrefix: redisPrefix } }),
    },
  })
  await app.ready()
  return { app, delays }
}

const signIn = (app: FastifyInstance, email: string, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    remoteAddress: ip,
    payload: { email, password },
  })

describe('loginDelayMs', () => {
  it('waits nothing for two failures, then 250 ms doubling per failure up to 5 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 20].map(loginDelayMs)).toEqual([
      0, 0, 0, 250, 500, 1000, 2000, 4000, 5000, 5000,
    ])
  })
})

describeEachDb('sign-in throttling', (kind) => {
  let db: TestDb
  const domain = `${randomBytes(4).toString('hex')}.throttle.test`
  const emailOf = (name: string) => `${name}@${domain}`
  const ids: Record<string, string> = {}
  const apps: FastifyInstance[] = []

  const harness = async (rateLimit?: RateLimit) => {
    const built = await throttledApp(db, rateLimit)
    apps.push(built.app)
    return built
  }

  const events = (userId: string) =>
    db.query<{ event_type: string; description: string; ip_address: string }>(
      `select event_type, description, ip_address from security_events
       where user_id = $1 and event_type = 'LOGIN_THROTTLED' order by id`,
      [userId],
    )

  beforeAll(async () => {
    db = await openTestDb(kind)
    // The first app migrates the database; accounts are added after.
    await harness()
    for (const name of ['owner', 'slow', 'watched', 'six', 'typo', 'early', 'late']) {
      ids[name] = (await addStaff(db, { email: emailOf(name), password: PASSWORD })).account.id
    }
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await db?.query('delete from auth.users where email like $1', [`%@${domain}`])
    await db?.dispose()
  })

  it("a stranger's 30 wrong passwords do not stop the owner signing in from another address", async () => {
    // The default limits: 30 token requests per address per 5 minutes.
    const { app } = await harness()
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) {
      statuses.push(
        (await signIn(app, emailOf('owner'), `Wrong-pass-${i}`, '198.51.100.66')).statusCode,
      )
    }
    // The stranger is stopped: first on this account from this address, then at the address.
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(400))
    expect(statuses.slice(10)).toEqual(Array<number>(20).fill(429))
    const stopped = await signIn(app, emailOf('owner'), PASSWORD, '198.51.100.66')
    expect(stopped.statusCode).toBe(429)
    expect(stopped.json()).toMatchObject({ code: 'over_request_rate_limit' })
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0)

    const owner = await signIn(app, emailOf('owner'), PASSWORD, '203.0.113.5')
    expect(owner.statusCode, owner.body).toBe(200)
    expect(owner.json()).toMatchObject({ user: { id: ids.owner } })
  })

  it('repeated failures slow down progressively, per account and address', async () => {
    const { app, delays } = await harness()
    for (let i = 0; i < 8; i++) {
      expect(
        (await signIn(app, emailOf('slow'), `Wrong-pass-${i}`, '198.51.100.7')).statusCode,
      ).toBe(400)
    }
    expect(delays).toEqual([250, 500, 1000, 2000, 4000])
    // The owner from a clean address is not held back at all.
    expect((await signIn(app, emailOf('slow'), PASSWORD, '203.0.113.8')).statusCode).toBe(200)
    expect(delays).toHaveLength(5)
    // From the failing address the right password waits too (a guesser cannot tell a right
    // answer by its speed), then clears the count.
    expect((await signIn(app, emailOf('slow'), PASSWORD, '198.51.100.7')).statusCode).toBe(200)
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 5000])
    expect((await signIn(app, emailOf('slow'), 'Wrong-pass-x', '198.51.100.7')).statusCode).toBe(
      400,
    )
    expect(delays).toHaveLength(6)
  })

  it('slows an unknown email exactly as a known one, so the delay gives no account away', async () => {
    const { app, delays } = await harness()
    for (let i = 0; i < 5; i++) {
      expect(
        (await signIn(app, emailOf('nobody'), `Wrong-pass-${i}`, '198.51.100.9')).statusCode,
      ).toBe(400)
    }
    expect(delays).toEqual([250, 500])
  })

  it('a throttled account gets a security event, once when slowed and once when stopped', async () => {
    const { app } = await harness({ max: 30, timeWindowMs: 60_000 })
    for (let i = 0; i < 14; i++) {
      await signIn(app, emailOf('watched'), `Wrong-pass-${i}`, '198.51.100.44')
    }
    await eventually(async () => (await events(ids.watched!)).length >= 2)
    expect(await events(ids.watched!)).toEqual([
      {
        event_type: 'LOGIN_THROTTLED',
        description: 'Sign-in slowed down: 4 failed attempts in a row from this address',
        ip_address: '198.51.100.44',
      },
      {
        event_type: 'LOGIN_THROTTLED',
        description: 'Sign-in refused for 1 minute: 10 failed sign-ins from this address',
        ip_address: '198.51.100.44',
      },
    ])
    // The owner reads them through the table API like every other event of theirs.
    const token = (await signIn(app, emailOf('watched'), PASSWORD, '203.0.113.44')).json<{
      access_token: string
    }>().access_token
    const read = await app.inject({
      url: `/rest/v1/security_events?select=event_type&user_id=eq.${ids.watched}&event_type=eq.LOGIN_THROTTLED`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(read.json()).toEqual([
      { event_type: 'LOGIN_THROTTLED' },
      { event_type: 'LOGIN_THROTTLED' },
    ])
  })

  it('tells the owners of the first accounts an address tries past its limit, not a crowd’s every one', async () => {
    const { app } = await throttledApp(db, { max: 1, timeWindowMs: 60_000 })
    const from = '198.51.100.120'
    expect((await signIn(app, emailOf('nobody-0'), 'Wrong-pass-0', from)).statusCode).toBe(400)
    const refused = [emailOf('early')]
    for (let i = 1; i <= NOTICES_PER_ADDRESS; i++) refused.push(emailOf(`nobody-${i}`))
    refused.push(emailOf('late'))
    for (const email of refused) {
      expect((await signIn(app, email, 'Wrong-pass-1', from)).statusCode).toBe(429)
    }
    // Closing waits for the events still being stored.
    await app.close()
    expect(await events(ids.early!)).toEqual([
      {
        event_type: 'LOGIN_THROTTLED',
        description: 'Sign-in refused for 1 minute: too many sign-in attempts from this address',
        ip_address: from,
      },
    ])
    expect(await events(ids.late!)).toEqual([])
  })

  it('stores no throttle event for an owner who mistypes three times, then gets in', async () => {
    const { app, delays } = await harness()
    for (let i = 0; i < 3; i++) {
      expect(
        (await signIn(app, emailOf('typo'), `Wrong-pass-${i}`, '198.51.100.50')).statusCode,
      ).toBe(400)
    }
    expect((await signIn(app, emailOf('typo'), PASSWORD, '198.51.100.50')).statusCode).toBe(200)
    expect(delays).toEqual([250])
    await eventually(async () => {
      const [row] = await db.query<{ n: number }>(
        `select count(*)::int as n from security_events where user_id = $1 and event_type = 'LOGIN_FAILED'`,
        [ids.typo],
      )
      return row!.n === 3
    })
    expect(await events(ids.typo!)).toEqual([])
  })

  it('IPv6 addresses in one /64 share a limit; another /64 has its own', async () => {
    const { app, delays } = await harness({ max: 3, timeWindowMs: 60_000 })
    const statuses = []
    for (const [i, host] of ['1', '2', 'ffff:0:3'].entries()) {
      statuses.push(
        (await signIn(app, emailOf(`v6-${i}`), 'Wrong-pass-1', `2001:db8:6:1::${host}`)).statusCode,
      )
    }
    statuses.push((await signIn(app, emailOf('six'), PASSWORD, '2001:db8:6:1:abcd::9')).statusCode)
    expect(statuses).toEqual([400, 400, 400, 429])
    expect((await signIn(app, emailOf('six'), PASSWORD, '2001:db8:6:2::1')).statusCode).toBe(200)
    expect(delays).toEqual([])
  })

  it('counts failures on one account across the addresses of one /64', async () => {
    const { app, delays } = await harness()
    for (let i = 0; i < 5; i++) {
      await signIn(app, emailOf('six'), `Wrong-pass-${i}`, `2001:db8:7:1::${i + 1}`)
    }
    expect(delays).toEqual([250, 500])
  })
})

describe.skipIf(!REDIS_URL)('sign-in throttling across instances (Redis)', () => {
  let db: TestDb
  const prefix = `test:${randomBytes(6).toString('hex')}:`
  const email = `spread@${randomBytes(4).toString('hex')}.throttle.test`
  let one: Harness
  let two: Harness

  beforeAll(async () => {
    db = await openTestDb()
    one = await throttledApp(db, undefined, { REDIS_URL: REDIS_URL! }, prefix)
    two = await throttledApp(db, undefined, { REDIS_URL: REDIS_URL! }, prefix)
    await addStaff(db, { email, password: PASSWORD })
  })
  afterAll(async () => {
    await one?.app.close()
    await two?.app.close()
    await db?.dispose()
    // Only this test's keys.
    const redis = new Redis(REDIS_URL!)
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })

  it('slows down and stops failures spread over two instances as if they were one', async () => {
    const statuses = []
    for (let i = 0; i < 11; i++) {
      const app = i % 2 === 0 ? one.app : two.app
      statuses.push((await signIn(app, email, `Wrong-pass-${i}`, '198.51.100.88')).statusCode)
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429])
    expect([...one.delays, ...two.delays].sort((a, b) => a - b)).toEqual([
      250, 500, 1000, 2000, 4000, 5000, 5000,
    ])
  })
})

describe('the counter in memory', () => {
  const counts = async (counter: ReturnType<typeof memoryCounter>, keys: string[]) =>
    Promise.all(keys.map(async (key) => (await counter.add(key)).count))
  const keys = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => `key-${from + i}`)

  it('forgets the oldest tenth at once when full, so a crowd of fresh keys is not one scan each', async () => {
    const counter = memoryCounter(60_000, () => 0, 100)
    await counts(counter, keys(0, 100))
    await counter.add('fresh')
    // Remembered first: asking for a forgotten key again starts it anew at the back.
    expect(await counts(counter, keys(10, 12))).toEqual([2, 2])
    expect(await counts(counter, keys(0, 2))).toEqual([1, 1])
  })

  it('forgets keys whose window has ended before any still counting', async () => {
    let time = 0
    const counter = memoryCounter(60_000, () => time, 100)
    await counts(counter, keys(0, 40))
    time = 30_000
    await counts(counter, keys(40, 100))
    time = 60_001
    await counter.add('fresh')
    expect(await counts(counter, keys(40, 42))).toEqual([2, 2])
    expect(await counts(counter, keys(0, 2))).toEqual([1, 1])
  })
})
