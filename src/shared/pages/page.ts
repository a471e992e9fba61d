// What a public page is, once: its route, the /api queries it starts with, and what the server
// says of it before any script runs. Each page is one module beside this one; `npm run pages`
// lists them (registry.gen.ts) and copies their routes into the route table (routes.gen.ts).
import type { ApiDetail } from '../../contract/apis'
import type { FirstAnswer, FirstQuery } from '../firstQueries'
import { pathTo, ROUTES, type PublicRouteId, type RouteParams } from '../routes'
import type { ArticleSummary } from '../seo/articlePageHead'
import type { CoverPreload } from '../seo/coverImage'
import type { Faq } from '../seo/jsonLd'
import type { PageSummary } from '../seo/heads'

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
}

/**
 * The answers of this server's own /api routes, each asked once per drawing of a page: the page's
 * first queries are asked before it is described, any other on its first `get`.
 */
export type PageAnswers = {
  /**
   * The route's answer when it is a 200; undefined when the route answered that there is no such
   * thing (a 4xx). Throws when it could not answer (the database down, the route shed): the page
   * cannot be described now, and the app draws it from its own requests.
   */
  get: <Query extends FirstQuery>(query: Query) => Promise<FirstAnswer<Query> | undefined>
  /** Whether this answer goes inside the page (a first query's 200, small enough to carry). */
  carried: (query: FirstQuery) => boolean
}

/** A blog article as its pages show it (the server reads them from their Markdown). */
export type SiteArticle = ArticleSummary & { featured: boolean; keywords: string[]; faq?: Faq[] }

/** What the server knows beside its /api answers. */
export type SiteFacts = {
  /** The blog's articles, newest first. */
  articles: () => SiteArticle[]
  /** The API whose name holds the text, in any case, shortest name first (the old `?api=`). */
  apiByName: (text: string) => Promise<ApiDetail | undefined>
  /** The entry an old id has moved to, when a rebuild merged its API into another entry. */
  movedApi: (id: string) => string | undefined
}

export type PageInput<Id extends PublicRouteId> = {
  params: RouteParams<Id>
  /** The address's query as the page reads it (routeSearch). */
  search: URLSearchParams
  siteUrl: string
  answers: PageAnswers
  site: SiteFacts
}

export type Page<Id extends PublicRouteId> = {
  id: Id
  /** Its route in the one route table: pattern, audience and the query it reads. */
  route: (typeof ROUTES)[Id]
  /** What its screen asks /api for as it first draws, besides the shell's config. */
  firstQueries: (params: RouteParams<Id>, search: URLSearchParams) => FirstQuery[]
  /** Its status, head, heading, summary and listed items, or where it has moved. */
  describe: (input: PageInput<Id>) => Promise<DescribedPage | MovedPage>
}

/** What a page module writes of its route: all but its audience, which is public. */
export type PageRoute<Id extends PublicRouteId> = Omit<(typeof ROUTES)[Id], 'audience'>

/**
 * A public page, with its route. `npm run pages` copies the route into the route table
 * (routes.gen.ts), and the route written here must be that copy to compile: a new page's id, or a
 * changed route, compiles once the registry is written again.
 */
export const definePage = <Id extends PublicRouteId>(
  id: Id,
  { route: _route, ...page }: Omit<Page<Id>, 'id' | 'route'> & { route: PageRoute<Id> },
): Page<Id> => ({ id, route: ROUTES[id], ...page })

/** A page that does not exist: 404, never indexed. */
export const notFound = (title: string, summary: string, path: string): DescribedPage => ({
  status: 404,
  heading: title,
  summary,
  head: { title, description: summary, path, noindex: true },
})

// A 404 never repeats the address's text: the page is cacheable, and a crafted link would otherwise
// put its words on this site (content spoofing). The app's own screen names what was asked.
export const unknownApi = () =>
  notFound('API Not Found', 'No API in the directory has this address.', pathTo('apis'))

/**
 * An id the catalogue does not hold: when a rebuild merged its API into another entry, its page
 * moves for good to that entry's (`at` gives the page's address for an id); else not found.
 */
export const movedOrUnknownApi = (
  site: Pick<SiteFacts, 'movedApi'>,
  id: string,
  at: (id: string) => string,
): MovedPage | DescribedPage => {
  const moved = site.movedApi(id)
  return moved ? { status: 301, location: at(moved) } : unknownApi()
}

/** Asks for the answer as the address spells it, then in lower case, as the catalogue keeps ids. */
export async function answerInLowerCase<Query extends FirstQuery>(
  answers: PageAnswers,
  query: Query,
  lower: Query,
): Promise<FirstAnswer<Query> | undefined> {
  return (
    (await answers.get(query)) ?? (lower.args === query.args ? undefined : await answers.get(lower))
  )
}
