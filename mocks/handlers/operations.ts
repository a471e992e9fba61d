import { delay, http, HttpResponse } from 'msw'
import type { ApiError } from '@/contract/common'
import type { OperationDetailResponse, OperationListResponse } from '@/contract/operations'
import { githubOperations, operationDetails } from '../data/operations'

const listUrl = '*/api/apis/:id/operations'
const detailUrl = '*/api/apis/:id/operations/:operationKey'

const failure = (status: number, error: string) =>
  HttpResponse.json({ success: false, error } satisfies ApiError, { status })

const list = http.get(listUrl, ({ params }) =>
  params.id === githubOperations.apiId
    ? HttpResponse.json({ success: true, data: githubOperations } satisfies OperationListResponse)
    : HttpResponse.json({
        success: true,
        data: { apiId: String(params.id), servers: [], operations: [] },
      } satisfies OperationListResponse),
)

const detail = http.get(detailUrl, ({ params }) => {
  // The server's router decodes the segment; do the same whether or not MSW already did.
  const raw = String(params.operationKey)
  let key = raw
  try {
    key = decodeURIComponent(raw)
  } catch {
    // not encoded
  }
  const operation = operationDetails.find(
    (candidate) => candidate.apiId === params.id && candidate.operationKey === key,
  )
  if (!operation) return failure(404, `Operation not found: ${JSON.stringify(key)}`)
  return HttpResponse.json({ success: true, data: { operation } } satisfies OperationDetailResponse)
})

/** Operation lists and details, as the server answers them. */
export const operationsHandlers = {
  default: [list, detail],
  /** The list answers; every operation's detail never does. */
  loading: [
    list,
    http.get(detailUrl, async () => {
      await delay('infinite')
      return HttpResponse.json({})
    }),
  ],
  /** The list answers; every operation's detail fails with a server error. */
  error: [list, http.get(detailUrl, () => failure(500, 'The database is unavailable'))],
}
