// "Check now" (POST /api/apis/:id/check) through the real server, gatekeeper and checker: who may
// ask, what a check answers, and its limits per admin account and per API.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { monitoringResponseSchema } from '../../src/contract/monitoring'
import { startFixtureApis, type FixtureApis } from '../testing/conformanceFixtures'
import { buildOverlayApp } from '../testing/overlayApp'
import { staffAuthorization } from '../testing/staffToken'
import { describeEachDb, openTestDb, type TestDb } from '../testing/testDb'

describeEachDb('Check now', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  let fixtures: FixtureApis
  const auth = {} as Record<'viewer' | 'user' | 'admin' | 'admin2', string>

  beforeAll(async () => {
    db = await openTestDb(kind)
    fixtures = await startFixtureApis()
    app = await buildOverlayApp(db, fixtures, {
      entries: 3,
      options: {
        monitoring: {
          // Every request here comes from one address; that limit is tested with the others.
          perMinute: { check: 1000 },
          checkLimits: {
            perAccount: { max: 3, timeWindowMs: 60 * 60_000 },
            perApi: { max: 1, timeWindowMs: 60 * 60_000 },
          },
        },
      },
    })
    await app.ready()
    const signIn = async (email: string, role: 'viewer' | 'user' | 'admin') =>
      (await staffAuthorization(app, db, { email, role })).authorization
    auth.viewer = await signIn('viewer@checknow.atlas.test', 'viewer')
    auth.user = await signIn('user@checknow.atlas.test', 'user')
    auth.admin = await signIn('admin@checknow.atlas.test', 'admin')
    auth.admin2 = await signIn('admin2@checknow.atlas.test', 'admin')
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await fixtures?.close()
    await db?.dispose()
  })

  const check = (id: string, authorization?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/apis/${id}/check`,
      headers: authorization ? { authorization } : {},
    })

  it('refuses anyone but an admin with a message, and reaches out to nobody for them', async () => {
    const before = fixtures.seen.length
    const anonymous = await check('fixture-match-list')
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual({
      success: false,
      error: 'Sign in first: this needs a staff access token',
    })
    for (const role of ['viewer', 'user'] as const) {
      const refused = await check('fixture-match-list', auth[role])
      expect(refused.statusCode, role).toBe(403)
      expect(refused.json()).toEqual({
        success: false,
        error: 'Checking an API now needs the admin role',
      })
    }
    const forged = await check('fixture-match-list', 'Bearer not-a-token')
    expect(forged.statusCode).toBe(401)
    expect(fixtures.seen.length).toBe(before)
  })

  it('checks the API now for an admin and answers its fresh monitoring', async () => {
    const before = await app.inject({
      method: 'GET',
      url: '/api/apis/fixture-match-list/monitoring',
    })
    expect(monitoringResponseSchema.parse(before.json()).data.health).toBeNull()
    const checked = await check('fixture-match-list', auth.admin)
    expect(checked.statusCode, checked.body).toBe(200)
    expect(checked.headers['cache-control']).toBe('no-store')
    const fresh = monitoringResponseSchema.parse(checked.json()).data
    expect(fresh.apiId).toBe('fixture-match-list')
    expect(fresh.health?.status).toBe('up')
    expect(fresh.conformance.map((entry) => entry.status)).toEqual(['matches'])
    expect(fresh.verified).not.toBeNull()
    // The same answer as the public route now gives.
    const after = await app.inject({
      method: 'GET',
      url: '/api/apis/fixture-match-list/monitoring',
    })
    expect(monitoringResponseSchema.parse(after.json()).data).toEqual(fresh)
    expect(fixtures.seen.some((request) => request.url === '/fixture-match-list/items')).toBe(true)
  })

  it('checks one API at most as often as its limit allows, whoever asks', async () => {
    const seen = fixtures.seen.length
    const again = await check('fixture-match-list', auth.admin2)
    expect(again.statusCode).toBe(429)
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0)
    expect(again.json()).toMatchObject({
      success: false,
      error: expect.stringMatching(
        /^This API was just checked: at most 1 checks of one API an hour, whoever asks\. Try again in \d+ (s|minutes)\.$/,
      ),
    })
    expect(fixtures.seen.length).toBe(seen)
  })

  it('limits each admin account, and another admin keeps their own allowance', async () => {
    // The first admin has used 1 of 3; an unknown API counts too (the account asked).
    expect((await check('no-such-api', auth.admin)).statusCode).toBe(404)
    expect((await check('fixture-match-path', auth.admin)).statusCode).toBe(200)
    const limited = await check('fixture-match-31', auth.admin)
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect(limited.json().error).toMatch(
      /^Too many checks from this account: at most 3 an hour\. Try again in \d+ (s|minutes)\.$/,
    )
    const other = await check('fixture-match-31', auth.admin2)
    expect(other.statusCode, other.body).toBe(200)
    expect(monitoringResponseSchema.parse(other.json()).data.health?.status).toBe('up')
  })

  it('names a bad id', async () => {
    const bad = await check('a'.repeat(300), auth.admin2)
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ success: false, error: expect.stringMatching(/id/) })
  })
})
