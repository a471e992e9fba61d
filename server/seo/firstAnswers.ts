// The answers to a public page's first /api queries, written into its HTML so the app draws the
// page with its data at once (src/app/firstQueries.ts says which queries).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createGate, overloadOf, type GateLimits } from '../admission'
import { inProcessHeaders } from '../inProcess'
import { firstQueries, firstQueryKey, type FirstQuery } from '../../src/shared/firstQueries'
import { pathTo } from '../../src/shared/routes'
import type { RenderedPage } from '../../src/shared/ssr'
import type { PageItem } from './pages'
import type { PageRenderer } from './ssr'

/** More than this (a catalogue record with thousands of endpoints) is left for the app to fetch. */
const MAX_ANSWER_BYTES = 128 * 1024

/**
 * What the page carries for the app: the queries to start, and their answers by requestKey, as the
 * routes wrote them (JSON text, so a page never parses and re-serialises a large answer).
 */
type FirstAnswers = { queries: FirstQuery[]; answers: Record<string, string> }

/** How long a page's answers are reused: the catalogue changes only when a new seed loads. */
const REUSE_MS = 30_000
/** Pages kept at most (each answer under MAX_ANSWER_BYTES): the hot pages, not the catalogue. */
const KEPT_PAGES = 200

/**
 * Drawing a page not kept is the costliest thing a visitor can ask for: its answers, then the
 * app's components on the event loop (tens of milliseconds). Two at once, sixteen waiting for at
 * most 2 s; past that the visitor gets the app's shell with 503 and Retry-After (server/app.ts),
 * and the app fetches its own data.
 */
export const PAGE_DRAWING_LIMITS: GateLimits = { concurrency: 2, maxQueued: 16, maxWaitMs: 2_000 }

/** What the server adds to a public page from its first answers. */
export type AnsweredPage = {
  /** The data block's text (firstAnswersJson, `<` escaped); empty when nothing was answered. */
  block: string
  /** The page's main text (listedItems). */
  items: PageItem[]
  /** The page drawn by the app's own components, when every answer is in (server/seo/ssr.ts). */
  rendered?: RenderedPage
}

/**
 * A page's first answers and what it lists, from this server's own routes (same validation, same
 * shape, same status), keyed as the app's baseQuery spells them. Answers other than 200 are left
 * out: the app then asks itself and shows the route's own error. A page whose queries were all
 * answered is reused for REUSE_MS, so a busy page costs its route calls once per half minute
 * rather than on every view, and is drawn again only when its answers changed; one with a failed
 * answer (the database down) is asked again. Past the drawing gate, a page drawn before is served
 * as it was.
 */
