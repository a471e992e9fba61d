// The /api queries a public page makes as it first draws (each page names its own, in
// src/shared/pages/): the server answers them inside the page's HTML, and the app puts those
// answers in its store before its first render, so the page draws once, with its data.
import type {
  ApiDetailResponse,
  ApiListParams,
  ApiListResponse,
  CategoryApisResponse,
} from '../contract/apis'
import type { CategoriesResponse } from '../contract/categories'
import type { CompareResponse } from '../contract/compare'
import type { PublicConfig } from '../contract/config'
import type { MonitoringOverviewResponse, MonitoringResponse } from '../contract/monitoring'
import type { OperationDetailResponse } from '../contract/operations'
import {
  apiRequests,
  requestKey,
  type ApiRequest,
  type CategoryPageArgs,
  type OperationArgs,
} from './apiRequests'

/** Each endpoint a page may start with: its arguments, the request it sends and its answer. */
type Endpoints = {
  getConfig: { args: undefined; answer: PublicConfig }
  listCategories: { args: undefined; answer: CategoriesResponse }
  listApis: { args: ApiListParams; answer: ApiListResponse }
  getCategory: { args: CategoryPageArgs; answer: CategoryApisResponse }
  getApi: { args: string; answer: ApiDetailResponse }
  getOperation: { args: OperationArgs; answer: OperationDetailResponse }
  getTesterApi: { args: string; answer: ApiDetailResponse }
  getComparison: { args: string; answer: CompareResponse }
  getMonitoring: { args: string; answer: MonitoringResponse }
  getMonitoringOverview: { args: string; answer: MonitoringOverviewResponse }
}

export type FirstQuery = {
  [Endpoint in keyof Endpoints]: { endpoint: Endpoint; args: Endpoints[Endpoint]['args'] }
}[keyof Endpoints]

/** The route's answer to a first query, as JSON (before the endpoint's transformResponse). */
export type FirstAnswer<Query extends FirstQuery> = Endpoints[Query['endpoint']]['answer']

/** The request each first query sends: the tester's API is the same request as the API page's. */
const REQUESTS: { [Endpoint in keyof Endpoints]: (args: never) => ApiRequest } = {
  getConfig: apiRequests.getConfig,
  listCategories: apiRequests.listCategories,
  listApis: apiRequests.listApis,
  getCategory: apiRequests.getCategory,
  getApi: apiRequests.getApi,
  getOperation: apiRequests.getOperation,
  getTesterApi: apiRequests.getApi,
  getComparison: apiRequests.getComparison,
  getMonitoring: apiRequests.getMonitoring,
  getMonitoringOverview: apiRequests.getMonitoringOverview,
}

/** The request a first query sends, as requestKey spells it (relative to /api). */
export function firstQueryKey(query: FirstQuery) {
  const request = REQUESTS[query.endpoint] as (args: FirstQuery['args']) => ApiRequest
  return requestKey(request(query.args))
}

/**
 * A query whose answer fills one part of its page, which draws that part loading without it: the
 * page is drawn all the same when its answer is missing or too large to carry (an operation named
 * by the address, whose answer can be larger than a page carries).
 */
export const isPartQuery = (query: FirstQuery) => query.endpoint === 'getOperation'
