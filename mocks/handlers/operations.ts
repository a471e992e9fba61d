import { delay, http, HttpResponse } from 'msw'
import type { ApiError } from '@/contract/common'
import {
  MAX_OPERATIONS_PAGE,
  type OperationDetailResponse,
  type OperationListResponse,
  type OperationSummary,
  fallbackOperationKey,
} from '@/contract/operations'
import { apiDetails } from '../data/apis'
import { githubOperations, operationDetails } from '../data/operations'
import { testerOperations } from '../data/testerOperations'

const listUrl = '*/api/apis/:id/operations'
const detailUrl = '*/api/apis/:id/operations/:operationKey'

const failure = (status: number, error: string) =>
  HttpResponse.json({ success: false, error } satisfies ApiError, { status })

/**
 * An operation's words as the server reads them, roughly: camelCase, snake_case and punctuation
 * split, lower case. The server stems them too ("creates" and "create" match); here a query word
 * matches a word it starts, which keeps the mock's answers to the few examples stories use.
 */
const wordsOf = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

const matches = (operation: OperationSummary, search: string) => {
  const wanted = wordsOf(search).filter((word) => !STOP_WORDS.has(word))
  if (wanted.length === 0) return false
  const words = wordsOf(
    `${operation.path} ${operation.summary} ${operation.operationId ?? ''} ${operation.tags.join(' ')}`,
  )
  return wanted.every((word) => words.some((candidate) => candidate.startsWith(word)))
}
const STOP_WORDS = new Set(['a', 'an', 'the', 'of', 'for', 'to', 'in', 'on', 'by'])

/** Another fixture API's operations: the endpoints its record lists, keyed as the server keys them. */
const listedOf = (id: string) => {
  const api = apiDetails.find((candidate) => candidate.id === id)
  return (
    api && {
      servers: [],
      operations: api.endpoints.map((endpoint): OperationSummary => ({
        operationKey: fallbackOperationKey(endpoint.method, endpoint.path),
        method: endpoint.method,
        path: endpoint.path,
        operationId: null,
        summary: endpoint.summary,
        tags: [],
        deprecated: false,
      })),
    }
  )
}

/** A page of the list, as the server cuts it (`?page=&limit=`), or of a search's matches. */
const list = http.get(listUrl, ({ params, request }) => {
  const query = new URL(request.url).searchParams
  const page = Number(query.get('page') ?? 1)
  const limit = Number(query.get('limit') ?? MAX_OPERATIONS_PAGE)
  const search = query.get('search')?.trim()
  const all = params.id === githubOperations.apiId ? githubOperations : listedOf(String(params.id))
  const operations = (all?.operations ?? []).filter((op) => !search || matches(op, search))
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

/** A list request's words (`?search=`), trimmed; blank or absent is the whole list. */
const searchOf = (request: Request) => new URL(request.url).searchParams.get('search')?.trim()

/** The list answers; a search (`?search=`) waits for ever, or fails. */
const searchLoading = http.get(listUrl, async ({ request }) => {
  if (!searchOf(request)) return undefined
  await delay('infinite')
  return HttpResponse.json({})
})
/** The stories' first search answers; any other words wait for ever. */
const FIRST_SEARCH = 'create an issue'
const laterSearchLoading = http.get(listUrl, async ({ request }) => {
  const search = searchOf(request)
  if (!search || search === FIRST_SEARCH) return undefined
  await delay('infinite')
  return HttpResponse.json({})
})
const searchError = http.get(listUrl, ({ request }) => {
  if (!searchOf(request)) return undefined
  return failure(500, 'The database is unavailable')
})

/** The whole list (no `search`) waits for ever, or fails; a search is answered. */
const listLoading = http.get(listUrl, async ({ request }) => {
  if (searchOf(request)) return undefined
  await delay('infinite')
  return HttpResponse.json({})
})
const listError = http.get(listUrl, ({ request }) => {
  if (searchOf(request)) return undefined
  return failure(500, 'The database is unavailable')
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
  /** Lists and details answer; a search never does. */
  searchLoading: [searchLoading, list, detail],
  /** Lists and details answer, and a search for "create an issue"; other words never do. */
  laterSearchLoading: [laterSearchLoading, list, detail],
  /** Lists and details answer; a search fails with a server error. */
  searchError: [searchError, list, detail],
  /** Details and searches answer; the whole list never does. */
  listLoading: [listLoading, list, detail],
  /** Details and searches answer; the whole list fails with a server error. */
  listError: [listError, list, detail],
}
