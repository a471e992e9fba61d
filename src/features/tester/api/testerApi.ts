import type { ApiDetail, ApiDetailResponse } from '@/contract/apis'
import type { TestRequest, TestResponse, TestResponseData } from '@/contract/tester'
import { baseApi } from '@/lib/store/baseApi'

/** The tester's calls: the proxy route, and the catalogue entry a `?api=` link prefills from. */
export const testerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendTest: build.mutation<TestResponseData, TestRequest>({
      query: (body) => ({ url: 'apis/test', method: 'POST', body }),
      transformResponse: (response: TestResponse) => response.data,
    }),
    getTesterApi: build.query<ApiDetail, string>({
      query: (id) => `apis/${encodeURIComponent(id)}`,
      transformResponse: (response: ApiDetailResponse) => response.data.api,
    }),
  }),
})

export const { useSendTestMutation, useGetTesterApiQuery } = testerApi
