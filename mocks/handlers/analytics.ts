import { delay, http, HttpResponse } from 'msw'
import type { ApiError } from '@/contract/common'
import {
  REPORT_RANGES,
  type AnalyticsReport,
  type AnalyticsReportResponse,
  type ReportRange,
} from '@/contract/analyticsReport'
import { emptyReport, sampleReport } from '../data/analyticsReport'

const url = '*/api/analytics/report'

/** Answers with the report of the range asked for, as the server does. */
const answer = (report: (days: ReportRange) => AnalyticsReport) =>
  http.get(url, ({ request }) => {
    const days = Number(new URL(request.url).searchParams.get('days') ?? '30')
    if (!(REPORT_RANGES as readonly number[]).includes(days)) {
      return HttpResponse.json(
        {
          success: false,
          error: "Query field 'days': must be one of 7, 30, 90",
        } satisfies ApiError,
        { status: 400 },
      )
    }
    return HttpResponse.json({
      success: true,
      data: report(days as ReportRange),
    } satisfies AnalyticsReportResponse)
  })

export const analyticsHandlers = {
  default: [answer(sampleReport)],
  empty: [answer(emptyReport)],
  error: [
    http.get(url, () =>
      HttpResponse.json(
        { success: false, error: 'The database is unavailable' } satisfies ApiError,
        { status: 503 },
      ),
    ),
  ],
  loading: [
    http.get(url, async () => {
      await delay('infinite')
      return HttpResponse.json({})
    }),
  ],
}
