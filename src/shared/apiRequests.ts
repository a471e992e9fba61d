// The GET requests of /api the screens make, built in one place: the RTK Query endpoints send
// them, and the server answers the same ones inside a page's HTML (its first answers), so the two
// cannot drift apart.
import type {
  ApiDetailResponse,
  ApiListParams,
  ApiListResponse,
  CategoryApisResponse,
} from '../contract/apis'
import type { CategoriesResponse } from '../contract/categories'
import type { CompareResponse, SimilarResponse } from '../contract/compare'
import type { MonitoringOverviewResponse, MonitoringResponse } from '../contract/monitoring'
import type { OperationDetailResponse, OperationListResponse } from '../contract/operations'
import type { PublicConfig } from '../contract/config'

/** The id of the JSON block in which the server writes a page's first answers (server/spa.ts). */
export const FIRST_ANSWERS_ID = 'first-answers'

export type ApiRequest = { url: string; params?: Record<string, string | number | undefined> }

export type CategoryPageArgs = { category: string; page?: number; limit?: number }

export const apiRequests = {
  getConfig: (): ApiRequest => ({ url: 'config' }),
  listCategories: (): ApiRequest => ({ url: 'categories' }),
  listApis: (params: ApiListParams): ApiRequest => ({ url: 'apis', params }),
  getCategory: ({ category, page, limit }: CategoryPageArgs): ApiRequest => ({
    url: `apis/category/${encodeURIComponent(category)}`,
    params: { page, limit },
  }),
  getApi: (id: string): ApiRequest => ({ url: `apis/${encodeURIComponent(id)}` }),
  /** The comparison of `a,b,c` as the address spells it; the server validates it. */
  getComparison: (ids: string): ApiRequest => ({ url: 'compare', params: { ids } }),
  getSimilar: (id: string): ApiRequest => ({ url: `apis/${encodeURIComponent(id)}/similar` }),
  getMonitoring: (id: string): ApiRequest => ({ url: `apis/${encodeURIComponent(id)}/monitoring` }),
  /** Every category's APIs for '', else the category's; the server validates the slug. */
  getMonitoringOverview: (category: string): ApiRequest => ({
    url: 'monitoring/overview',
    params: { category: category || undefined },
  }),
  /** One page of an API's operations; the list is served in pages of at most 300. */
  listOperations: (apiId: string, page = 1): ApiRequest => ({
    url: `apis/${encodeURIComponent(apiId)}/operations`,
    params: { page: page > 1 ? page : undefined },
  }),
  /** An API's operations matching a search's words, best first (the first page, up to 300). */
  searchOperations: ({ apiId, search }: OperationSearchArgs): ApiRequest => ({
    url: `apis/${encodeURIComponent(apiId)}/operations`,
    params: { search },
  }),
  getOperation: ({ apiId, operationKey }: OperationArgs): ApiRequest => ({
    url: `apis/${encodeURIComponent(apiId)}/operations/${encodeURIComponent(operationKey)}`,
  }),
}

export type OperationArgs = { apiId: string; operationKey: string }
export type OperationSearchArgs = { apiId: string; search: string }

/**
 * What the screens keep of each answer (their endpoints' transformResponse): the same whether the
 * answer came over the network or inside the page.
 */
export const apiAnswers = {
  getConfig: (answer: PublicConfig) => answer,
  listCategories: (answer: CategoriesResponse) => answer.data.categories,
  listApis: (answer: ApiListResponse) => answer.data,
  getCategory: (answer: CategoryApisResponse) => answer.data,
  getApi: (answer: ApiDetailResponse) => answer.data.api,
  getTesterApi: (answer: ApiDetailResponse) => answer.data.api,
  listOperations: (answer: OperationListResponse) => answer.data,
  searchOperations: (answer: OperationListResponse) => answer.data,
  getOperation: (answer: OperationDetailResponse) => answer.data.operation,
  getComparison: (answer: CompareResponse) => answer,
  getSimilar: (answer: SimilarResponse) => answer.data.similar,
  getMonitoring: (answer: MonitoringResponse) => answer.data,
  getMonitoringOverview: (answer: MonitoringOverviewResponse) => answer.data,
}

/**
 * One spelling per request, relative to /api: the path, then the parameters that have a value, in
 * name order (`apis?limit=24&page=1`). fetchBaseQuery drops undefined parameters the same way.
 */
export function requestKey({
  url,
  params = {},
}: {
  url: string
  params?: Record<string, unknown>
}) {
  const query = new URLSearchParams()
  for (const name of Object.keys(params).sort()) {
    const value = params[name]
    if (value !== undefined) query.append(name, String(value))
  }
  const text = query.toString()
  return text ? `${url}?${text}` : url
}
