import type { Monitoring, MonitoringOverview, MonitoringResponse } from '@/contract/monitoring'
import { apiAnswers, apiRequests } from '@/shared/apiRequests'
import { baseApi } from '@/lib/store/baseApi'

/** Half a minute, as the server lets caches keep the answers: checks change them. */
const KEEP_SECONDS = 30

/**
 * What the health checker found: one API's monitoring and the overview of all. A chunk of its own,
 * loaded with the monitoring pages only.
 */
export const monitoringApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMonitoring: build.query<Monitoring, string>({
      query: apiRequests.getMonitoring,
      transformResponse: apiAnswers.getMonitoring,
      keepUnusedDataFor: KEEP_SECONDS,
    }),
    /** '' for every category, else a slug. */
    getMonitoringOverview: build.query<MonitoringOverview, string>({
      query: apiRequests.getMonitoringOverview,
      transformResponse: apiAnswers.getMonitoringOverview,
      keepUnusedDataFor: KEEP_SECONDS,
    }),
    /**
     * An admin's "Check now" (POST /api/apis/:id/check, with the staff token): the server checks
     * the API at once and answers its fresh monitoring, which replaces the page's.
     */
    checkApiNow: build.mutation<Monitoring, string>({
      query: (id) => ({ url: `apis/${encodeURIComponent(id)}/check`, method: 'POST' }),
      extraOptions: { staff: true },
      transformResponse: (answer: MonitoringResponse) => answer.data,
      onQueryStarted: async (id, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }))
        if (data) dispatch(monitoringApi.util.updateQueryData('getMonitoring', id, () => data))
      },
    }),
  }),
})

export const { useGetMonitoringQuery, useGetMonitoringOverviewQuery, useCheckApiNowMutation } =
  monitoringApi
