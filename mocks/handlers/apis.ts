import { delay, http, HttpResponse } from 'msw'
import {
  apiListQuerySchema,
  categoryApisQuerySchema,
  providerSlug,
  type ApiDetailResponse,
  type ApiListResponse,
  type ApiSummary,
  type CategoryApisResponse,
} from '@/contract/apis'
import type { ApiError } from '@/contract/common'
import { apiDetails, apiSummaries, syntheticApi } from '../data/apis'
import { githubOperations } from '../data/operations'
import { categories } from '../data/categories'

const listUrl = '*/api/apis'
const categoryUrl = '*/api/apis/category/:category'
const detailUrl = '*/api/apis/:id'

const SLOW_MS = 1500

const failure = (status: number, error: string) =>
  HttpResponse.json({ success: false, error } satisfies ApiError, { status })

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams)

// The same validation as the server, from the same schema, so a story sees the same 400s.
const badQuery = (issues: { path: PropertyKey[]; message: string }[]) =>
  failure(
    400,
    issues.map((issue) => `Query parameter '${issue.path.join('.')}': ${issue.message}`).join('; '),
  )

const page = (apis: ApiSummary[], pageNumber: number, limit: number) =>
  apis.slice((pageNumber - 1) * limit, pageNumber * limit)

/** A rough stand-in for the server's search: words of the name, provider or summary. */
const matches = (api: ApiSummary, search: string) => {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  const text = `${api.name} ${api.provider} ${api.summary}`.toLowerCase()
  return words.every((word) => text.includes(word))
}

type Checks = NonNullable<ApiListResponse['data']['checks']>

/** GitHub's operations whose summary holds a word of the search, as the server shows them. */
const matchedOperations = (api: ApiSummary, search: string) => {
  if (api.id !== 'github-com-api-github-com') return []
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  return githubOperations.operations
    .filter((operation) => words.some((word) => operation.summary.toLowerCase().includes(word)))
    .slice(0, 3)
    .map(({ operationKey, method, path, summary }) => ({
      operationKey,
      method: method.toUpperCase(),
      path,
      summary,
    }))
}

const listAnswer = (request: Request, source: ApiSummary[], checks?: Checks) => {
  const parsed = apiListQuerySchema.safeParse(queryOf(request))
  if (!parsed.success) return badQuery(parsed.error.issues)
  const query = parsed.data
  const triState = (value: boolean | null, wanted: 'true' | 'false' | 'unknown' | undefined) =>
    wanted === undefined || (wanted === 'unknown' ? value === null : value === (wanted === 'true'))
  // A family's page: its parts (404 for a provider the catalogue does not have), each naming it.
  const familyOf = (api: ApiSummary) => {
    const slug = providerSlug(api.provider)
    const size = source.filter((other) => providerSlug(other.provider) === slug).length
    return { slug, provider: api.provider, size }
  }
  if (query.provider && !source.some((api) => providerSlug(api.provider) === query.provider)) {
    return failure(404, 'Provider not found')
  }
  const found = source.filter(
    (api) =>
      (!query.provider || providerSlug(api.provider) === query.provider) &&
      (!query.search || matches(api, query.search)) &&
      (!query.category || api.category === query.category) &&
      triState(api.https, query.https) &&
      triState(api.cors, query.cors) &&
      triState(api.free, query.free) &&
      (!query.verified || api.verified !== null),
  )
  // Stripe's API leads its own search, as on the server.
  found.sort((a, b) => Number(b.id === 'stripe-com') - Number(a.id === 'stripe-com'))
  return HttpResponse.json({
    success: true,
    data: {
      apis: page(found, query.page, query.limit).map((api) => {
        if (!query.search && !query.provider) return api
        const family = familyOf(api)
        const operations = query.search ? matchedOperations(api, query.search) : []
        return {
          ...api,
          ...(query.provider || family.size > 1 ? { family } : {}),
          ...(operations.length > 0 ? { matchedOperations: operations } : {}),
        }
      }),
      total: found.length,
      page: query.page,
      limit: query.limit,
      checks: checks ?? {
        networkUnavailableSince: null,
        verified: source.filter((api) => api.verified !== null).length,
      },
    },
  } satisfies ApiListResponse)
}

