import type { Monitoring, MonitoringOverview } from '@/contract/monitoring'
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
  }),
})

export const { useGetMonitoringQuery, useGetMonitoringOverviewQuery } = monitoringApi
