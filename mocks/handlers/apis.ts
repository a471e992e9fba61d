import { delay, http, HttpResponse } from 'msw'
import {
  apiListQuerySchema,
  categoryApisQuerySchema,
  type ApiDetailResponse,
  type ApiListResponse,
  type ApiSummary,
  type CategoryApisResponse,
} from '@/contract/apis'
import type { ApiError } from '@/contract/common'
import { apiDetails, apiSummaries, syntheticApi } from '../data/apis'
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

const listAnswer = (request: Request, source: ApiSummary[], checks?: Checks) => {
  const parsed = apiListQuerySchema.safeParse(queryOf(request))
  if (!parsed.success) return badQuery(parsed.error.issues)
  const query = parsed.data
  const triState = (value: boolean | null, wanted: 'true' | 'false' | 'unknown' | undefined) =>
    wanted === undefined || (wanted === 'unknown' ? value === null : value === (wanted === 'true'))
  const found = source.filter(
    (api) =>
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
      apis: page(found, query.page, query.limit),
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
