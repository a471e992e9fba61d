import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { JSDOM } from 'jsdom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from '../config'
import { buildTestApp } from '../testing/testApp'
import { openTestDb, type TestDb } from '../testing/testDb'
import { blogRoutes, blogSitemapEntries, FEED_PATH } from './blog'
import { readArticles } from './blogArticles'

const SITE = 'https://atlas.example'
const articles = readArticles()

/** The feed as an XML document; jsdom's parser is strict, so malformed XML fails here. */
const parseXml = (text: string) => {
  const document = new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml')
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0)
  return document
}

const feedApp = async (articlesDir?: string) => {
  const app = Fastify({ logger: false })
  app.decorate('config', { publicSiteUrl: SITE } as Config)
  app.register(blogRoutes, { articlesDir })
  await app.ready()
  return app
}

describe('the blog feed', () => {
  it('is RSS 2.0 with every article, newest first, linked absolutely on the public address', async () => {
    const app = await feedApp()
    const response = await app.inject({ method: 'GET', url: FEED_PATH })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8')
    expect(response.headers['cache-control']).toBe('public, max-age=3600')

    const feed = parseXml(response.body)
    expect(feed.documentElement.tagName).toBe('rss')
    expect(feed.documentElement.getAttribute('version')).toBe('2.0')
    const channel = feed.querySelector('channel')!
    expect(channel.querySelector(':scope > title')?.textContent).toBe('API Atlas Blog')
    expect(channel.querySelector(':scope > link')?.textContent).toBe(`${SITE}/blog`)
    expect(
      channel
        .getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0]
        ?.getAttribute('href'),
    ).toBe(`${SITE}/blog/rss.xml`)
    expect(channel.querySelector(':scope > lastBuildDate')?.textContent).toBe(
      'Mon, 05 Feb 2024 00:00:00 GMT',
    )

    const items = [...feed.querySelectorAll('item')].map((item) => ({
      title: item.querySelector('title')?.textContent,
      link: item.querySelector('link')?.textContent,
      guid: item.querySelector('guid')?.textContent,
      pubDate: item.querySelector('pubDate')?.textContent,
      category: item.querySelector('category')?.textContent,
      description: item.querySelector('description')?.textContent,
      creator: item.getElementsByTagNameNS('http://purl.org/dc/elements/1.1/', 'creator')[0]
        ?.textContent,
    }))
    expect(items).toHaveLength(5)
    expect(items.map((item) => item.link)).toEqual([
      `${SITE}/blog/how-to-test-apis-effectively`,
      `${SITE}/blog/api-integration-guide-2024`,
      `${SITE}/blog/top-10-apis-startup-should-know`,
      `${SITE}/blog/api-security-best-practices`,
      `${SITE}/blog/complete-guide-api-integration-entrepreneurs`,
    ])
    for (const article of articles) {
      const item = items.find((candidate) => candidate.link === `${SITE}/blog/${article.slug}`)
      expect(item).toEqual({
        title: article.title,
        link: `${SITE}/blog/${article.slug}`,
        guid: `${SITE}/blog/${article.slug}`,
        pubDate: new Date(`${article.date}T00:00:00Z`).toUTCString(),
        category: article.category,
        description: article.excerpt,
        creator: 'API Atlas Team',
      })
    }
    expect(items.find((item) => item.title === 'How to Integrate APIs in 2024')?.pubDate).toBe(
      'Sat, 20 Jan 2024 00:00:00 GMT',
    )
    await app.close()
  })

  describe('with text that XML would misread', () => {
    let dir: string
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'atlas-blog-'))
      writeFileSync(
        path.join(dir, 'a-and-b.md'),
        [
          '---',
          'title: "Q&A: <script> tags & \'quotes\'"',
          'slug: a-and-b',
          'date: 2024-03-01',
          'category: Guide',
          'author: A & B',
          'excerpt: "Ampersands & angle brackets <b>stay</b> text in the feed, never markup, whatever the article says."',
          'image: /blog/images/a-and-b.webp',
          'readTime: 1',
          'related: [a-and-b, a-and-b]',
          '---',
          '',
          'Body.',
        ].join('\n'),
      )
    })
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    it('escapes it, so the feed still parses and reads as written', async () => {
      const app = await feedApp(dir)
      const response = await app.inject({ method: 'GET', url: FEED_PATH })
      const item = parseXml(response.body).querySelector('item')!
      expect(item.querySelector('title')?.textContent).toBe("Q&A: <script> tags & 'quotes'")
      expect(item.querySelector('description')?.textContent).toBe(
        'Ampersands & angle brackets <b>stay</b> text in the feed, never markup, whatever the article says.',
      )
      expect(response.body).not.toContain('<script>')
      await app.close()
    })
  })

  it('gives the sitemap every article with the day it was published', () => {
    expect(blogSitemapEntries(articles)).toContainEqual({
      path: '/blog/api-integration-guide-2024',
      lastmod: '2024-01-20',
    })
    expect(blogSitemapEntries(articles)).toHaveLength(5)
  })
})

describe('the feed in the whole server', () => {
  let db: TestDb
  beforeAll(async () => {
    db = await openTestDb()
  })
  afterAll(async () => {
    await db?.dispose()
  })

  it('answers /blog/rss.xml itself, not with the app page', async () => {
    const app = buildTestApp({
      db,
      env: { PUBLIC_SITE_URL: SITE },
      options: { catalog: { load: false } },
    })
    await app.ready()
    const response = await app.inject({
      method: 'GET',
      url: '/blog/rss.xml',
      headers: { accept: 'text/html,application/xhtml+xml,*/*' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/rss\+xml/)
    expect(parseXml(response.body).querySelectorAll('item')).toHaveLength(5)
    await app.close()
  })
})