const categoryAnswer = (request: Request, slug: string, source: ApiSummary[]) => {
  const category = categories.find((candidate) => candidate.slug === slug)
  if (!category) return failure(404, 'Category not found')
  const parsed = categoryApisQuerySchema.safeParse(queryOf(request))
  if (!parsed.success) return badQuery(parsed.error.issues)
  const apis = source.filter((api) => api.category === slug)
  return HttpResponse.json({
    success: true,
    data: {
      category: source.length === 0 ? { ...category, count: 0 } : category,
      apis: page(apis, parsed.data.page, parsed.data.limit),
      total: apis.length,
      page: parsed.data.page,
      limit: parsed.data.limit,
    },
  } satisfies CategoryApisResponse)
}

const detailAnswer = (id: string, details = apiDetails) => {
  const api = details.find((candidate) => candidate.id === id)
  if (!api) return failure(404, 'API not found')
  return HttpResponse.json({ success: true, data: { api } } satisfies ApiDetailResponse)
}

const working = (wait?: number | 'infinite') => [
  http.get(listUrl, async ({ request }) => {
    if (wait !== undefined) await delay(wait)
    return listAnswer(request, apiSummaries)
  }),
  http.get(categoryUrl, async ({ request, params }) => {
    if (wait !== undefined) await delay(wait)
    return categoryAnswer(request, String(params.category), apiSummaries)
  }),
  http.get(detailUrl, async ({ params }) => {
    if (wait !== undefined) await delay(wait)
    return detailAnswer(String(params.id))
  }),
]

/** GET /api/apis, /api/apis/category/:category and /api/apis/:id. */
export const apisHandlers = {
  default: working(),
  /** A catalogue with no APIs: empty lists, an empty category, no API found. */
  empty: [
    http.get(listUrl, ({ request }) => listAnswer(request, [])),
    http.get(categoryUrl, ({ request, params }) =>
      categoryAnswer(request, String(params.category), []),
    ),
    http.get(detailUrl, () => failure(404, 'API not found')),
  ],
  /** Nothing verified working yet: the checker found no API up with a matching operation. */
  noneVerified: [
    http.get(listUrl, ({ request }) =>
      listAnswer(
        request,
        apiSummaries.map((api) => ({ ...api, verified: null })),
        { networkUnavailableSince: null, verified: 0 },
      ),
    ),
    ...working(),
  ],
  /** A server without network: its checker's runs found none, so nothing is verified. */
  noNetwork: [
    http.get(listUrl, ({ request }) =>
      listAnswer(
        request,
        apiSummaries.map((api) => ({ ...api, verified: null })),
        { networkUnavailableSince: '2026-01-05T08:00:00.000Z', verified: 0 },
      ),
    ),
    ...working(),
  ],
  /** The server fails every call. */
  error: [
    http.get(listUrl, () => failure(503, 'Service unavailable')),
    http.get(categoryUrl, () => failure(503, 'Service unavailable')),
    http.get(detailUrl, () => failure(503, 'Service unavailable')),
  ],
  /** No such API and no such category, whatever is asked. */
  notFound: [
    http.get(listUrl, ({ request }) => listAnswer(request, [])),
    http.get(categoryUrl, () => failure(404, 'Category not found')),
    http.get(detailUrl, () => failure(404, 'API not found')),
  ],
  /** A scale test's catalogue (ATLAS_SYNTHETIC_APIS): the synthetic record's page is found too. */
  synthetic: [
    http.get(detailUrl, ({ params }) =>
      detailAnswer(String(params.id), [...apiDetails, syntheticApi]),
    ),
    ...working(),
  ],
  /** The default answers after a noticeable wait. */
  slow: working(SLOW_MS),
  /** Never answers: the loading state stays on screen. */
  loading: working('infinite'),
  /** The request fails at the network level, as when the server is down. */
  networkError: [
    http.get(listUrl, () => HttpResponse.error()),
    http.get(categoryUrl, () => HttpResponse.error()),
    http.get(detailUrl, () => HttpResponse.error()),
  ],
}
