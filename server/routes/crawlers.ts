// What search engines read before any page: /robots.txt and the sitemaps (docs/architecture.md).
import type { FastifyPluginAsync, FastifyReply, RawServerDefault } from 'fastify'
import { z } from 'zod'
import { absoluteUrl } from '../../src/shared/seo/jsonLd'
import { pagesFor, pathTo } from '../../src/shared/routes'
import { openedCatalog } from '../catalog/catalog'
import { escapeMarkup } from '../../src/shared/seo/escape'
import type { ZodTypeProvider } from '../zodTypes'

export type SitemapEntry = { path: string; lastmod?: string; changefreq?: 'daily' | 'weekly' }

export type CrawlerRouteOptions = {
  /** Blog articles, newest first; the blog feature supplies them once it has any. */
  blogEntries?: () => SitemapEntry[]
  /** API (and monitoring) addresses per sitemap file (tests lower it); the protocol's limit otherwise. */
  apisPerSitemap?: number
}

/** The sitemaps protocol's cap on the addresses of one file (sitemaps.org/protocol.html). */
export const SITEMAP_URL_LIMIT = 50_000

/** Never crawled: the staff pages, the mock-up dashboards and the redirect page. */
export const DISALLOWED_PATHS = pagesFor('staff', 'mockup', 'redirect')

// Search engines are asked to come back weekly (docs/architecture.md).
const CHANGE_FREQUENCY = 'weekly'
/**
 * The sitemaps: the pages, the API pages and the APIs' monitoring pages, each in files of at most
 * `apisPerSitemap` addresses (apis.xml, then apis-2.xml, ...; monitoring.xml, monitoring-2.xml,
 * ...), and the blog.
 */
type Sitemap = { kind: 'pages' | 'blog' } | { kind: 'apis' | 'monitoring'; part: number }
const sitemapFile = (sitemap: Sitemap) =>
  !('part' in sitemap) || sitemap.part === 1
    ? `${sitemap.kind}.xml`
    : `${sitemap.kind}-${sitemap.part}.xml`

const latest = (dates: (string | undefined)[]) =>
  dates
    .filter((date): date is string => Boolean(date))
    .sort()
    .at(-1)

const sendXml = (reply: FastifyReply, body: string) =>
  reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`)

export const crawlerRoutes: FastifyPluginAsync<
  CrawlerRouteOptions,
  RawServerDefault,
  ZodTypeProvider
> = async (app, options) => {
  const siteUrl = app.config.publicSiteUrl
  const apisPerSitemap = Math.min(options.apisPerSitemap ?? SITEMAP_URL_LIMIT, SITEMAP_URL_LIMIT)

  const urlset = (entries: SitemapEntry[]) =>
    [
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries.map(
        ({ path, lastmod, changefreq = CHANGE_FREQUENCY }) =>
          `  <url><loc>${escapeMarkup(absoluteUrl(siteUrl, path))}</loc>${
            lastmod ? `<lastmod>${lastmod}</lastmod>` : ''
          }<changefreq>${changefreq}</changefreq></url>`,
      ),
      '</urlset>',
    ].join('\n')

  const apiEntries = (): (SitemapEntry & { category: string })[] =>
    openedCatalog(app.db)
      .datedApis()
      .map((api) => ({
        path: pathTo('apiDetail', { id: api.id }),
        lastmod: api.updated,
        category: api.category,
      }))

  /**
   * Each entry's monitoring page, dated by the checker's last check of it (none before the first):
   * its figures change with every check, so crawlers are asked daily.
   */
  const monitoringEntries = (): SitemapEntry[] => {
    const board = app.hasDecorator('healthBoard') ? app.healthBoard : undefined
    return openedCatalog(app.db)
      .datedApis()
      .map((api) => {
        const checkedAt = board?.measured(api.id)?.badge.checkedAt
        return {
          path: pathTo('apiMonitoring', { id: api.id }),
          ...(checkedAt ? { lastmod: checkedAt.slice(0, 10) } : {}),
          changefreq: 'daily' as const,
        }
      })
  }

  /** Every sitemap there is now: the API files follow the catalogue's size (at least one each). */
  const sitemaps = (): Sitemap[] => {
    const apiFiles = Math.max(
      1,
      Math.ceil(openedCatalog(app.db).datedApis().length / apisPerSitemap),
    )
    const parts = (kind: 'apis' | 'monitoring') =>
      Array.from({ length: apiFiles }, (_, index) => ({ kind, part: index + 1 }))
    return [{ kind: 'pages' }, ...parts('apis'), ...parts('monitoring'), { kind: 'blog' }]
  }

  const entriesOf = (sitemap: Sitemap): SitemapEntry[] => {
    if (sitemap.kind === 'blog') return options.blogEntries?.() ?? []
    if (sitemap.kind === 'monitoring') {
      const start = (sitemap.part - 1) * apisPerSitemap
      return monitoringEntries().slice(start, start + apisPerSitemap)
    }
    const apis = apiEntries()
    if (sitemap.kind === 'apis') {
      const start = (sitemap.part - 1) * apisPerSitemap
      return apis
        .slice(start, start + apisPerSitemap)
        .map(({ path, lastmod }) => ({ path, lastmod }))
    }
    const { categories } = openedCatalog(app.db)
    const newestApi = latest(apis.map((api) => api.lastmod))
    const blog = options.blogEntries?.() ?? []
    return [
      { path: pathTo('apis'), lastmod: newestApi },
      ...categories.map(({ slug }) => ({
        path: pathTo('category', { category: slug }),
        lastmod: latest(apis.filter((api) => api.category === slug).map((api) => api.lastmod)),
      })),
      // A provider's family page, where it publishes more than one API.
      ...openedCatalog(app.db)
        .families()
        .filter((family) => family.size > 1)
        .map(({ slug }) => ({ path: pathTo('provider', { provider: slug }) })),
      { path: pathTo('tools') },
      // The comparison's own page: how to pick APIs; the comparisons themselves are endless.
      { path: pathTo('compare') },
      { path: pathTo('monitoringOverview') },
      { path: pathTo('tester') },
      { path: pathTo('blog'), lastmod: latest(blog.map((entry) => entry.lastmod)) },
    ]
  }

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
          'Disallow: /api/',
          '',
          `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`,
          '',
        ].join('\n'),
      ),
  )

  app.get('/sitemap.xml', async (_request, reply) =>
    sendXml(
      reply,
      [
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...sitemaps().map((sitemap) => {
          const lastmod = latest(entriesOf(sitemap).map((entry) => entry.lastmod))
          const loc = absoluteUrl(siteUrl, `/sitemaps/${sitemapFile(sitemap)}`)
          return `  <sitemap><loc>${escapeMarkup(loc)}</loc>${
            lastmod ? `<lastmod>${lastmod}</lastmod>` : ''
          }</sitemap>`
        }),
        '</sitemapindex>',
      ].join('\n'),
    ),
  )

  // Any name is a question: one that is no sitemap is answered 404 with the names there are.
  const sitemapParams = z.object({ name: z.string() })
  app.get('/sitemaps/:name', { schema: { params: sitemapParams } }, async (request, reply) => {
    const all = sitemaps()
    const sitemap = all.find((candidate) => sitemapFile(candidate) === request.params.name)
    if (!sitemap) {
      return reply.code(404).send({
        success: false,
        error: `No sitemap ${request.params.name}; there are ${all.map(sitemapFile).join(', ')}`,
      })
    }
    return sendXml(reply, urlset(entriesOf(sitemap)))
  })
}
