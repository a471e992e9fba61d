// Every role against every staff route: which routes need a staff token is found by asking each
// /api route as a stranger, so a staff route added later without a row below fails this test.
import type { FastifyInstance, HTTPMethods } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConnectors } from './marketing/connectors'
import { buildTestApp } from './testing/testApp'
import { staffAuthorization } from './testing/staffToken'
import { describeEachDb, openTestDb, type TestDb } from './testing/testDb'

const CALLERS = ['anonymous', 'anon key', 'viewer', 'user', 'user+publish', 'admin'] as const
type Caller = (typeof CALLERS)[number]

type Row = {
  /** The request made: a concrete address (the route's parameters filled) and body. */
  url: string
  payload?: object
  /** The status each caller gets. */
  status: Record<Caller, number>
}

const READ = {
  anonymous: 401,
  'anon key': 401,
  viewer: 200,
  user: 200,
  'user+publish': 200,
  admin: 200,
} as const
/** Acts on the company's social accounts: admins, and users an admin let publish. */
const PUBLISH = { ...READ, viewer: 403, user: 403 } as const

const MATRIX: Record<string, Row> = {
  'GET /api/content-marketing/stats': { url: '/api/content-marketing/stats', status: READ },
  'GET /api/content-marketing/recent-posts': {
    url: '/api/content-marketing/recent-posts',
    status: READ,
  },
  'GET /api/content-marketing/scheduled-posts': {
    url: '/api/content-marketing/scheduled-posts',
    status: READ,
  },
  'POST /api/content-marketing/post-:network': {
    url: '/api/content-marketing/post-reddit',
    payload: { content: 'Matrix post' },
    status: PUBLISH,
  },
  'GET /api/dashboard/activity': { url: '/api/dashboard/activity', status: READ },
  'GET /api/analytics/report': { url: '/api/analytics/report?days=7', status: READ },
  // Admins only; past the role check, an API this test's empty catalogue lacks is a 404.
  'POST /api/apis/:id/check': {
    url: '/api/apis/no-such-api/check',
    status: { ...READ, viewer: 403, user: 403, 'user+publish': 403, admin: 404 },
  },
}

/** What app.requireStaff answers a request without a token. */
const NEEDS_STAFF = 'Sign in first: this needs a staff access token'
const ASKED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])

describeEachDb('each role against each staff route', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  const routes: { method: HTTPMethods; url: string }[] = []
  const authorization = {} as Record<Caller, string | undefined>

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildTestApp({
      db,
      options: {
        catalog: { load: false },
        marketing: { connectors: createConnectors({}), schedulerIntervalMs: 0 },
      },
    })
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url })
    })
    await app.ready()
    authorization.anonymous = undefined
    authorization['anon key'] = `Bearer ${app.staffAccess.anonKey()}`
    const signIn = async (email: string, extra: object) =>
      (await staffAuthorization(app, db, { email, ...extra })).authorization
    authorization.viewer = await signIn('viewer@atlas.test', { role: 'viewer' })
    authorization.user = await signIn('user@atlas.test', { role: 'user' })
    authorization['user+publish'] = await signIn('publisher@atlas.test', {
      role: 'user',
      publish: true,
    })
    authorization.admin = await signIn('admin@atlas.test', { role: 'admin' })
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })

  it('has a row for every route that needs a staff token, and no row for any other', async () => {
    const staffRoutes: string[] = []
    for (const { method, url } of routes) {
      if (!url.startsWith('/api/') || !ASKED_METHODS.has(method)) continue
      const response = await app.inject({
        method,
        url: url.replace(/:\w+/g, 'x').replace(/\*/g, 'x'),
      })
      if (response.statusCode === 401 && response.json().error === NEEDS_STAFF) {
        staffRoutes.push(`${method} ${url}`)
      }
    }
    expect(staffRoutes.sort()).toEqual(Object.keys(MATRIX).sort())
  })

  describe.each(Object.entries(MATRIX))('%s', (_route, row) => {
    it.each(CALLERS.map((caller) => [caller, row.status[caller]] as const))(
      '%s gets %i',
      async (caller, status) => {
        const token = authorization[caller]
        const method = _route.split(' ')[0] as HTTPMethods
        const response = await app.inject({
          method,
          url: row.url,
          headers: token ? { authorization: token } : {},
          ...(row.payload ? { payload: row.payload } : {}),
        })
        expect(response.statusCode, response.body).toBe(status)
        if (status >= 400) expect(response.json()).toMatchObject({ success: false })
      },
    )
  })

  it('stored only the posts of those who may publish', async () => {
    const rows = await db.query<{ email: string }>(
      `select p.email from marketing_posts m join profiles p on p.id = m.author_id order by 1`,
    )
    expect(rows.map((row) => row.email)).toEqual(['admin@atlas.test', 'publisher@atlas.test'])
  })
})
