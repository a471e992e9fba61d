// The answers to a public page's first /api queries, written into its HTML so the app draws the
// page with its data at once (src/app/firstQueries.ts says which queries; issue 11).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { firstQueries, firstQueryKey, type FirstQuery } from '../../src/contract/firstQueries'
import type { PageItem } from './pages'

/** More than this (a catalogue record with thousands of endpoints) is left for the app to fetch. */
const MAX_ANSWER_BYTES = 128 * 1024

// What the routes read of the request to build their answers (the config's own address).
const FORWARDED = ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for'] as const

/** What the page carries for the app: the queries to start, and their answers by requestKey. */
export type FirstAnswers = { queries: FirstQuery[]; answers: Record<string, unknown> }

/**
 * Each first query of the page, asked of this server's own routes (same validation, same shape,
 * same status), keyed as the app's baseQuery spells it. Answers other than 200 are left out: the
 * app then asks itself and shows the route's own error.
 */
export async function collectFirstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
  search: URLSearchParams,
): Promise<FirstAnswers> {
  const headers: Record<string, string> = {}
  for (const name of FORWARDED) {
    const value = request.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const answers: Record<string, unknown> = {}
  const queries = firstQueries(pathname, search)
  await Promise.all(
    queries.map(async (query) => {
      const key = firstQueryKey(query)
      const response = await app.inject({ method: 'GET', url: `/api/${key}`, headers })
      if (response.statusCode !== 200 || response.body.length > MAX_ANSWER_BYTES) return
      answers[key] = response.json()
    }),
  )
  return { queries: queries.filter((query) => firstQueryKey(query) in answers), answers }
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
  answers: Record<string, unknown>,
): PageItem[] {
  const [query] = firstQueries(pathname, search).filter(
    ({ endpoint }) =>
      endpoint === 'listApis' || endpoint === 'getCategory' || endpoint === 'getApi',
  )
  if (!query) return []
  const data = answerData(answers[firstQueryKey(query)])
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
      ? `/apis/category/${encodeURIComponent(query.args.category)}/${encodeURIComponent(api.id)}`
      : `/apis/${encodeURIComponent(api.id)}`
  return apis.map((api) => ({
    title: api.name,
    path: linkTo(api),
    summary: api.summary || 'No description given.',
  }))
}
