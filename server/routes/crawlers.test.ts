import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATEGORY_SLUGS } from '../../src/contract/categories'
import { registerErrorHandling } from '../errors'
import { buildTestApp } from '../testing/testApp'
import { openTestDb, type TestDb } from '../testing/testDb'
import { crawlerRoutes, DISALLOWED_PATHS, SITEMAP_URL_LIMIT } from './crawlers'

const SITE = 'https://atlas.example'

describe('robots.txt and the sitemaps', () => {
  let db: TestDb
  let app: FastifyInstance
  beforeAll(async () => {
    db = await openTestDb()
    app = buildTestApp({ db, env: { PUBLIC_SITE_URL: SITE } })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })

  const get = (url: string) => app.inject({ method: 'GET', url })
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])

  it('lets crawlers read the public pages, keeps them off staff and mock-up pages, and names the sitemap', async () => {
    const response = await get('/robots.txt')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain/)
    const lines = response.body.split('\n')
    expect(lines).toContain('Allow: /')
    for (const path of ['/bpm-login', '/dashboard', '/ads', '/social', '/monitor', '/redirect']) {
      expect(DISALLOWED_PATHS).toContain(path)
      expect(lines).toContain(`Disallow: ${path}`)
    }
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })

  it('indexes its sitemaps with absolute addresses', async () => {
    const response = await get('/sitemap.xml')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/xml/)
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /)
    expect(locs(response.body)).toEqual([
      `${SITE}/sitemaps/pages.xml`,
      `${SITE}/sitemaps/apis.xml`,
      `${SITE}/sitemaps/monitoring.xml`,
      `${SITE}/sitemaps/blog.xml`,
    ])
    expect(response.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/)
  })

  it('lists every directory entry of the catalogue with its last change, weekly', async () => {
    const response = await get('/sitemaps/apis.xml')
    expect(response.statusCode).toBe(200)
    const [row] = await db.query<{ count: string }>('select count(*) from apis where entry = id')
    const urls = locs(response.body)
    expect(urls.length).toBe(Number(row!.count))
    expect(urls.length).toBeGreaterThan(2000)
    expect(urls).toContain(`${SITE}/apis/stripe-com`)
    // One address per API: GitHub's REST API, not each of its Enterprise Server versions.
    expect(urls).toContain(`${SITE}/apis/github-com-api-github-com`)
    expect(urls).not.toContain(`${SITE}/apis/github-com-ghes-3-8`)
    expect(response.body.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)).toHaveLength(urls.length)
    expect(response.body.match(/<changefreq>weekly<\/changefreq>/g)).toHaveLength(urls.length)
  })

  it('lists every directory entry’s monitoring page, daily, dated by its last check', async () => {
    await db.query(
      `insert into api_health (api_id, due_at, checked_at, status)
       values ('stripe-com', now() + interval '1 day', '2026-11-20T10:00:00Z', 'up')
       on conflict (api_id) do update set checked_at = excluded.checked_at, status = 'up'`,
    )
    await app.healthBoard.refresh()
    const response = await get('/sitemaps/monitoring.xml')
    expect(response.statusCode).toBe(200)
    const urls = locs(response.body)
    const apis = locs((await get('/sitemaps/apis.xml')).body)
    // The same entries, in the same order, each at its monitoring address.
    expect(urls).toEqual(apis.map((url) => `${url}/monitoring`))
    expect(urls).not.toContain(`${SITE}/apis/github-com-ghes-3-8/monitoring`)
    expect(response.body).toContain(
      `<url><loc>${SITE}/apis/stripe-com/monitoring</loc><lastmod>2026-11-20</lastmod><changefreq>daily</changefreq></url>`,
    )
    // Never checked: no date is claimed.
    expect(response.body).toMatch(
      /<url><loc>[^<]+\/monitoring<\/loc><changefreq>daily<\/changefreq><\/url>/,
    )
    expect(response.body.match(/<changefreq>daily<\/changefreq>/g)).toHaveLength(urls.length)
    const index = (await get('/sitemap.xml')).body
    expect(index).toMatch(
      new RegExp(
        `<loc>${SITE}/sitemaps/monitoring.xml</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`,
      ),
    )
  })

  it('lists the directory, its 18 categories, the providers of several APIs, the tools, the comparison and the blog', async () => {
    const urls = locs((await get('/sitemaps/pages.xml')).body)
    const providers = urls.filter((url) => url?.startsWith(`${SITE}/apis/provider/`))
    // A family page for each provider that publishes more than one API, and for no other.
    expect(providers).toContain(`${SITE}/apis/provider/twilio-com`)
    expect(providers).toContain(`${SITE}/apis/provider/googleapis-com`)
    expect(providers).not.toContain(`${SITE}/apis/provider/stripe-com`)
    expect(providers).toEqual([...providers].sort())
    expect(urls).toEqual([
      `${SITE}/apis`,
      ...CATEGORY_SLUGS.map((slug) => `${SITE}/apis/category/${slug}`),
      ...providers,
      `${SITE}/apis/tools`,
      `${SITE}/apis/compare`,
      `${SITE}/tools/monitoring`,
      `${SITE}/tools/tester`,
      `${SITE}/blog`,
    ])
  })

  it('lists every blog article with its date', async () => {
    const urls = locs((await get('/sitemaps/blog.xml')).body)
    expect(urls).toHaveLength(5)
    expect(urls).toContain(`${SITE}/blog/api-integration-guide-2024`)
  })

  it('splits the API pages into files of at most the protocol’s 50,000 addresses, each in the index', async () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000)
    // The same routes, with files of 1,000 addresses: the catalogue's entries fill several.
    const small = Fastify()
    registerErrorHandling(small)
    small.decorate('db', app.db)
    small.decorate('config', app.config)
    await small.register(crawlerRoutes, { apisPerSitemap: 1000 })
    try {
      const read = (url: string) => small.inject({ method: 'GET', url })
      const all = locs((await get('/sitemaps/apis.xml')).body)
      const files = Math.ceil(all.length / 1000)
      expect(files).toBeGreaterThan(2)
      const index = (await read('/sitemap.xml')).body
      expect(locs(index)).toEqual([
        `${SITE}/sitemaps/pages.xml`,
        `${SITE}/sitemaps/apis.xml`,
        ...Array.from({ length: files - 1 }, (_, n) => `${SITE}/sitemaps/apis-${n + 2}.xml`),
        `${SITE}/sitemaps/monitoring.xml`,
        ...Array.from({ length: files - 1 }, (_, n) => `${SITE}/sitemaps/monitoring-${n + 2}.xml`),
        `${SITE}/sitemaps/blog.xml`,
      ])
      const parts = []
      for (const file of [
        'apis.xml',
        ...Array.from({ length: files - 1 }, (_, n) => `apis-${n + 2}.xml`),
      ]) {
        const response = await read(`/sitemaps/${file}`)
        expect(response.statusCode).toBe(200)
        const urls = locs(response.body)
        expect(urls.length).toBeLessThanOrEqual(1000)
        // Each file's date in the index is its newest API's.
        const dates = response.body.match(/\d{4}-\d{2}-\d{2}/g)!.sort()
        expect(index).toContain(
          `<loc>${SITE}/sitemaps/${file}</loc><lastmod>${dates.at(-1)}</lastmod>`,
        )
        parts.push(...urls)
      }
      // Every entry once, in the same order as one file would list them.
      expect(parts).toEqual(all)
      const monitoring = []
      for (let n = 1; n <= files; n += 1) {
        const response = await read(`/sitemaps/monitoring${n === 1 ? '' : `-${n}`}.xml`)
        expect(response.statusCode).toBe(200)
        monitoring.push(...locs(response.body))
      }
      expect(monitoring).toEqual(all.map((url) => `${url}/monitoring`))
      const beyond = await read(`/sitemaps/apis-${files + 1}.xml`)
      expect(beyond.statusCode).toBe(404)
      expect(beyond.json().error).toContain(`apis-${files}.xml`)
      expect((await read('/sitemaps/apis-1.xml')).statusCode).toBe(404)
    } finally {
      await small.close()
    }
  })

  it('answers an unknown sitemap with a 404 that names the real ones', async () => {
    for (const url of ['/sitemaps/users.xml', '/sitemaps/apis', '/sitemaps/apis.xml.gz']) {
      const response = await get(url)
      expect(response.statusCode).toBe(404)
      expect(response.json().error).toMatch(/pages\.xml, apis\.xml, monitoring\.xml, blog\.xml/)
    }
  })
})
