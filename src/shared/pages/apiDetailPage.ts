// An API's page, /apis/{id}: its record and the directory's categories.
import type { ApiDetail } from '../../contract/apis'
import type { FirstQuery } from '../firstQueries'
import { operationAddress } from '../operationLinks'
import { pathTo } from '../routes'
import { apiDescription, apiHead } from '../seo/heads'
import {
  answerInLowerCase,
  definePage,
  movedOrUnknownApi,
  type DescribedPage,
  type MovedPage,
  type PageAnswers,
  type PageItem,
  type SiteFacts,
} from './page'

/** As many endpoints as the API page shows before 'Show all' (EndpointList's ENDPOINTS_SHOWN). */
const ENDPOINTS_LISTED = 50

export const apiQuery = (id: string) => ({ endpoint: 'getApi', args: id }) satisfies FirstQuery
export const categoriesQuery = { endpoint: 'listCategories', args: undefined } satisfies FirstQuery

/** Where a record lives: its entry's page, with the version selected unless it is the default. */
export const entryLocation = (api: Pick<ApiDetail, 'id' | 'entry'>) => {
  const path = pathTo('apiDetail', { id: api.entry })
  return api.entry === api.id ? path : `${path}?version=${encodeURIComponent(api.id)}`
}

/**
 * A moved API page's new address, still naming the operation the old one named (`op`): the
 * server draws that operation there too. (A fragment, `#op-…`, the browser keeps by itself.)
 */
const keepingOperation = (location: string, search: URLSearchParams) => {
  const operationKey = search.get('op')?.trim()
  if (!operationKey) return location
  const [path, query = ''] = location.split('?')
  return `${path}${operationAddress({ search: query }, operationKey).search}`
}

type Described = { api: ApiDetail; categoryName: string }

/** The record an address names (ids are kept in lower case), with its category's name. */
const findApi = async (answers: PageAnswers, id: string): Promise<Described | undefined> => {
  const answer = await answerInLowerCase(answers, apiQuery(id), apiQuery(id.toLowerCase()))
  if (!answer) return undefined
  const api = answer.data.api
  const categories = (await answers.get(categoriesQuery))?.data.categories
  const category = categories?.find((candidate) => candidate.slug === api.category)
  return category && { api, categoryName: category.name }
}

/**
 * The API page at /apis/{id} and at /apis/category/{category}/{id}: a version's page is its
 * entry's page, one address (and canonical) per API; its main text lists the first endpoints.
 */
export async function describeApi(
  answers: PageAnswers,
  siteUrl: string,
  id: string,
  search: URLSearchParams,
  site: Pick<SiteFacts, 'movedApi'>,
): Promise<DescribedPage | MovedPage> {
  const found = await findApi(answers, id)
  if (!found) {
    return movedOrUnknownApi(site, id, (moved) =>
      keepingOperation(pathTo('apiDetail', { id: moved }), search),
    )
  }
  const { api } = found
  // The old address of a version grouped into an entry moves to the entry, that version chosen.
  if (api.entry !== api.id) {
    return { status: 301, location: keepingOperation(entryLocation(api), search) }
  }
  const version = search.get('version')
  const chosen =
    version && version !== api.id && api.versions.some((v) => v.id === version)
      ? await findApi(answers, version)
      : undefined
  const shown = chosen ?? found
  const namedQuery = namedOperationQuery(id, search)
  const named = namedQuery && (await answers.get(namedQuery))?.data.operation
  return {
    status: 200,
    heading: shown.api.name,
    summary: apiDescription(shown.api),
    head: apiHead(siteUrl, { ...shown.api, id: shown.api.entry }, shown.categoryName),
    items: [
      // The operation the address names first, as the page draws it open.
      ...(named
        ? [{ title: `${named.method} ${named.path}`, summary: named.summary || named.description }]
        : []),
      ...(answers.carried(apiQuery(shown.api.id)) ? endpointItems(shown.api) : []),
    ],
  }
}

/** The endpoints the page shows first, as its main text. */
const endpointItems = (api: ApiDetail): PageItem[] =>
  api.endpoints.slice(0, ENDPOINTS_LISTED).map((endpoint) => ({
    title: `${endpoint.method} ${endpoint.path}`,
    summary: endpoint.summary,
  }))

/**
 * The record the API page's screen asks for first: the version the address chooses, else the API
 * itself (ApiDetailScreen asks for `version || id` the same way), and the operation its `op`
 * names (OperationsSection draws it open).
 */
export const shownApiQueries = (id: string, search: URLSearchParams): FirstQuery[] => {
  const named = namedOperationQuery(id, search)
  return [apiQuery(search.get('version')?.trim() || id), categoriesQuery, ...(named ? [named] : [])]
}

/** The operation the address's `op` names, of the record shown (ids are kept in lower case). */
const namedOperationQuery = (id: string, search: URLSearchParams) => {
  const operationKey = search.get('op')?.trim()
  const apiId = (search.get('version')?.trim() || id).toLowerCase()
  return operationKey
    ? ({ endpoint: 'getOperation', args: { apiId, operationKey } } satisfies FirstQuery)
    : undefined
}

export const apiDetailPage = definePage('apiDetail', {
  route: { pattern: '/apis/:id', query: ['version', 'op'], example: '/apis/stripe' },
  firstQueries: ({ id }, search) => shownApiQueries(id, search),
  describe: ({ answers, siteUrl, params, search, site }) =>
    describeApi(answers, siteUrl, params.id, search, site),
})
