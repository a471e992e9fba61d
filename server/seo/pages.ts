// What the server knows of a public page before any script runs: its head and its main text, from
// the same builders the screens use (src/shared/seo/heads.ts), and whether it exists.
import type { ApiDetail } from '../../src/contract/apis'
import { articleHead } from '../../src/shared/seo/articleHead'
import {
  articlePath,
  POST_NOT_FOUND_MESSAGE,
  POST_NOT_FOUND_TITLE,
  postNotFoundHead,
} from '../../src/shared/seo/articlePageHead'
import { BLOG_SUMMARY, BLOG_TITLE, blogListHead } from '../../src/shared/seo/blogListHead'
import {
  apiDescription,
  apiHead,
  categoryHead,
  DIRECTORY_SUMMARY,
  directoryHead,
  providerHead,
  providerSummary,
  testerHead,
  TESTER_SUMMARY,
  TOOLS_SUMMARY,
  toolsHead,
  COMPARE_SUMMARY,
  compareHead,
  type PageSummary,
} from '../../src/shared/seo/heads'
import {
  MONITORING_OVERVIEW_SUMMARY,
  monitoringHead,
  monitoringOverviewHead,
  monitoringSummary,
} from '../../src/shared/seo/monitoringHeads'
import { COVER_SIZES, type CoverPreload } from '../../src/shared/seo/coverImage'
import { parseListing } from '../../src/shared/listing'
import { compareIdsSchema } from '../../src/contract/compare'
import { categorySlugSchema } from '../../src/contract/categories'
import {
  matchRoute,
  pathTo,
  type PublicRouteId,
  type RouteId,
  type RouteParams,
} from '../../src/shared/routes'
import type { RenderedPage } from '../../src/shared/ssr'
import { openedCatalog } from '../catalog/catalog'
import type { Queryable } from '../db/database'
import { readArticles, type Article } from '../routes/blogArticles'

/** An entry of the page's main text (an article, an API, an endpoint), linked when it has a page. */
export type PageItem = { title: string; path?: string; summary: string }

/** An address the page has moved from: the server answers 301 to `location`. */
export type MovedPage = { status: 301; location: string }

export type DescribedPage = PageSummary & {
  status: 200 | 404
  /** Who wrote the page and when (ISO date): an article's byline. */
  byline?: { author: string; date: string }
  /** The pages it lists, in order. */
  items?: PageItem[]
  /** The page's main image, fetched with the HTML rather than after the app has drawn it. */
  preloadCover?: CoverPreload
  /** The JSON text of the page's first /api answers (firstAnswersCollector), `<` escaped. */
  firstAnswers?: string
  /** The page drawn by the app's components (server/seo/ssr.ts), in place of its main text. */
  rendered?: RenderedPage
}

type ApiRow = ApiDetail & { categoryName: string }

const notFound = (title: string, summary: string, path: string): DescribedPage => ({
  status: 404,
  heading: title,
  summary,
  head: { title, description: summary, path, noindex: true },
})

// A version's page is its entry's page: one address (and canonical) per API.
const apiPage = (siteUrl: string, api: ApiRow): DescribedPage => ({
  status: 200,
  heading: api.name,
  summary: apiDescription(api),
  head: apiHead(siteUrl, { ...api, id: api.entry }, api.categoryName),
})

/** Where a record lives: its entry's page, with the version selected unless it is the default. */
export const entryLocation = (api: Pick<ApiDetail, 'id' | 'entry'>) => {
  const path = pathTo('apiDetail', { id: api.entry })
  return api.entry === api.id ? path : `${path}?version=${encodeURIComponent(api.id)}`
}

/** The API an address names: its id, or (the old `?api=` address) a name containing the text. */
const findApi = async (
  db: Queryable,
  text: string,
  byName: boolean,
): Promise<ApiRow | undefined> => {
  // The record read here is the one the page's first answer gets (Catalog.detail reuses it).
  const catalog = openedCatalog(db)
  const api =
    (await catalog.detail(text.toLowerCase())) ??
    (byName ? await catalog.findByName(text) : undefined)
  const category = api && catalog.category(api.category)
  return api && category && { ...api, categoryName: category.name }
}

// A 404 never repeats the address's text: the page is cacheable, and a crafted link would otherwise
// put its words on this site (content spoofing). The app's own screen names what was asked.
const unknownApi = () =>
  notFound('API Not Found', 'No API in the directory has this address.', '/apis')

