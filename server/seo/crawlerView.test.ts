import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COVER_SIZES } from '../../src/shared/seo/coverImage'
import { BLOG_SUMMARY } from '../../src/shared/seo/blogListHead'
import { CSP_NONCE_PLACEHOLDER } from '../../src/shared/ssr'
import { readArticles } from '../routes/blogArticles'
import { buildTestApp } from '../testing/testApp'
import { openTestDb, type TestDb } from '../testing/testDb'

const SITE = 'https://atlas.example'
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>API Atlas</title>
    <script type="module" src="/assets/app.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`

/** What a crawler that runs no script reads: the head's tags and the text of the body. */
const read = (html: string) => {
  const head = html.slice(0, html.indexOf('</head>'))
  const attr = (pattern: RegExp) => pattern.exec(head)?.[1]
  return {
    titles: [...head.matchAll(/<title[^>]*>([^<]*)<\/title>/g)].map((m) => m[1]),
    description: attr(/<meta name="description" content="([^"]*)"/),
    robots: attr(/<meta name="robots" content="([^"]*)"/),
    revisitAfter: attr(/<meta name="revisit-after" content="([^"]*)"/),
    ogType: attr(/<meta property="og:type" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    keywords: attr(/<meta name="keywords" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    ),
    heading: /<h1>([^<]*)<\/h1>/.exec(html)?.[1],
    summary: /<h1>[^<]*<\/h1><p>([^<]*)<\/p>/.exec(html)?.[1],
    byline: /<\/h1><p>[^<]*<\/p><p>(By [^<]*<time datetime="[^"]*">[^<]*)<\/time><\/p>/.exec(
      html,
    )?.[1],
    items: [
      ...html.matchAll(/<li><h2><a href="([^"]*)">([^<]*)<\/a><\/h2><p>([^<]*)<\/p><\/li>/g),
    ].map((m) => ({ path: m[1], title: m[2], summary: m[3] })),
  }
}

/** The text as HTML escapes it. */
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

