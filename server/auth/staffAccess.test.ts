import { createServer, type Server } from 'node:http'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiErrorSchema } from '../../src/contract/common'
import path from 'node:path'
import { buildApp } from '../app'
import type { Env } from '../config'
import type { Db } from '../db/database'
import {
  openSecondConnection,
  openTestDb,
  TEST_DATABASE_URL,
  testConfig,
  type TestDb,
} from '../testing/testDb'
import { addStaff } from './staffAccounts'

const PASSWORD = 'correct-horse-7'

const appOn = (db: Db, env: Env = {}) =>
  buildApp(testConfig(env, { staticDir: path.join(import.meta.dirname, 'no-such-dist') }), {
    db,
    logger: false,
    operations: { load: false },
    catalog: { load: false },
  })

/** A staff-only route, as other /api modules declare theirs. */
const withProbe = (app: FastifyInstance) => {
  app.register(
    async (scope) => {
      scope.get('/staff-probe', { preHandler: app.requireStaff }, async (request) => ({
        success: true,
        data: { id: request.staff!.id, email: request.staff!.email ?? null },
      }))
    },
    { prefix: '/api' },
  )
  return app
}

const probe = (app: FastifyInstance, token?: string) =>
  app.inject({
    url: '/api/staff-probe',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })

const expect401 = (response: Awaited<ReturnType<typeof probe>>, message: RegExp) => {
  expect(response.statusCode).toBe(401)
  const body = apiErrorSchema.parse(response.json())
  expect(body.error).toMatch(message)
}

