import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  apiDetailResponseSchema,
  apiListResponseSchema,
  categoryApisResponseSchema,
  type ApiListResponse,
} from '../../src/contract/apis'
import { CATEGORY_SLUGS, categoriesResponseSchema } from '../../src/contract/categories'
import { buildTestApp } from '../testing/testApp'
import { describeEachDb, openTestDb, type TestDb } from '../testing/testDb'

describeEachDb('catalogue routes', (kind) => {
  let db: TestDb
  let app: FastifyInstance

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildTestApp({ db })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers })
  const list = async (url: string) => {
    const response = await get(url)
    expect(response.statusCode, response.body).toBe(200)
    return apiListResponseSchema.parse(response.json()).data
  }
  const ids = (data: ApiListResponse['data']) => data.apis.map((api) => api.id)

  it('serves at least 2,000 APIs in exactly 18 non-empty categories', async () => {
    const response = await get('/api/categories')
    const { categories } = categoriesResponseSchema.parse(response.json()).data
    expect(categories.map((category) => category.slug)).toEqual([...CATEGORY_SLUGS])
    for (const category of categories) expect(category.count).toBeGreaterThanOrEqual(5)
    const total = categories.reduce((sum, category) => sum + category.count, 0)
    expect(total).toBeGreaterThanOrEqual(2000)
    expect((await list('/api/apis')).total).toBe(total)
  })

  it('answers the first page, most popular first, without parameters', async () => {
    const data = await list('/api/apis')
    expect(data).toMatchObject({ page: 1, limit: 24 })
    expect(data.apis).toHaveLength(24)
    // Listed by both sources with many operations: not "1,000,000+ Recipe and Grocery List API".
    for (const api of data.apis.slice(0, 10)) {
      expect(api.sources, api.id).toEqual(['apis-guru', 'public-apis'])
      expect(api.endpointCount, api.id).toBeGreaterThan(20)
    }
    expect(await list('/api/apis?sort=popular')).toEqual(data)
    const names = (await list('/api/apis?sort=name')).apis.map((api) => api.name)
    expect(names).toEqual(
      [...names].sort(new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare),
    )
    // Lists stay compact: no endpoints or long descriptions.
    expect(Object.keys(data.apis[0]!)).not.toContain('endpoints')
    expect(Object.keys(data.apis[0]!)).not.toContain('description')
  })

  it("puts Stripe's API first when searching for stripe, in any case or with a typo", async () => {
    for (const query of ['stripe', 'Stripe', 'STRIPE ', 'strpe', 'stripe api']) {
      expect(ids(await list(`/api/apis?search=${encodeURIComponent(query)}`))[0]).toBe('stripe-com')
    }
  })

  it('ranks well-known APIs first for their names', async () => {
    expect(ids(await list('/api/apis?search=youtube'))[0]).toBe('googleapis-com-youtube')
    expect(ids(await list('/api/apis?search=github'))[0]).toBe('github-com-api-github-com')
    expect(ids(await list('/api/apis?search=twilio'))[0]).toBe('twilio-com-api')
    expect(ids(await list('/api/apis?search=openai'))[0]).toBe('openai-com')
    const spotify = await list('/api/apis?search=spotify')
    expect(spotify.apis[0]!.provider).toBe('spotify.com')
  })

  it('ranks a name match above a description-only match', async () => {
    const data = await list('/api/apis?search=weather&limit=100')
    const first = data.apis[0]!
    expect(first.name.toLowerCase()).toContain('weather')
    const lastNameMatch = data.apis.findLastIndex((api) => /weather/i.test(api.name))
    const firstOther = data.apis.findIndex((api) => !/weather/i.test(api.name))
    if (firstOther !== -1) expect(lastNameMatch).toBeLessThan(firstOther)
  })

  it('treats blank parameters as not given, as a form submits them', async () => {
    const blank = await list(
      '/api/apis?search=&category=&auth=&https=&cors=&free=&sort=&page=&limit=',
    )
    expect(blank).toMatchObject({ page: 1, limit: 24 })
    expect(blank.total).toBeGreaterThanOrEqual(2000)
  })

  it('answers 404, not 500, to ids that cannot exist', async () => {
    for (const id of ['%00', 'Stripe-Com', '%F0%9F%99%82', "a'b", '-x']) {
      const response = await get(`/api/apis/${id}`)
      expect(response.statusCode, id).toBe(404)
      expect(response.json()).toEqual({ success: false, error: 'API not found' })
    }
  })

  it('answers odd searches with 200, never an error', async () => {
    for (const query of [
      '',
      'x'.repeat(2000),
      "' or 1=1; drop table apis; --",
      '.*(+?[',
      '%25_',
      '日本語 🙂',
    ]) {
      const response = await get(`/api/apis?search=${encodeURIComponent(query)}`)
      expect(response.statusCode, query).toBe(200)
    }
    expect((await list('/api/apis?search=')).total).toBeGreaterThanOrEqual(2000)
    expect((await list('/api/apis?search=qqqqzzzzxxxx')).total).toBe(0)
  })

  it('filters by category, auth and https, and combines filters with search', async () => {
    const payments = await list('/api/apis?category=payments&limit=100')
    expect(payments.total).toBeGreaterThanOrEqual(5)
    expect(payments.apis.every((api) => api.category === 'payments')).toBe(true)
    expect(ids(payments)).toContain('stripe-com')

    const oauth = await list('/api/apis?auth=oauth2&limit=100')
    expect(oauth.total).toBeGreaterThan(0)
    const detail = await get(`/api/apis/${oauth.apis[0]!.id}`)
    expect(apiDetailResponseSchema.parse(detail.json()).data.api.authTypes).toContain('oauth2')

    const plain = await list('/api/apis?https=false&limit=100')
    expect(plain.total).toBeGreaterThan(0)
    expect(plain.apis.every((api) => api.https === false)).toBe(true)
    const unknown = await list('/api/apis?cors=unknown')
    expect(unknown.apis.every((api) => api.cors === null)).toBe(true)
  })

  it('finds real APIs for CORS, Free and HTTPS, as the two sources say', async () => {
    for (const filter of ['cors', 'free', 'https'] as const) {
      const data = await list(`/api/apis?${filter}=true&limit=100`)
      expect(data.total, filter).toBeGreaterThan(100)
      expect(data.apis.every((api) => api[filter] === true)).toBe(true)
    }
    // A beginner's API the OpenAPI catalogue lacks, from the list: CORS, HTTPS, free.
    const dogs = await list('/api/apis?search=dog%20ceo&cors=true&free=true&https=true')
    expect(ids(dogs)).toContain('dogs-dog-ceo')
    // GitHub's REST API is in both: the list supplies the CORS the document leaves unknown.
    const github = await get('/api/apis/github-com-api-github-com')
    expect(apiDetailResponseSchema.parse(github.json()).data.api).toMatchObject({
      cors: true,
      free: true,
      sources: ['apis-guru', 'public-apis'],
    })
  })

  it('lists one entry per API: no two share name and provider', async () => {
    const seen = new Set<string>()
    const { total } = await list('/api/apis?limit=1')
    for (let page = 1; (page - 1) * 100 < total; page++) {
      for (const api of (await list(`/api/apis?limit=100&page=${page}&sort=name`)).apis) {
        const key = `${api.provider} ${api.name.toLowerCase()}`
        expect(seen.has(key), key).toBe(false)
        seen.add(key)
      }
    }
    expect(seen.size).toBe(total)
    const github = await list('/api/apis?search=github%20v3%20rest&limit=100')
    expect(github.apis.filter((api) => api.name === 'GitHub v3 REST API')).toHaveLength(1)
  })

  it('answers a grouped version with its entry and all the entry’s versions, default first', async () => {
    const response = await get('/api/apis/github-com-ghes-3-8')
    const { api } = apiDetailResponseSchema.parse(response.json()).data
    expect(api.entry).toBe('github-com-api-github-com')
    expect(api.versions).toHaveLength(16)
    expect(api.versions[0]).toEqual({ id: 'github-com-api-github-com', label: 'api.github.com' })
    expect(api.versions).toContainEqual({ id: 'github-com-ghes-3-8', label: 'ghes-3.8' })
    expect(api.docs).toBe('https://docs.github.com/enterprise-server@3.8/rest/')
    const azure = await list('/api/apis?search=SqlManagementClient&limit=100')
    expect(azure.apis.filter((one) => one.name === 'SqlManagementClient')).toHaveLength(1)
  })

  it('answers an API only the public-apis list knows, without operations', async () => {
    const response = await get('/api/apis/dogs-dog-ceo')
    expect(apiDetailResponseSchema.parse(response.json()).data.api).toMatchObject({
      name: 'Dogs',
      provider: 'dog.ceo',
      baseUrl: null,
      docs: 'https://dog.ceo/dog-api/',
      endpoints: [],
      endpointCount: 0,
      rating: null,
      sources: ['public-apis'],
    })
  })

  it('combines a filter with search', async () => {
    const both = await list('/api/apis?search=stripe&category=finance')
    expect(ids(both)).not.toContain('stripe-com')
  })

  it('sorts by name or by update date on request', async () => {
    const byUpdated = await list('/api/apis?sort=updated&limit=100')
    const dates = byUpdated.apis.map((api) => api.updated)
    expect(dates).toEqual([...dates].sort().reverse())
    const byName = await list('/api/apis?search=twilio&sort=name&limit=100')
    expect(byName.apis.map((api) => api.name)).toEqual(
      byName.apis
        .map((api) => api.name)
        .sort(new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare),
    )
  })

  it('pages without overlap and reports the total', async () => {
    const first = await list('/api/apis?limit=10&page=1')
    const second = await list('/api/apis?limit=10&page=2')
    expect(first.apis).toHaveLength(10)
    expect(second).toMatchObject({ page: 2, limit: 10, total: first.total })
    expect(ids(first).filter((id) => ids(second).includes(id))).toEqual([])
    const beyond = await list(`/api/apis?limit=100&page=${Math.ceil(first.total / 100) + 1}`)
    expect(beyond.apis).toEqual([])
    expect((await list('/api/apis?limit=100')).apis).toHaveLength(100)
  })

  it.each([
    ['/api/apis?page=0', 400, "Query parameter 'page'"],
    ['/api/apis?page=-1', 400, "Query parameter 'page'"],
    ['/api/apis?page=abc', 400, "Query parameter 'page'"],
    ['/api/apis?limit=10000', 400, "Query parameter 'limit'"],
    ['/api/apis?limit=0', 400, "Query parameter 'limit'"],
    ['/api/apis?https=maybe', 400, "Query parameter 'https': must be true, false or unknown"],
    ['/api/apis?free=yes', 400, "Query parameter 'free'"],
    ['/api/apis?category=nope', 400, "Query parameter 'category': must be one of cloud"],
    ['/api/apis?auth=magic', 400, "Query parameter 'auth'"],
    ['/api/apis?sort=random', 400, "Query parameter 'sort'"],
    ['/api/apis/no-such-api', 404, 'API not found'],
    ['/api/apis/category/nope', 404, 'Category not found'],
    ['/api/apis/category/payments?page=0', 400, "Query parameter 'page'"],
  ])('%s answers %i naming the problem', async (url, status, message) => {
    const response = await get(url)
    expect(response.statusCode).toBe(status)
    expect(response.json()).toEqual({ success: false, error: expect.stringContaining(message) })
  })

  it('answers one API with everything, endpoints included', async () => {
    const response = await get('/api/apis/stripe-com')
    expect(response.statusCode).toBe(200)
    const { api } = apiDetailResponseSchema.parse(response.json()).data
    expect(api).toMatchObject({
      id: 'stripe-com',
      name: 'Stripe API',
      provider: 'stripe.com',
      category: 'payments',
      baseUrl: 'https://api.stripe.com',
      https: true,
      rating: null,
    })
    expect(api.endpoints.length).toBeGreaterThan(100)
    expect(api.endpointCount).toBeGreaterThanOrEqual(api.endpoints.length)
    expect(api.endpoints[0]).toEqual({
      method: expect.any(String),
      path: expect.stringMatching(/^\//),
      summary: expect.any(String),
    })
  })

  it('answers a category with its APIs in the spec shape', async () => {
    const response = await get('/api/apis/category/payments?limit=100')
    expect(response.statusCode).toBe(200)
    const { category, apis, total } = categoryApisResponseSchema.parse(response.json()).data
    expect(category).toMatchObject({ slug: 'payments', name: 'Payments', count: total })
    expect(apis.map((api) => api.id)).toContain('stripe-com')
    expect(apis.every((api) => api.category === 'payments')).toBe(true)
  })

  it.each([
    '/api/categories',
    '/api/apis?search=stripe',
    '/api/apis/stripe-com',
    '/api/apis/category/iot',
  ])('%s has an ETag and answers 304 to If-None-Match', async (url) => {
    const first = await get(url)
    expect(first.statusCode).toBe(200)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/".+"$/)
    expect(first.headers['cache-control']).toMatch(/public, max-age=\d+/)

    const again = await get(url, { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)

    const stale = await get(url, { 'if-none-match': 'W/"something-else"' })
    expect(stale.statusCode).toBe(200)
  })

  it('gives different queries different ETags', async () => {
    const a = await get('/api/apis?search=stripe')
    const b = await get('/api/apis?search=twilio')
    const c = await get('/api/apis?search=stripe&page=2')
    expect(new Set([a.headers.etag, b.headers.etag, c.headers.etag]).size).toBe(3)
  })
})
