// What search engines read before any page: /robots.txt and the sitemaps (docs/architecture.md).
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { absoluteUrl } from '../../src/shared/seo/jsonLd'
import { pagesFor, pathTo } from '../../src/shared/routes'
import { openedCatalog } from '../catalog/catalog'
import { escapeMarkup } from '../seo/escape'

export type SitemapEntry = { path: string; lastmod?: string }

export type CrawlerRouteOptions = {
  /** Blog articles, newest first; the blog feature supplies them once it has any. */
  blogEntries?: () => SitemapEntry[]
}

/** Never crawled: the staff pages, the mock-up dashboards and the redirect page. */
export const DISALLOWED_PATHS = pagesFor('staff', 'mockup', 'redirect')

// Search engines are asked to come back weekly (docs/architecture.md).
const CHANGE_FREQUENCY = 'weekly'
const SITEMAPS = ['pages', 'apis', 'blog'] as const
type SitemapName = (typeof SITEMAPS)[number]

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

export const crawlerRoutes: FastifyPluginAsync<CrawlerRouteOptions> = async (app, options) => {
  const siteUrl = app.config.publicSiteUrl

  const urlset = (entries: SitemapEntry[]) =>
    [
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries.map(
        ({ path, lastmod }) =>
          `  <url><loc>${escapeMarkup(absoluteUrl(siteUrl, path))}</loc>${
            lastmod ? `<lastmod>${lastmod}</lastmod>` : ''
          }<changefreq>${CHANGE_FREQUENCY}</changefreq></url>`,
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

  const entriesOf = async (name: SitemapName): Promise<SitemapEntry[]> => {
    if (name === 'blog') return options.blogEntries?.() ?? []
    const apis = apiEntries()
    if (name === 'apis') return apis.map(({ path, lastmod }) => ({ path, lastmod }))
    const { categories } = openedCatalog(app.db)
    const newestApi = latest(apis.map((api) => api.lastmod))
    const blog = options.blogEntries?.() ?? []
    return [
      { path: pathTo('apis'), lastmod: newestApi },
      ...categories.map(({ slug }) => ({
        path: pathTo('category', { category: slug }),
        lastmod: latest(apis.filter((api) => api.category === slug).map((api) => api.lastmod)),
      })),
      { path: pathTo('tools') },
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

  app.get('/sitemap.xml', async (_request, reply) => {
    const sitemaps = await Promise.all(
      SITEMAPS.map(async (name) => ({
        name,
        lastmod: latest((await entriesOf(name)).map((entry) => entry.lastmod)),
      })),
    )
    return sendXml(
      reply,
      [
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...sitemaps.map(
          ({ name, lastmod }) =>
            `  <sitemap><loc>${escapeMarkup(absoluteUrl(siteUrl, `/sitemaps/${name}.xml`))}</loc>${
              lastmod ? `<lastmod>${lastmod}</lastmod>` : ''
            }</sitemap>`,
        ),
        '</sitemapindex>',
      ].join('\n'),
    )
  })

  app.get<{ Params: { name: string } }>('/sitemaps/:name', async (request, reply) => {
    const name = request.params.name.replace(/\.xml$/, '')
    if (!request.params.name.endsWith('.xml') || !SITEMAPS.includes(name as SitemapName)) {
      return reply.code(404).send({
        success: false,
        error: `No sitemap ${request.params.name}; there are ${SITEMAPS.map((s) => `${s}.xml`).join(', ')}`,
      })
    }
    return sendXml(reply, urlset(await entriesOf(name as SitemapName)))
  })
}