let siteArticles: Article[] | undefined
/** The blog's articles, read from their Markdown once (the build compiled the same files). */
const defaultArticles = () => (siteArticles ??= readArticles())

const blogPage = (siteUrl: string, articles: Article[]): DescribedPage => {
  // In the screen's order: the featured article first, then the rest as read (newest first).
  const ordered = [...articles.filter((a) => a.featured), ...articles.filter((a) => !a.featured)]
  return {
    status: 200,
    heading: BLOG_TITLE,
    summary: BLOG_SUMMARY,
    head: blogListHead(siteUrl),
    items: ordered.map((article) => ({
      title: article.title,
      path: articlePath(article.slug),
      summary: article.excerpt,
    })),
    ...(ordered[0] && { preloadCover: { image: ordered[0].image, sizes: COVER_SIZES.featured } }),
  }
}

/** An article as its screen shows it first, with the whole head its body completes. */
const articlePage = (siteUrl: string, article: Article): DescribedPage => ({
  status: 200,
  heading: article.title,
  summary: article.excerpt,
  byline: { author: article.author, date: article.date },
  preloadCover: { image: article.image, sizes: COVER_SIZES.article },
  head: articleHead(siteUrl, article, { keywords: article.keywords, faq: article.faq ?? [] }),
})

type CategoryRow = { slug: string; name: string; description: string; total: number }

const findCategory = async (db: Queryable, slug: string): Promise<CategoryRow | undefined> => {
  const category = openedCatalog(db).category(slug.toLowerCase())
  return category && { ...category, total: category.count }
}

type Context = { db: Queryable; siteUrl: string; search: URLSearchParams; articles?: Article[] }

const describeApi = async ({ db, siteUrl, search }: Context, id: string) => {
  const api = await findApi(db, id, false)
  if (!api) return unknownApi()
  // The old address of a version grouped into an entry moves to the entry, that version chosen.
  if (api.entry !== api.id) return { status: 301 as const, location: entryLocation(api) }
  const version = search.get('version')
  const chosen =
    version && version !== api.id && api.versions.some((v) => v.id === version)
      ? await findApi(db, version, false)
      : undefined
  return apiPage(siteUrl, chosen ?? api)
}

