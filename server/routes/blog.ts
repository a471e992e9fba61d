// The blog's RSS 2.0 feed at /blog/rss.xml (docs/architecture.md), written from the same Markdown
// the site is built from, with absolute links on the public address (PUBLIC_SITE_URL).
import type { FastifyPluginAsync, RawServerDefault } from 'fastify'
import { articlePath, BLOG_PATH } from '../../src/shared/seo/articlePageHead'
import { absoluteUrl } from '../../src/shared/seo/jsonLd'
import { escapeMarkup } from '../../src/shared/seo/escape'
import { ARTICLES_DIR, readArticles, type Article } from './blogArticles'
import type { ZodTypeProvider } from '../zodTypes'

export const FEED_PATH = '/blog/rss.xml'
export const FEED_TITLE = 'API Atlas Blog'
export const FEED_DESCRIPTION =
  'Practical guides to choosing, integrating, securing and testing third-party APIs.'

export type BlogRouteOptions = {
  /** Where the articles are; the blog feature's by default (tests use their own). */
  articlesDir?: string
}

/** RSS dates are RFC 822; an article's date is a day, published at midnight UTC. */
const rfc822 = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).toUTCString()

/** For the sitemap: every article's address and the day it last changed, newest first. */
export const blogSitemapEntries = (articles: Article[]) =>
  articles.map((article) => ({
    path: articlePath(article.slug),
    lastmod: article.updated ?? article.date,
  }))

export function renderFeed(siteUrl: string, articles: Article[]) {
  const blog = absoluteUrl(siteUrl, BLOG_PATH)
  const element = (name: string, text: string) => `<${name}>${escapeMarkup(text)}</${name}>`
  const items = articles.map((article) => {
    const link = absoluteUrl(siteUrl, articlePath(article.slug))
    return [
      '    <item>',
      `      ${element('title', article.title)}`,
      `      ${element('link', link)}`,
      `      <guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
      `      ${element('pubDate', rfc822(article.date))}`,
      `      ${element('dc:creator', article.author)}`,
      `      ${element('category', article.category)}`,
      `      ${element('description', article.excerpt)}`,
      '    </item>',
    ].join('\n')
  })
  const newest = articles
    .map((article) => article.updated ?? article.date)
    .sort()
    .at(-1)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    ${element('title', FEED_TITLE)}`,
    `    ${element('link', blog)}`,
    `    ${element('description', FEED_DESCRIPTION)}`,
    '    <language>en</language>',
    ...(newest ? [`    ${element('lastBuildDate', rfc822(newest))}`] : []),
    `    <atom:link href="${escapeMarkup(absoluteUrl(siteUrl, FEED_PATH))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}

/** GET /blog/rss.xml: the articles are read once, when the server starts. */
export const blogRoutes: FastifyPluginAsync<
  BlogRouteOptions,
  RawServerDefault,
  ZodTypeProvider
> = async (app, options) => {
  const feed = renderFeed(
    app.config.publicSiteUrl,
    readArticles(options.articlesDir ?? ARTICLES_DIR),
  )
  app.get(FEED_PATH, async (_request, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(feed),
  )
}
