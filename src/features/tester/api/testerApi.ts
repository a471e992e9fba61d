import type { ApiDetail } from '@/contract/apis'
import type { OperationDetail } from '@/contract/operations'
import type { TestRequest, TestResponse, TestResponseData } from '@/contract/tester'
import { baseApi } from '@/lib/store/baseApi'
import { apiAnswers, apiRequests, type OperationArgs } from '@/shared/apiRequests'

/** The tester's calls: the proxy route, and the catalogue entry a `?api=` link prefills from. */
export const testerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendTest: build.mutation<TestResponseData, TestRequest>({
      query: (body) => ({ url: 'apis/test', method: 'POST', body }),
      transformResponse: (response: TestResponse) => response.data,
    }),
    getTesterApi: build.query<ApiDetail, string>({
      query: apiRequests.getApi,
      transformResponse: apiAnswers.getTesterApi,
    }),
    /** The operation an `&op=` link prefills from. */
    getTesterOperation: build.query<OperationDetail, OperationArgs>({
      query: apiRequests.getOperation,
      transformResponse: apiAnswers.getOperation,
    }),
  }),
})

export const { useSendTestMutation, useGetTesterApiQuery, useGetTesterOperationQuery } = testerApi
