import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import {
  marketingStatsResponseSchema,
  postResponseSchema,
  recentPostsResponseSchema,
  scheduledPostsResponseSchema,
} from '../../src/contract/contentMarketing'
import { buildTestApp } from '../testing/testApp'
import { batchFor, startVisit, type UntimedEvent } from '../testing/analyticsVisit'
import { ConnectorError, createConnectors, type Connectors } from '../marketing/connectors'
import {
  AUTHOR_MAY_NOT_PUBLISH,
  claimDuePosts,
  deliverPost,
  sendDuePosts,
} from '../marketing/posts'
import { staffGrantOf } from '../auth/staffGrants'
import { mayPublishPosts } from '../../src/contract/staffRoles'
import { staffAuthorization } from '../testing/staffToken'
import { describeEachDb, openTestDb, type TestDb } from '../testing/testDb'

// Through the real gatekeeper: a staff account signed in with the embedded auth.
let STAFF = ''
const POSTS_PER_HOUR = 5

describeEachDb('content-marketing routes', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  let twitterFails: string | null = null
  const connectors: Connectors = {
    ...createConnectors({}),
    // Twitter is "connected" here through a stand-in that can be told to fail.
    twitter: {
      network: 'twitter',
      mode: 'connected',
      send: async () => {
        if (twitterFails) throw new ConnectorError(twitterFails)
        return { externalId: '42', url: 'https://x.com/i/web/status/42' }
      },
    },
  }

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildTestApp({
      db,
      options: {
        catalog: { load: false },
        marketing: {
          connectors,
          schedulerIntervalMs: 0,
          postRateLimit: { max: POSTS_PER_HOUR, timeWindowMs: 3_600_000 },
        },
      },
    })
    await app.ready()
    STAFF = (await staffAuthorization(app, db, { email: 'marketer@atlas.test', role: 'admin' }))
      .authorization
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })
  beforeEach(async () => {
    twitterFails = null
    await db.exec('delete from marketing_posts; delete from analytics_events')
  })

  const countPosts = async () => {
    const [row] = await db.query<{ count: string }>('select count(*) from marketing_posts')
    return Number(row?.count)
  }
  const get = (url: string, authorization = STAFF) =>
    app.inject({ method: 'GET', url, headers: { authorization } })
  const post = (network: string, body: unknown, authorization = STAFF) =>
    app.inject({
      method: 'POST',
      url: `/api/content-marketing/post-${network}`,
      headers: { authorization },
      payload: body as object,
    })

  it('answers 401 to anyone who is not signed in as staff, on every route, before reading the body', async () => {
    for (const url of ['stats', 'recent-posts', 'scheduled-posts']) {
      const response = await get(`/api/content-marketing/${url}`, 'Bearer nope')
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({
        success: false,
        error: expect.stringMatching(/^Invalid access token/),
      })
      const anon = await get(`/api/content-marketing/${url}`, `Bearer ${app.staffAccess.anonKey()}`)
      expect(anon.statusCode).toBe(401)
    }
    expect((await post('linkedin', { content: '' }, '')).statusCode).toBe(401)
    expect(await countPosts()).toBe(0)
  })

  it('lets an admin, or a user an admin let publish, post and schedule; a viewer or a plain user only reads', async () => {
    const signIn = (email: string, extra: { role?: 'user' | 'viewer'; publish?: boolean }) =>
      staffAuthorization(app, db, { email, ...extra })
    const viewer = await signIn('viewer@marketing.atlas.test', { role: 'viewer' })
    const user = await signIn('user@marketing.atlas.test', { role: 'user' })
    const publisher = await signIn('publisher@marketing.atlas.test', {
      role: 'user',
      publish: true,
    })
    const later = new Date(Date.now() + 3_600_000).toISOString()

    for (const reader of [viewer, user]) {
      for (const url of ['stats', 'recent-posts', 'scheduled-posts']) {
        expect((await get(`/api/content-marketing/${url}`, reader.authorization)).statusCode).toBe(
          200,
        )
      }
      for (const body of [{ content: 'Hello' }, { content: 'Later', scheduledFor: later }]) {
        const refused = await post('reddit', body, reader.authorization)
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toEqual({
          success: false,
          error: expect.stringMatching(/^Publishing and scheduling posts needs the admin role/),
        })
      }
    }
    expect((await post('reddit', {}, viewer.authorization)).json().error).toContain(
      'a viewer (read-only)',
    )
    expect(await countPosts()).toBe(0)

    expect((await post('reddit', { content: 'Hello' }, publisher.authorization)).statusCode).toBe(
      200,
    )
    const scheduled = await post(
      'reddit',
      { content: 'Later', scheduledFor: later },
      publisher.authorization,
    )
    expect(scheduled.statusCode).toBe(202)
    const [stored] = await db.query<{ author_id: string }>(
      'select distinct author_id from marketing_posts',
    )
    expect(stored?.author_id).toBe(publisher.id)

    // The role is read when the account acts: taking the permission away counts at once.
    await db.query('update profiles set permissions = $2 where id = $1', [
      publisher.id,
      ['view_projects', 'view_analytics'],
    ])
    expect((await post('reddit', { content: 'Again' }, publisher.authorization)).statusCode).toBe(
      403,
    )
    expect(await countPosts()).toBe(2)
  })

  it('limits posts per account, wherever they come from, with 429, Retry-After and a message', async () => {
    const { authorization } = await staffAuthorization(app, db, {
      email: 'busy@atlas.test',
      role: 'admin',
    })
    const later = new Date(Date.now() + 3_600_000).toISOString()
    const from = (address: string, body: object) =>
      app.inject({
        method: 'POST',
        url: '/api/content-marketing/post-reddit',
        headers: { authorization },
        payload: body,
        remoteAddress: address,
      })
    // A mistake does not count against the account.
    expect((await from('203.0.113.1', { content: 'x'.repeat(50_000) })).statusCode).toBe(400)
    for (let i = 0; i < POSTS_PER_HOUR; i++) {
      const body = i % 2 ? { content: `Post ${i}`, scheduledFor: later } : { content: `Post ${i}` }
      expect((await from(`203.0.113.${i + 1}`, body)).statusCode).toBeLessThan(300)
    }
    const refused = await from('198.51.100.7', { content: 'One more' })
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json()).toEqual({
      success: false,
      error: expect.stringMatching(
        /^Too many posts from this account: at most 5 an hour, scheduled ones included\. Try again in \d+ minutes\.$/,
      ),
    })
    expect(await countPosts()).toBe(POSTS_PER_HOUR)
    // Another account is not held back by this one.
    expect((await from('198.51.100.7', { content: 'x' })).statusCode).toBe(429)
    expect((await post('reddit', { content: 'Someone else' })).statusCode).toBe(200)
  })

  it('stores a post to a network without credentials in the outbox, says so, and lists it', async () => {
    const response = await post('linkedin', { content: 'Our API security checklist\nRead it.' })
    expect(response.statusCode, response.body).toBe(200)
    const body = postResponseSchema.parse(response.json())
    expect(body).toMatchObject({
      success: true,
      error: null,
      data: {
        post: {
          platform: 'linkedin',
          status: 'published',
          delivery: 'outbox',
          url: null,
          title: 'Our API security checklist',
        },
      },
      connectors: { linkedin: 'outbox', twitter: 'connected', reddit: 'outbox' },
    })
    expect(body.message).toContain('outbox mode is on')

    const recent = recentPostsResponseSchema.parse(
      (await get('/api/content-marketing/recent-posts')).json(),
    )
    expect(recent.data).toEqual([body.data.post])
    const stats = marketingStatsResponseSchema.parse(
      (await get('/api/content-marketing/stats')).json(),
    )
    expect(stats.data.socialStats.linkedin).toEqual({ posts: 1, engagement: 0, reach: 0 })
  })

  it('publishes through a connected network and keeps the post, with the reason, when sending fails', async () => {
    const sent = postResponseSchema.parse((await post('twitter', { content: 'Shipped!' })).json())
    expect(sent.data.post).toMatchObject({
      delivery: 'network',
      url: 'https://x.com/i/web/status/42',
    })
    expect(sent.message).toBe('Published on Twitter.')

    twitterFails = 'Twitter refused the post (HTTP 401: Token expired)'
    const failed = await post('twitter', { content: 'Second' })
    expect(failed.statusCode).toBe(502)
    expect(failed.json()).toMatchObject({
      success: false,
      error: 'Twitter refused the post (HTTP 401: Token expired)',
      data: { post: { status: 'failed', title: 'Second' } },
    })
    const rows = await db.query<{ content: string; status: string; error: string | null }>(
      'select content, status, error from marketing_posts order by created_at',
    )
    expect(rows).toEqual([
      { content: 'Shipped!', status: 'published', error: null },
      {
        content: 'Second',
        status: 'failed',
        error: 'Twitter refused the post (HTTP 401: Token expired)',
      },
    ])
  })

  it('schedules a post for later, lists it, and the scheduler publishes it once it is due', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString()
    const response = await post('reddit', { content: 'AMA on API design', scheduledFor: at })
    expect(response.statusCode).toBe(202)
    const scheduled = scheduledPostsResponseSchema.parse(
      (await get('/api/content-marketing/scheduled-posts')).json(),
    )
    expect(scheduled.data).toEqual([
      {
        id: expect.any(String),
        platform: 'reddit',
        title: 'AMA on API design',
        scheduledTime: at,
        status: 'scheduled',
      },
    ])

    expect(await claimDuePosts(db)).toEqual([])
    await db.query("update marketing_posts set scheduled_for = now() - interval '1 minute'")
    const [due] = await claimDuePosts(db)
    expect(await claimDuePosts(db)).toEqual([]) // claimed once, never twice
    const published = await deliverPost(db, connectors.reddit, due!)
    expect(published).toMatchObject({ status: 'published', delivery: 'outbox' })
    const after = scheduledPostsResponseSchema.parse(
      (await get('/api/content-marketing/scheduled-posts')).json(),
    )
    expect(after.data).toEqual([])
  })

  it('sends a scheduled post only if its author may still publish when it falls due', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString()
    const user = await staffAuthorization(app, db, {
      email: 'scheduler@atlas.test',
      role: 'user',
      publish: true,
    })
    const admin = await staffAuthorization(app, db, { email: 'boss@atlas.test', role: 'admin' })
    for (const [who, content] of [
      [user, 'From the user'],
      [admin, 'From the admin'],
    ] as const) {
      const response = await post('reddit', { content, scheduledFor: later }, who.authorization)
      expect(response.statusCode).toBe(202)
    }
    // The user's permission is taken away before the posts fall due.
    await db.query(`update profiles set permissions = '{view_projects}' where id = $1`, [user.id])
    await db.query("update marketing_posts set scheduled_for = now() - interval '1 minute'")

    const handled = await sendDuePosts(
      db,
      (network) => connectors[network],
      async (authorId) => mayPublishPosts(await staffGrantOf(db, authorId)),
    )
    const outcome = Object.fromEntries(handled.map((row) => [row.content, [row.status, row.error]]))
    expect(outcome).toEqual({
      'From the user': ['failed', AUTHOR_MAY_NOT_PUBLISH],
      'From the admin': ['published', null],
    })
  })

  it.each([
    ['linkedin', {}, "Body field 'content'"],
    ['linkedin', { content: '   \n ' }, 'must not be empty'],
    ['linkedin', { content: 42 }, "Body field 'content'"],
    [
      'twitter',
      { content: 'x'.repeat(281) },
      'Twitter takes at most 280 characters; this post has 281',
    ],
    ['linkedin', { content: 'x'.repeat(3001) }, 'LinkedIn takes at most 3000 characters'],
    ['reddit', { content: 'ok', scheduledFor: 'tomorrow' }, "Body field 'scheduledFor'"],
    ['reddit', { content: 'ok', scheduledFor: '2020-01-01T00:00:00Z' }, 'must be in the future'],
    [
      'myspace',
      { content: 'ok' },
      "Path parameter 'network': must be one of linkedin, twitter, reddit",
    ],
  ])(
    'refuses a post to %s of %j with a clear 400 and stores nothing',
    async (network, body, message) => {
      const response = await post(network, body)
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toContain(message)
      expect(await countPosts()).toBe(0)
    },
  )

  it('computes blog views and conversions from stored analytics events', async () => {
    const visit = await startVisit(app)
    const events: UntimedEvent[] = [
      { type: 'page_view', path: '/blog', viewport: 'desktop', source: 'linkedin' },
      { type: 'page_view', path: '/blog/api-integration-guide-2024', viewport: 'desktop' },
      { type: 'page_view', path: '/tools/tester', viewport: 'desktop' },
    ]
    const stored = await app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: batchFor(visit, events),
    })
    expect(stored.statusCode, stored.body).toBe(202)
    const stats = marketingStatsResponseSchema.parse(
      (await get('/api/content-marketing/stats')).json(),
    )
    expect(stats.data.contentStats).toEqual({
      blogViews: 2,
      socialEngagement: 0,
      conversions: 1,
      reach: 0,
    })
  })
})
