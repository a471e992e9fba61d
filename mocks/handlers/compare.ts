import { delay, http, HttpResponse } from 'msw'
import type { ApiError } from '@/contract/common'
import {
  compareQuerySchema,
  type CompareResponse,
  type SimilarApi,
  type SimilarResponse,
} from '@/contract/compare'
import {
  fullComparison,
  partialComparison,
  stripeSimilar,
  unknownComparison,
} from '../data/compare'

const compareUrl = '*/api/compare'
const similarUrl = '*/api/apis/:id/similar'

const failure = (status: number, error: string) =>
  HttpResponse.json({ success: false, error } satisfies ApiError, { status })

/** The server's validation, from the same schema: a story sees the same 400s. */
const comparing = (answer: CompareResponse) =>
  http.get(compareUrl, ({ request }) => {
    const parsed = compareQuerySchema.safeParse(
      Object.fromEntries(new URL(request.url).searchParams),
    )
    if (!parsed.success) {
      return failure(
        400,
        parsed.error.issues.map((issue) => `Query parameter 'ids': ${issue.message}`).join('; '),
      )
    }
    return HttpResponse.json(answer)
  })

const similarTo = (similar: SimilarApi[]) =>
  http.get(similarUrl, ({ params }) =>
    HttpResponse.json({
      success: true,
      data: { api: String(params.id), similar: similar.filter((api) => api.id !== params.id) },
    } satisfies SimilarResponse),
  )

/** GET /api/compare. */
export const compareHandlers = {
  /** Every row known that the server can know, for three measured APIs. */
  default: [comparing(fullComparison)],
  /** One API measured, the others only as their documents state them. */
  partial: [comparing(partialComparison)],
  /** Nothing known: every cell says unknown and why. */
  allUnknown: [comparing(unknownComparison)],
  /** One of the ids is not in the directory. */
  notFound: [
    http.get(compareUrl, () =>
      failure(
        404,
        'ids: no API has the id no-such-api; use ids from the directory, e.g. stripe-com',
      ),
    ),
  ],
  /** Never answers: the loading state stays on screen. */
  loading: [
    http.get(compareUrl, async () => {
      await delay('infinite')
      return HttpResponse.json(fullComparison)
    }),
  ],
  networkError: [http.get(compareUrl, () => HttpResponse.error())],
}

/** GET /api/apis/:id/similar. */
export const similarHandlers = {
  default: [similarTo(stripeSimilar)],
  empty: [similarTo([])],
  error: [http.get(similarUrl, () => failure(503, 'Service unavailable'))],
  /** A server whose first similar-APIs build is still running says so rather than waiting. */
  building: [
    http.get(similarUrl, () =>
      failure(
        503,
        'Similar APIs are still being worked out from the directory. Try again in a minute.',
      ),
    ),
  ],
  loading: [
    http.get(similarUrl, async () => {
      await delay('infinite')
      return HttpResponse.json({})
    }),
  ],
}