/** What the server says of each public page of the route table (src/shared/routes.ts). */
const DESCRIBERS: {
  [Id in PublicRouteId]: (
    context: Context,
    params: RouteParams<Id>,
  ) => DescribedPage | MovedPage | Promise<DescribedPage | MovedPage>
} = {
  apis: ({ siteUrl, search }) => ({
    status: 200,
    heading: 'API Directory',
    summary: DIRECTORY_SUMMARY,
    head: directoryHead(siteUrl, parseListing(search).search),
  }),
  tools: ({ siteUrl }) => ({
    status: 200,
    heading: 'API Tools',
    summary: TOOLS_SUMMARY,
    head: toolsHead(siteUrl),
  }),
  compare: async ({ db, siteUrl, search }) => {
    const text = search.get('ids')?.trim()
    if (!text) {
      return {
        status: 200,
        heading: 'Compare APIs',
        summary: COMPARE_SUMMARY,
        head: compareHead(siteUrl),
      }
    }
    const parsed = compareIdsSchema.safeParse(text)
    // Too few, too many or repeated: the screen says which; nothing here is worth indexing.
    if (!parsed.success) {
      return {
        status: 200,
        heading: 'Compare APIs',
        summary: COMPARE_SUMMARY,
        head: { ...compareHead(siteUrl), noindex: true },
      }
    }
    const catalog = openedCatalog(db)
    const apis = await Promise.all(parsed.data.map((id) => catalog.detail(id.toLowerCase())))
    if (apis.some((api) => !api)) {
      return notFound(
        'APIs Not Found',
        'The comparison names an API the directory does not have.',
        '/apis/compare',
      )
    }
    const named = apis.map((api) => ({ id: api!.id, name: api!.name }))
    const head = compareHead(siteUrl, named)
    return {
      status: 200,
      heading: head.title,
      summary: COMPARE_SUMMARY,
      head,
      items: apis.map((api) => ({
        title: api!.name,
        path: entryLocation(api!),
        summary: apiDescription(api!),
      })),
    }
  },
  apiDetailLegacy: async ({ db, search }) => {
    const text = search.get('api')?.trim()
    if (!text)
      return notFound('API Not Found', 'The address does not say which API to show.', '/apis')
    const api = await findApi(db, text, true)
    // One address per API: the old one moves to it for good, so a bookmark, a search engine and
    // the app all land on /apis/{id} (and the browser never asks the API by a name it is not).
    return api ? { status: 301, location: entryLocation(api) } : unknownApi()
  },
  category: async ({ db, siteUrl }, { category: slug }) => {
    const category = await findCategory(db, slug)
    if (!category) {
      return notFound('Category not found', 'There is no such category in the directory.', '/apis')
    }
    return {
      status: 200,
      heading: category.name,
      summary: category.description,
      head: categoryHead(siteUrl, category, category.total),
    }
  },
  provider: ({ db, siteUrl }, { provider: slug }) => {
    const family = openedCatalog(db).family(slug)
    if (!family) {
      return notFound(
        'Provider not found',
        'No provider with this address publishes APIs in the directory.',
        '/apis',
      )
    }
    return {
      status: 200,
      heading: `${family.provider} APIs`,
      summary: providerSummary(family.provider, family.size),
      head: providerHead(siteUrl, family, family.size),
    }
  },
  apiMonitoring: async ({ db, siteUrl }, { id }) => {
    const api = await findApi(db, id, false)
    if (!api) return unknownApi()
    // A version's monitoring is its entry's: the checker measures entries.
    if (api.entry !== api.id) {
      return { status: 301, location: pathTo('apiMonitoring', { id: api.entry }) }
    }
    return {
      status: 200,
      heading: `${api.name} monitoring`,
      summary: monitoringSummary(api.name),
      head: monitoringHead(siteUrl, api),
    }
  },
  monitoringOverview: ({ db, siteUrl, search }) => {
    const text = search.get('category')?.trim()
    const slug = text ? categorySlugSchema.safeParse(text.toLowerCase()) : undefined
    const category = slug?.success ? openedCatalog(db).category(slug.data) : undefined
    const head = monitoringOverviewHead(
      siteUrl,
      category && { slug: category.slug, name: category.name },
    )
    return {
      status: 200,
      heading: head.title,
      summary: MONITORING_OVERVIEW_SUMMARY,
      // A category the directory does not have: the screen says so; nothing worth indexing.
      head: text && !category ? { ...head, noindex: true } : head,
    }
  },
  categoryApi: (context, { apiId }) => describeApi(context, apiId),
  apiDetail: (context, { id }) => describeApi(context, id),
  tester: ({ siteUrl }) => ({
    status: 200,
    heading: 'API Tester',
    summary: TESTER_SUMMARY,
    head: testerHead(siteUrl),
  }),
  blog: ({ siteUrl, articles }) => blogPage(siteUrl, articles ?? defaultArticles()),
  blogPost: ({ siteUrl, articles }, { slug }) => {
    // The screen finds a post by its exact slug, so the server does too.
    const article = (articles ?? defaultArticles()).find((candidate) => candidate.slug === slug)
    if (article) return articlePage(siteUrl, article)
    return {
      status: 404,
      heading: POST_NOT_FOUND_TITLE,
      summary: POST_NOT_FOUND_MESSAGE,
      head: postNotFoundHead(),
    }
  },
}

const isPublic = (id: RouteId): id is PublicRouteId => id in DESCRIBERS

/**
 * The page at a public address, or undefined for addresses the server does not describe (the
 * app's other screens keep the default head). Throws only when the database fails, or when the
 * blog's articles cannot be read.
 */
export const describePage = async (
  db: Queryable,
  siteUrl: string,
  pathname: string,
  search: URLSearchParams,
  /** The blog's articles; those in src/features/blog/articles by default. */
  articles?: Article[],
): Promise<DescribedPage | MovedPage | undefined> => {
  const match = matchRoute(pathname)
  if (!match || !isPublic(match.id)) return undefined
  const describe = DESCRIBERS[match.id] as (
    context: Context,
    params: Record<string, string>,
  ) => DescribedPage | MovedPage | Promise<DescribedPage | MovedPage>
  return describe({ db, siteUrl, search, articles }, match.params)
}
