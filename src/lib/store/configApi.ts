import { apiAnswers, apiRequests } from '@/shared/apiRequests'
import type { PublicConfig } from '@/contract/config'
import { baseApi } from './baseApi'

/** Run-time settings from the server, shared by the shell, the redirect page and the auth client. */
export const configApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConfig: build.query<PublicConfig, void>({
      query: apiRequests.getConfig,
      transformResponse: apiAnswers.getConfig,
      keepUnusedDataFor: Infinity,
    }),
  }),
})

export const { useGetConfigQuery } = configApi
