import { delay, http, HttpResponse } from 'msw'
import type { ApiError } from '@/contract/common'
import {
  MAX_OPERATIONS_PAGE,
  type OperationDetailResponse,
  type OperationListResponse,
} from '@/contract/operations'
import { githubOperations, operationDetails } from '../data/operations'
import { testerOperations } from '../data/testerOperations'

const listUrl = '*/api/apis/:id/operations'
const detailUrl = '*/api/apis/:id/operations/:operationKey'

const failure = (status: number, error: string) =>
  HttpResponse.json({ success: false, error } satisfies ApiError, { status })

/** A page of the list, as the server cuts it (`?page=&limit=`). */
const list = http.get(listUrl, ({ params, request }) => {
  const query = new URL(request.url).searchParams
  const page = Number(query.get('page') ?? 1)
  const limit = Number(query.get('limit') ?? MAX_OPERATIONS_PAGE)
  const all = params.id === githubOperations.apiId ? githubOperations : undefined
  const operations = all?.operations ?? []
  return HttpResponse.json({
    success: true,
    data: {
      apiId: String(params.id),
      servers: all?.servers ?? [],
      operations: operations.slice((page - 1) * limit, page * limit),
      total: operations.length,
      page,
      limit,
    },
  } satisfies OperationListResponse)
})

const detail = http.get(detailUrl, ({ params }) => {
  // The server's router decodes the segment; do the same whether or not MSW already did.
  const raw = String(params.operationKey)
  let key = raw
  try {
    key = decodeURIComponent(raw)
  } catch {
    // not encoded
  }
  const operation = [...operationDetails, ...testerOperations].find(
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