export function firstAnswersCollector(
  app: FastifyInstance,
  render: PageRenderer['render'] = async () => null,
  now = Date.now,
  limits: GateLimits = PAGE_DRAWING_LIMITS,
) {
  const kept = new Map<string, { page: AnsweredPage; until: number }>()
  const drawing = createGate({ name: 'page drawing', ...limits })

  // The answers depend on the address alone: no route reads the visitor's Host or forwarded
  // headers (every address comes from configuration), so none is passed on,
  // and one page is kept for every visitor.
  async function answer(_request: FastifyRequest, pathname: string, search: URLSearchParams) {
    const pageKey = `${pathname}?${search}`
    const hit = kept.get(pageKey)
    if (hit && hit.until > now()) return hit.page
    try {
      return await drawing.run(() => collect(pathname, search, pageKey, hit?.page))
    } catch (error) {
      // A crowd past the gate gets the page as it was last drawn rather than a busy shell: its
      // data changes only with a new seed or a health check.
      if (hit && overloadOf(error)) return hit.page
      throw error
    }
  }

  async function collect(
    pathname: string,
    search: URLSearchParams,
    pageKey: string,
    previous: AnsweredPage | undefined,
  ) {
    const answers: Record<string, string> = {}
    const queries = firstQueries(pathname, search)
    await Promise.all(
      queries.map(async (query) => {
        const key = firstQueryKey(query)
        const response = await app.inject({
          method: 'GET',
          url: `/api/${key}`,
          headers: inProcessHeaders(),
        })
        if (response.statusCode === 200 && response.body.length <= MAX_ANSWER_BYTES) {
          answers[key] = response.body
        }
      }),
    )
    const answered = queries.filter((query) => firstQueryKey(query) in answers)
    const block = answered.length
      ? firstAnswersJson({ queries: answered, answers }).replace(/</g, '\\u003c')
      : ''
    if (answered.length === queries.length && previous?.rendered && previous.block === block) {
      // The same answers draw the same page: asking the routes again (answers they keep) is
      // cheap, drawing it again on the event loop is not.
      keep(pageKey, previous)
      return previous
    }
    const page: AnsweredPage = { block, items: listedItems(pathname, search, answers) }
    if (answered.length === queries.length) {
      // Drawn only with all its data: a page missing an answer would be drawn loading, and its
      // text says more to a crawler than a spinner does.
      const rendered = await render({
        url: `${pathname}${search.size > 0 ? `?${search}` : ''}`,
        queries: answered,
        answers: Object.fromEntries(
          Object.entries(answers).map(([key, text]) => [key, JSON.parse(text) as unknown]),
        ),
      })
      if (rendered) page.rendered = rendered
      keep(pageKey, page)
    }
    return page
  }

  function keep(pageKey: string, page: AnsweredPage) {
    kept.delete(pageKey)
    kept.set(pageKey, { page, until: now() + REUSE_MS })
    if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value!)
  }

  return Object.assign(answer, { stats: () => drawing.stats() })
}

/** The page's first answers as one JSON text, without parsing the answers again. */
export function firstAnswersJson({ queries, answers }: FirstAnswers) {
  const entries = Object.entries(answers).map(([key, text]) => `${JSON.stringify(key)}:${text}`)
  return `{"queries":${JSON.stringify(queries)},"answers":{${entries.join(',')}}}`
}

type ListedApi = { id: string; name: string; summary: string }
type ListedEndpoint = { method: string; path: string; summary: string }

/** As many endpoints as the API page shows before 'Show all' (EndpointList's ENDPOINTS_SHOWN). */
const ENDPOINTS_LISTED = 50

const answerData = (answer: unknown) =>
  (answer as { data?: Record<string, unknown> } | undefined)?.data

/**
 * What a page lists first, from its answers, as its main text: the APIs of the directory or a
 * category (linked to their pages), or an API's endpoints. Crawlers get them, and a visitor
 * reads them before the app has drawn its own.
 */
export function listedItems(
  pathname: string,
  search: URLSearchParams,
  answers: Record<string, string>,
): PageItem[] {
  const [query] = firstQueries(pathname, search).filter(
    ({ endpoint }) =>
      endpoint === 'listApis' || endpoint === 'getCategory' || endpoint === 'getApi',
  )
  if (!query) return []
  const text = answers[firstQueryKey(query)]
  if (text === undefined) return []
  const data = answerData(JSON.parse(text))
  if (query.endpoint === 'getApi') {
    const endpoints = (data?.api as { endpoints?: unknown } | undefined)?.endpoints
    if (!Array.isArray(endpoints)) return []
    return (endpoints as ListedEndpoint[]).slice(0, ENDPOINTS_LISTED).map((endpoint) => ({
      title: `${endpoint.method} ${endpoint.path}`,
      summary: endpoint.summary,
    }))
  }
  const apis = Array.isArray(data?.apis) ? (data.apis as ListedApi[]) : []
  const linkTo = (api: ListedApi) =>
    query.endpoint === 'getCategory'
      ? pathTo('categoryApi', { category: query.args.category, apiId: api.id })
      : pathTo('apiDetail', { id: api.id })
  return apis.map((api) => ({
    title: api.name,
    path: linkTo(api),
    summary: api.summary || 'No description given.',
  }))
}
