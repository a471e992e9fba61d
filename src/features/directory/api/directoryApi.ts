import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import type {
  ApiDetail,
  ApiDetailResponse,
  ApiListParams,
  ApiListResponse,
  CategoryApisResponse,
} from '@/contract/apis'
import {
  apiAnswers,
  apiRequests,
  type CategoryPageArgs,
  type OperationArgs,
  type OperationSearchArgs,
} from '@/shared/apiRequests'
import type { OperationDetail, OperationListResponse } from '@/contract/operations'
import type { Category } from '@/contract/categories'
import { baseApi } from '@/lib/store/baseApi'
import { pickByName } from '../lib/findApi'

/** Five minutes: going back to a listing, a category or an API shows it at once. */
const KEEP_SECONDS = 300

export type { CategoryPageArgs }

/** The directory's calls: the listing, the categories, one category's APIs and one API. */
export const directoryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listApis: build.query<ApiListResponse['data'], ApiListParams>({
      query: apiRequests.listApis,
      transformResponse: apiAnswers.listApis,
      keepUnusedDataFor: KEEP_SECONDS,
    }),
    listCategories: build.query<Category[], void>({
      query: apiRequests.listCategories,
      transformResponse: apiAnswers.listCategories,
      keepUnusedDataFor: KEEP_SECONDS,
    }),
    getCategory: build.query<CategoryApisResponse['data'], CategoryPageArgs>({
      query: apiRequests.getCategory,
      transformResponse: apiAnswers.getCategory,
      keepUnusedDataFor: KEEP_SECONDS,
    }),
    getApi: build.query<ApiDetail, string>({
      query: apiRequests.getApi,
      transformResponse: apiAnswers.getApi,
      keepUnusedDataFor: KEEP_SECONDS,
    }),
    /**
     * Every operation of an API (method, path, key, summary, tags), asked for when the list opens:
     * the server sends pages of at most 300, fetched one after another and joined in order.
     */
    listOperations: build.query<OperationListResponse['data'], string>({
      keepUnusedDataFor: KEEP_SECONDS,
      async queryFn(apiId, _api, _options, baseQuery) {
        const first = await baseQuery(apiRequests.listOperations(apiId))
        if (first.error) return { error: first.error as FetchBaseQueryError }
        const data = apiAnswers.listOperations(first.data as OperationListResponse)
        const operations = [...data.operations]
        const pages = Math.ceil(data.total / data.limit)
        for (let page = 2; page <= pages; page += 1) {
          const next = await baseQuery(apiRequests.listOperations(apiId, page))
          if (next.error) return { error: next.error as FetchBaseQueryError }
          operations.push(
            ...apiAnswers.listOperations(next.data as OperationListResponse).operations,
          )
        }
        // Frozen before the store takes it: Immer walks and freezes every object of an answer
        // that is not, and the largest API's list is 22,361 operations in one task.
        Object.freeze(operations)
        return { data: { ...data, operations, limit: Math.max(data.limit, operations.length) } }
      },
    }),
    /**
     * The operations of an API that match a search's words, over its whole document, best first:
     * the server stems the words and reads paths, summaries, descriptions and parameter names.
     */
    searchOperations: build.query<OperationListResponse['data'], OperationSearchArgs>({
      query: apiRequests.searchOperations,
      transformResponse: apiAnswers.searchOperations,
      keepUnusedDataFor: KEEP_SECONDS,
    }),
    /** One operation, whole: asked for when its disclosure opens. */
    getOperation: build.query<OperationDetail, OperationArgs>({
      query: apiRequests.getOperation,
      transformResponse: apiAnswers.getOperation,
      keepUnusedDataFor: KEEP_SECONDS,
    }),
    /**
     * The `?api=` of /apis/api-detail.html: the API with that id, else the first whose name contains
     * the text, case-insensitively. Answers 404 `API not found` when neither matches.
     */
    findApi: build.query<ApiDetail, string>({
      keepUnusedDataFor: KEEP_SECONDS,
      async queryFn(text, _api, _options, baseQuery) {
        const wanted = text.trim()
        const notFound = {
          error: { status: 404, data: { success: false, error: 'API not found' } },
        } satisfies { error: FetchBaseQueryError }
        if (!wanted) return notFound

        const byId = await baseQuery(`apis/${encodeURIComponent(wanted)}`)
        if (byId.data) return { data: (byId.data as ApiDetailResponse).data.api }
        if (byId.error?.status !== 404) return { error: byId.error as FetchBaseQueryError }

        const listed = await baseQuery({ url: 'apis', params: { search: wanted, limit: 100 } })
        if (listed.error) return { error: listed.error as FetchBaseQueryError }
        const match = pickByName((listed.data as ApiListResponse).data.apis, wanted)
        if (!match) return notFound

        const detail = await baseQuery(`apis/${encodeURIComponent(match.id)}`)
        if (detail.error) return { error: detail.error as FetchBaseQueryError }
        return { data: (detail.data as ApiDetailResponse).data.api }
      },
    }),
  }),
})

export const {
  useListApisQuery,
  useListCategoriesQuery,
  useGetCategoryQuery,
  useGetApiQuery,
  useFindApiQuery,
  useListOperationsQuery,
  useGetOperationQuery,
  useSearchOperationsQuery,
} = directoryApi
