import type {
  AnalyticsReport,
  AnalyticsReportResponse,
  ReportRange,
} from '@/contract/analyticsReport'
import { baseApi } from '@/lib/store/baseApi'

/** The staff report: the signed-in person's token is added by baseApi (docs/architecture.md). */
export const analyticsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAnalyticsReport: build.query<AnalyticsReport, ReportRange>({
      query: (days) => ({ url: 'analytics/report', params: { days } }),
      extraOptions: { staff: true },
      transformResponse: (response: AnalyticsReportResponse) => response.data,
    }),
  }),
})

export const { useGetAnalyticsReportQuery } = analyticsApi