describe('app.requireStaff', () => {
  let db: TestDb
  beforeAll(async () => {
    db = await openTestDb()
  })
  afterAll(async () => {
    await db.dispose()
  })

  describe('embedded mode', () => {
    let app: FastifyInstance
    let userId: string
    beforeAll(async () => {
      app = withProbe(appOn(db))
      await app.ready()
      userId = (await addStaff(db, { email: 'probe@atlas.test', password: PASSWORD })).account.id
    })
    afterAll(async () => {
      await app.close()
    })

    const signIn = async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email: 'probe@atlas.test', password: PASSWORD },
      })
      expect(response.statusCode).toBe(200)
      return response.json<{ access_token: string }>().access_token
    }

    it('lets a signed-in staff member through with request.staff set', async () => {
      const response = await probe(app, await signIn())
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        success: true,
        data: { id: userId, email: 'probe@atlas.test' },
      })
    })

    it('answers 401 without a token, with the anon key or a broken one', async () => {
      expect401(await probe(app), /Sign in first/)
      expect401(await probe(app, app.staffAccess.anonKey()), /not the anon key/)
      expect401(await probe(app, 'a.b.c'), /Invalid access token/)
    })

    it('answers 401 once the session is signed out', async () => {
      const token = await signIn()
      const logout = await app.inject({
        method: 'POST',
        url: '/auth/v1/logout?scope=local',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      })
      expect(logout.statusCode).toBe(204)
      expect401(await probe(app, token), /session has ended/)
    })
  })

  describe('hosted mode', () => {
    const secret = 's'.repeat(40)
    const env = {
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'hosted-anon-key',
      SUPABASE_JWT_SECRET: secret,
    }
    let app: FastifyInstance
    beforeAll(async () => {
      app = withProbe(appOn(db, env))
      await app.ready()
    })
    afterAll(async () => {
      await app.close()
    })

    const token = (claims: Record<string, unknown>, key = secret, expiresIn = '1h') =>
      new SignJWT({ role: 'authenticated', email: 'hosted@atlas.test', ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('6f1c1a4e-0000-4000-8000-000000000001')
        .setAudience('authenticated')
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(new TextEncoder().encode(key))

    const staff = { app_metadata: { provider: 'email', staff: true } }

    it("verifies the project's tokens with SUPABASE_JWT_SECRET", async () => {
      const response = await probe(app, await token(staff))
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        data: { id: '6f1c1a4e-0000-4000-8000-000000000001', email: 'hosted@atlas.test' },
      })
    })

    it('refuses another secret, an expired token and the anon role', async () => {
      expect401(await probe(app, await token(staff, 'o'.repeat(40))), /signature/)
      expect401(await probe(app, await token(staff, secret, '-1m')), /expired/)
      expect401(await probe(app, await token({ ...staff, role: 'anon' })), /anon key/)
    })

    it('refuses a signed-in account the project’s admins have not made staff', async () => {
      // Anyone may sign up to a hosted project; user_metadata is theirs to write.
      for (const claims of [
        {},
        { app_metadata: { provider: 'email' } },
        { app_metadata: { staff: 'true' } },
        { user_metadata: { staff: true } },
        { staff: true },
      ]) {
        const response = await probe(app, await token(claims))
        expect(response.statusCode).toBe(403)
        expect(apiErrorSchema.parse(response.json()).error).toMatch(
          /not staff: a project admin sets app_metadata\.staff to true/,
        )
      }
    })

    it('does not serve /auth/v1 or /rest/v1: the browser talks to the project', async () => {
      for (const url of ['/auth/v1/user', '/rest/v1/profiles', '/auth/v1/.well-known/jwks.json']) {
        const response = await app.inject({ url })
        expect(response.statusCode).toBe(404)
        expect(apiErrorSchema.parse(response.json()).error).toMatch(/No route/)
      }
    })
  })

  describe('hosted mode with asymmetric keys (JWKS)', () => {
    let jwks: Server
    let app: FastifyInstance
    let privateKey: CryptoKey
    beforeAll(async () => {
      const pair = await generateKeyPair('ES256')
      privateKey = pair.privateKey
      const publicJwk = {
        ...(await exportJWK(pair.publicKey)),
        kid: 'k1',
        alg: 'ES256',
        use: 'sig',
      }
      jwks = createServer((_request, response) => {
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ keys: [publicJwk] }))
      })
      await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve))
      const address = jwks.address()
      if (!address || typeof address === 'string') throw new Error('no address')
      app = withProbe(
        appOn(db, {
          SUPABASE_URL: 'https://abc.supabase.co',
          SUPABASE_ANON_KEY: 'hosted-anon-key',
          SUPABASE_JWKS_URL: `http://127.0.0.1:${address.port}/auth/v1/.well-known/jwks.json`,
        }),
      )
      await app.ready()
    })
    afterAll(async () => {
      await app.close()
      await new Promise((resolve) => jwks.close(resolve))
    })

    it("verifies the project's ES256 tokens against its key set", async () => {
      const signed = await new SignJWT({ role: 'authenticated', app_metadata: { staff: true } })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setSubject('6f1c1a4e-0000-4000-8000-000000000002')
        .setAudience('authenticated')
        .setExpirationTime('1h')
        .sign(privateKey)
      const response = await probe(app, signed)
      expect(response.statusCode).toBe(200)
      const other = await generateKeyPair('ES256')
      const forged = await new SignJWT({ role: 'authenticated', app_metadata: { staff: true } })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setSubject('6f1c1a4e-0000-4000-8000-000000000002')
        .setAudience('authenticated')
        .setExpirationTime('1h')
        .sign(other.privateKey)
      expect401(await probe(app, forged), /Invalid access token/)
    })
  })
})

describe('the signing secret', () => {
  it('stays the same across restarts, so tokens and the anon key survive them', async () => {
    const db = await openTestDb()
    try {
      const first = appOn(db)
      await first.ready()
      const anonKey = first.staffAccess.anonKey()
      await first.close()
      const second = appOn(db)
      await second.ready()
      expect(second.staffAccess.anonKey()).toBe(anonKey)
      await expect(second.staffAccess.verify(anonKey!)).resolves.toMatchObject({ role: 'anon' })
      await second.close()
    } finally {
      await db.dispose()
    }
  })

  it.skipIf(!TEST_DATABASE_URL)('is shared by several servers on one Postgres', async () => {
    const db = await openTestDb('postgres')
    const other = await openSecondConnection(db)
    const [one, two] = [appOn(db), appOn(other)]
    try {
      await Promise.all([one.ready(), two.ready()])
      expect(two.staffAccess.anonKey()).toBe(one.staffAccess.anonKey())
      await addStaff(db, { email: 'shared@secret.test', password: PASSWORD })
      const signIn = await one.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email: 'shared@secret.test', password: PASSWORD },
      })
      const { access_token: token } = signIn.json<{ access_token: string }>()
      const user = await two.inject({
        url: '/auth/v1/user',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(user.statusCode).toBe(200)
    } finally {
      await Promise.all([one.close(), two.close()])
      await db.query("delete from auth.users where email = 'shared@secret.test'")
      await other.close()
      await db.dispose()
    }
  })
})
