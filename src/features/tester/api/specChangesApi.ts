import type { MonitoringResponse, SpecChange } from '@/contract/monitoring'
import { baseApi } from '@/lib/store/baseApi'
import { apiRequests } from '@/shared/apiRequests'

/**
 * The changes recorded between the versions of an API's document (the monitoring answer's
 * `changes`, newest first), for saved requests made from its operations. Asked only when a saved
 * request names an API, never with the tester's first load.
 */
export const specChangesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getApiSpecChanges: build.query<SpecChange[], string>({
      query: apiRequests.getMonitoring,
      transformResponse: (answer: MonitoringResponse) => answer.data.changes,
      // Documents change with a new catalogue, not by the minute.
      keepUnusedDataFor: 600,
    }),
  }),
})

export const { useGetApiSpecChangesQuery } = specChangesApi
