// The directory, /apis: the categories and one page of the listing its address asks for.
import { listingToQuery, parseListing } from '../listing'
import { pathTo } from '../routes'
import { DIRECTORY_SUMMARY, directoryHead } from '../seo/heads'
import { categoriesQuery } from './apiDetailPage'
import { listedApis } from './listedApis'
import { definePage } from './page'
import type { FirstQuery } from '../firstQueries'

const listingQuery = (search: URLSearchParams) =>
  ({ endpoint: 'listApis', args: listingToQuery(parseListing(search)) }) satisfies FirstQuery

export const apisPage = definePage('apis', {
  route: {
    pattern: '/apis',
    query: ['search', 'category', 'auth', 'https', 'cors', 'free', 'verified', 'sort', 'page'],
    example: '/apis',
  },
  firstQueries: (_, search) => [categoriesQuery, listingQuery(search)],
  describe: async ({ answers, siteUrl, search }) => {
    const query = listingQuery(search)
    const listing = answers.carried(query) ? await answers.get(query) : undefined
    return {
      status: 200,
      heading: 'API Directory',
      summary: DIRECTORY_SUMMARY,
      head: directoryHead(siteUrl, parseListing(search).search),
      items: listedApis(listing?.data.apis ?? [], (api) => pathTo('apiDetail', { id: api.id })),
    }
  },
})
