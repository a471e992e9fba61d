import { delay, http, HttpResponse } from 'msw'
import type { ApiError } from '@/contract/common'
import {
  monitoringOverviewQuerySchema,
  type MonitoringOverview,
  type MonitoringOverviewResponse,
  type MonitoringResponse,
} from '@/contract/monitoring'
import {
  changedMonitoring,
  downMonitoring,
  driftedMonitoring,
  emptyOverview,
  noNetworkMonitoring,
  noNetworkOverview,
  overview,
  recoveredMonitoring,
  uncheckedMonitoring,
  upMonitoring,
} from '../data/monitoring'

const monitoringUrl = '*/api/apis/:id/monitoring'
const overviewUrl = '*/api/monitoring/overview'

const failure = (status: number, error: string) =>
  HttpResponse.json({ success: false, error } satisfies ApiError, { status })

const answering = (answer: MonitoringResponse) =>
  http.get(monitoringUrl, () => HttpResponse.json(answer))

/** GET /api/apis/:id/monitoring, one variant per state of the page. */
export const monitoringHandlers = {
  default: [answering(upMonitoring)],
  unchecked: [answering(uncheckedMonitoring)],
  noNetwork: [answering(noNetworkMonitoring)],
  down: [answering(downMonitoring)],
  drifted: [answering(driftedMonitoring)],
  recovered: [answering(recoveredMonitoring)],
  changed: [answering(changedMonitoring)],
  notFound: [http.get(monitoringUrl, () => failure(404, 'API not found'))],
  loading: [
    http.get(monitoringUrl, async () => {
      await delay('infinite')
      return HttpResponse.json(upMonitoring)
    }),
  ],
  networkError: [http.get(monitoringUrl, () => HttpResponse.error())],
}

const checkUrl = '*/api/apis/:id/check'

/** POST /api/apis/:id/check, an admin's "Check now": one variant per state of its button. */
export const checkNowHandlers = {
  default: [http.post(checkUrl, () => HttpResponse.json(upMonitoring))],
  noNetwork: [http.post(checkUrl, () => HttpResponse.json(noNetworkMonitoring))],
  checking: [
    http.post(checkUrl, async () => {
      await delay('infinite')
      return HttpResponse.json(upMonitoring)
    }),
  ],
  rateLimited: [
    http.post(checkUrl, () =>
      HttpResponse.json(
        {
          success: false,
          error:
            'This API was just checked: at most 2 checks of one API a minute, whoever asks. Try again in 41 s.',
        } satisfies ApiError,
        { status: 429, headers: { 'retry-after': '41' } },
      ),
    ),
  ],
  forbidden: [http.post(checkUrl, () => failure(403, 'Checking an API now needs the admin role'))],
  unreachable: [
    http.post(checkUrl, () => failure(409, 'This API has no address the checker could call')),
  ],
  networkError: [http.post(checkUrl, () => HttpResponse.error())],
}

/** The server's validation, from the same schema, and its category filter. */
const overviewOf = (answer: MonitoringOverview) =>
  http.get(overviewUrl, ({ request }) => {
    const parsed = monitoringOverviewQuerySchema.safeParse(
      Object.fromEntries(new URL(request.url).searchParams),
    )
    if (!parsed.success) {
      return failure(
        400,
        parsed.error.issues
          .map((issue) => `Query parameter '${issue.path.join('.')}': ${issue.message}`)
          .join('; '),
      )
    }
    const category = parsed.data.category ?? null
    const keep = <T extends { api: { category: string } }>(list: { total: number; items: T[] }) => {
      const items = list.items.filter((entry) => !category || entry.api.category === category)
      return { total: category ? items.length : list.total, items }
    }
    return HttpResponse.json({
      success: true,
      data: {
        ...answer,
        category,
        down: keep(answer.down),
        drifted: keep(answer.drifted),
        recovered: keep(answer.recovered),
        changes: keep(answer.changes),
      },
    } satisfies MonitoringOverviewResponse)
  })

/** GET /api/monitoring/overview. */
export const monitoringOverviewHandlers = {
  default: [overviewOf(overview)],
  empty: [overviewOf(emptyOverview)],
  noNetwork: [overviewOf(noNetworkOverview)],
  loading: [
    http.get(overviewUrl, async () => {
      await delay('infinite')
      return HttpResponse.json({})
    }),
  ],
  error: [http.get(overviewUrl, () => failure(503, 'Service unavailable'))],
}