describe('pages as crawlers see them, before any script runs', () => {
  let db: TestDb
  let app: FastifyInstance
  let staticDir: string
  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-seo-'))
    await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML)
    db = await openTestDb()
    app = buildTestApp({ db, env: { PUBLIC_SITE_URL: SITE }, config: { staticDir } })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
    await rm(staticDir, { recursive: true, force: true })
  })

  const page = (url: string) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'user-agent': 'Googlebot' } })

  it('gives an API page its title, description, canonical address, JSON-LD and main text', async () => {
    const response = await page('/apis/stripe-com')
    expect(response.statusCode).toBe(200)
    const seen = read(response.body)
    expect(seen.titles).toEqual(['Stripe API | API Atlas'])
    expect(seen.description).toBeTruthy()
    expect(seen.robots).toBe('index,follow')
    expect(seen.revisitAfter).toBe('7 days')
    expect(seen.canonical).toBe(`${SITE}/apis/stripe-com`)
    expect(seen.ogTitle).toBe('Stripe API | API Atlas')
    expect(seen.jsonLd.map((data) => data['@type'])).toEqual(['BreadcrumbList', 'WebAPI'])
    expect(seen.heading).toBe('Stripe API')
    expect(seen.summary).toBe(seen.description)
    // A public page carries no nonce: the template's placeholders are gone, not filled in.
    expect(response.body).not.toContain(CSP_NONCE_PLACEHOLDER)
    expect(response.body).not.toContain('nonce=')
  })

  it('gives the API page in a category with the one canonical', async () => {
    const response = await page('/apis/category/payments/stripe-com')
    expect(response.statusCode).toBe(200)
    expect(read(response.body).canonical).toBe(`${SITE}/apis/stripe-com`)
  })

  it('moves the old address of a grouped version to its entry, that version chosen', async () => {
    for (const url of [
      '/apis/github-com-ghes-3-8',
      '/apis/category/developer-tools/github-com-ghes-3-8',
      '/apis/api-detail.html?api=github-com-ghes-3-8',
    ]) {
      const response = await page(url)
      expect(response.statusCode, url).toBe(301)
      expect(response.headers.location, url).toBe(
        '/apis/github-com-api-github-com?version=github-com-ghes-3-8',
      )
    }
    const chosen = await page('/apis/github-com-api-github-com?version=github-com-ghes-3-8')
    expect(chosen.statusCode).toBe(200)
    expect(read(chosen.body).canonical).toBe(`${SITE}/apis/github-com-api-github-com`)
  })

  it('keeps the operation an old address names as it moves, for the new page to draw it', async () => {
    const version = await page('/apis/github-com-ghes-3-8?op=repos%2Fget')
    expect(version.statusCode).toBe(301)
    expect(version.headers.location).toBe(
      '/apis/github-com-api-github-com?version=github-com-ghes-3-8&op=repos%2Fget',
    )
    const merged = await page('/apis/open-movie-database-omdbapi-com?op=get-search')
    expect(merged.statusCode).toBe(301)
    expect(merged.headers.location).toBe('/apis/omdbapi-com?op=get-search')
  })

  it('moves the id of an API a rebuild merged into another entry for good, page and record', async () => {
    // Open Movie Database, once its public-apis row alone, is one entry with OMDb's document.
    for (const url of [
      '/apis/open-movie-database-omdbapi-com',
      '/apis/category/media-entertainment/open-movie-database-omdbapi-com',
      '/apis/api-detail.html?api=open-movie-database-omdbapi-com',
    ]) {
      const response = await page(url)
      expect(response.statusCode, url).toBe(301)
      expect(response.headers.location, url).toBe('/apis/omdbapi-com')
    }
    const monitoring = await page('/apis/open-movie-database-omdbapi-com/monitoring')
    expect(monitoring.statusCode).toBe(301)
    expect(monitoring.headers.location).toBe('/apis/omdbapi-com/monitoring')
    const record = await app.inject('/api/apis/open-movie-database-omdbapi-com')
    expect(record.statusCode).toBe(301)
    expect(record.headers.location).toBe('/api/apis/omdbapi-com')
    expect((await page('/apis/omdbapi-com')).statusCode).toBe(200)
    expect((await page('/apis/no-such-api-ever')).statusCode).toBe(404)
  })

  it('moves the old ?api= address for good to the API page, by id or by part of a name', async () => {
    for (const url of [
      '/apis/api-detail.html?api=stripe-com',
      '/apis/api-detail.html?api=Stripe',
    ]) {
      const response = await page(url)
      expect(response.statusCode, url).toBe(301)
      expect(response.headers.location, url).toBe('/apis/stripe-com')
    }
  })

  it("describes an API's monitoring page and the overview; a version's moves to its entry's", async () => {
    const monitoring = await page('/apis/stripe-com/monitoring')
    expect(monitoring.statusCode).toBe(200)
    const seen = read(monitoring.body)
    expect(seen.titles).toEqual(['Stripe API monitoring | API Atlas'])
    expect(seen.canonical).toBe(`${SITE}/apis/stripe-com/monitoring`)
    expect(seen.jsonLd.map((data) => data['@type'])).toEqual(['BreadcrumbList'])
    expect(seen.heading).toBe('Stripe API monitoring')
    const version = await page('/apis/github-com-ghes-3-8/monitoring')
    expect(version.statusCode).toBe(301)
    expect(version.headers.location).toBe('/apis/github-com-api-github-com/monitoring')
    expect((await page('/apis/no-such-api/monitoring')).statusCode).toBe(404)

    const overview = read((await page('/tools/monitoring?category=payments')).body)
    expect(overview.titles).toEqual(['API Monitoring: Payments | API Atlas'])
    expect(overview.canonical).toBe(`${SITE}/tools/monitoring?category=payments`)
    expect(overview.robots).toBe('index,follow')
    const unknown = read((await page('/tools/monitoring?category=nope')).body)
    expect(unknown.titles).toEqual(['API Monitoring | API Atlas'])
    expect(unknown.robots).toMatch(/noindex/)
  })

  it('describes the directory, a category, the tools and the tester', async () => {
    const directory = read((await page('/apis?search=maps')).body)
    expect(directory.titles).toEqual(['“maps” APIs | API Atlas'])
    expect(directory.heading).toBe('API Directory')
    expect(directory.jsonLd.map((data) => data['@type'])).toEqual(['WebSite', 'BreadcrumbList'])

    const category = read((await page('/apis/category/payments')).body)
    expect(category.titles).toEqual(['Payments APIs | API Atlas'])
    expect(category.canonical).toBe(`${SITE}/apis/category/payments`)
    expect(category.description).toMatch(/\d+ APIs with base URLs/)

    expect(read((await page('/apis/tools')).body).heading).toBe('API Tools')
    expect(read((await page('/tools/tester')).body).heading).toBe('API Tester')
  })

  it('answers the first queries of the directory in the page, as the API answers them', async () => {
    const firstAnswers = (html: string) =>
      (
        JSON.parse(
          /<script type="application\/json" id="first-answers">(.*?)<\/script>/.exec(html)?.[1] ??
            '{}',
        ) as { answers?: Record<string, unknown> }
      ).answers ?? null
    const response = await page('/apis')
    const answers = firstAnswers(response.body)
    expect(Object.keys(answers ?? {}).sort()).toEqual(['apis?page=1', 'categories', 'config'])
    for (const [key, answer] of Object.entries(answers!)) {
      expect(answer, key).toEqual((await app.inject(`/api/${key}`)).json())
    }
    // The first page of APIs is the page's main text, each linked to its page.
    const listed = (answers!['apis?page=1'] as { data: { apis: { id: string; name: string }[] } })
      .data.apis
    const seen = read(response.body)
    expect(seen.items.map((item) => item.path)).toEqual(listed.map((api) => `/apis/${api.id}`))
    expect(seen.items[0]?.title).toBe(escaped(listed[0]!.name))

    // A category page links its APIs under the category; an API page has its record.
    const category = await page('/apis/category/payments')
    expect(Object.keys(firstAnswers(category.body) ?? {})).toContain(
      'apis/category/payments?page=1',
    )
    expect(read(category.body).items[0]?.path).toMatch(/^\/apis\/category\/payments\//)
    const apiPage = (await page('/apis/stripe-com')).body
    const apiAnswers = firstAnswers(apiPage) ?? {}
    expect(Object.keys(apiAnswers).sort()).toEqual(['apis/stripe-com', 'categories', 'config'])
    // An API page lists its first 50 endpoints, unlinked, as the page shows them.
    const endpoints = (
      apiAnswers['apis/stripe-com'] as {
        data: { api: { endpoints: { method: string; path: string; summary: string }[] } }
      }
    ).data.api.endpoints
    expect(endpoints.length).toBeGreaterThan(50)
    const listedEndpoints = [
      ...apiPage.matchAll(/<li><h2>([^<]*)<\/h2>(?:<p>([^<]*)<\/p>)?<\/li>/g),
    ].map((m) => m[1])
    expect(listedEndpoints).toEqual(
      endpoints.slice(0, 50).map((endpoint) => escaped(`${endpoint.method} ${endpoint.path}`)),
    )
    // A searched and filtered listing is answered like the plain one, and lists what it found.
    const searched = await page('/apis?search=stripe&https=true&page=1&ignored=x')
    const searchedAnswers = firstAnswers(searched.body) ?? {}
    expect(Object.keys(searchedAnswers).sort()).toEqual([
      'apis?https=true&page=1&search=stripe',
      'categories',
      'config',
    ])
    const found = (
      searchedAnswers['apis?https=true&page=1&search=stripe'] as {
        data: { apis: { id: string; name: string }[] }
      }
    ).data.apis
    expect(found.map((api) => api.id)).toContain('stripe-com')
    expect(read(searched.body).items.map((item) => item.path)).toEqual(
      found.map((api) => `/apis/${api.id}`),
    )
    // A missing API gets no answers, only its 404.
    expect(firstAnswers((await page('/apis/no-such-api')).body)).toBeNull()
  })

  it('describes the blog: its heading and summary, and every article linked with its excerpt', async () => {
    const articles = readArticles()
    expect(articles.length).toBeGreaterThan(0)
    const response = await page('/blog')
    expect(response.statusCode).toBe(200)
    const seen = read(response.body)
    expect(seen.titles).toEqual(['Blog | API Atlas'])
    expect(seen.canonical).toBe(`${SITE}/blog`)
    expect(seen.robots).toBe('index,follow')
    expect(seen.description?.startsWith(BLOG_SUMMARY)).toBe(true)
    expect(seen.jsonLd.map((data) => data['@type'])).toEqual(['BreadcrumbList'])
    expect(seen.heading).toBe('API Atlas Blog')
    expect(seen.summary).toBe(BLOG_SUMMARY)
    // The featured article first, as the screen shows it.
    expect(seen.items[0]?.path).toBe('/blog/api-integration-guide-2024')
    expect(seen.items).toEqual(
      [...articles.filter((a) => a.featured), ...articles.filter((a) => !a.featured)].map(
        (article) => ({
          path: `/blog/${article.slug}`,
          title: escaped(article.title),
          summary: escaped(article.excerpt),
        }),
      ),
    )
  })

  it('describes an article from its front matter: head, structured data, title, byline and excerpt', async () => {
    const article = readArticles().find((one) => one.slug === 'api-integration-guide-2024')!
    const response = await page('/blog/api-integration-guide-2024')
    expect(response.statusCode).toBe(200)
    const seen = read(response.body)
    expect(seen.titles).toEqual(['How to Integrate APIs in 2024 | API Atlas'])
    expect(seen.description).toBe(escaped(article.excerpt))
    expect(seen.canonical).toBe(`${SITE}/blog/api-integration-guide-2024`)
    expect(seen.ogType).toBe('article')
    expect(seen.ogImage).toBe(`${SITE}/blog/images/api-integration-guide-2024.jpg`)
    expect(seen.keywords).toBe(article.keywords.join(', '))
    expect(seen.revisitAfter).toBe('7 days')
    expect(seen.jsonLd.map((data) => data['@type'])).toEqual([
      'Article',
      'BreadcrumbList',
      'FAQPage',
    ])
    expect(seen.jsonLd[0]).toMatchObject({
      headline: 'How to Integrate APIs in 2024',
      datePublished: '2024-01-20',
      author: { name: 'API Atlas Team' },
      articleSection: 'Tutorial',
    })
    expect(seen.jsonLd[2]).toMatchObject({ mainEntity: expect.any(Array) })
    expect((seen.jsonLd[2]!.mainEntity as unknown[]).length).toBe(article.faq?.length)
    expect(seen.heading).toBe('How to Integrate APIs in 2024')
    expect(seen.summary).toBe(escaped(article.excerpt))
    expect(seen.byline).toBe('By API Atlas Team · <time datetime="2024-01-20">January 20, 2024')
    expect(response.body).toContain('/assets/app.js')
    // Its cover is fetched with the HTML, the same candidates and sizes as the screen's <img>.
    expect(response.body).toContain(
      '<link rel="preload" as="image" href="/blog/images/api-integration-guide-2024.webp" ' +
        'imagesrcset="/blog/images/api-integration-guide-2024-600.webp 600w, ' +
        '/blog/images/api-integration-guide-2024.webp 1200w" ' +
        `imagesizes="${COVER_SIZES.article}" fetchpriority="high"`,
    )
  })

  it('preloads the featured cover on the blog, and no cover where a page has none', async () => {
    const featured = readArticles().find((article) => article.featured)!
    const preloads = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? []
    const [blog] = preloads((await page('/blog')).body)
    expect(blog).toContain(`href="${featured.image}"`)
    expect(blog).toContain(`imagesizes="${COVER_SIZES.featured}"`)
    expect(preloads((await page('/apis')).body)).toEqual([])
    expect(preloads((await page('/blog/no-such-post')).body)).toEqual([])
  })

  it('answers 404, noindex, for an unknown API, address or category, with the app still there', async () => {
    for (const [url, heading] of [
      ['/apis/no-such-api-anywhere', 'API Not Found'],
      ['/apis/api-detail.html?api=zzzz-nothing-zzzz', 'API Not Found'],
      ['/apis/api-detail.html', 'API Not Found'],
      ['/apis/category/payments/no-such-api', 'API Not Found'],
      ['/apis/category/no-such-category', 'Category not found'],
      ['/blog/no-such-post', 'Post Not Found'],
      ['/blog/API-INTEGRATION-GUIDE-2024', 'Post Not Found'],
    ] as const) {
      const response = await page(url)
      expect(response.statusCode, url).toBe(404)
      const seen = read(response.body)
      expect(seen.heading, url).toBe(heading)
      expect(seen.robots, url).toBe('noindex,nofollow')
      expect(seen.revisitAfter, url).toBeUndefined()
      expect(response.body, url).toContain('/assets/app.js')
    }
  })

  it('never repeats the address in a page not found, which a cache may keep', async () => {
    for (const url of [
      '/apis/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/apis/category/call-support-at-555-0100',
      '/blog/call-support-at-555-0100',
      '/apis/api-detail.html?api=call-support-at-555-0100',
    ]) {
      const response = await page(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.body).not.toContain('alert(1)')
      expect(response.body).not.toContain('555-0100')
    }
    // A broken escape never reaches the page builder: Fastify refuses it.
    expect((await page('/apis/%E0%A4%A')).statusCode).toBe(400)
  })

  it('leaves other pages with the default head', async () => {
    for (const url of ['/redirect', '/dashboard', '/ads', '/blog/a/b']) {
      const response = await page(url)
      expect(response.statusCode).toBe(200)
      expect(read(response.body).titles).toEqual(['API Atlas'])
      expect(response.body).toContain('<div id="root"></div>')
    }
  })
})
