// An API's page reached from its category, /apis/category/{category}/{id}: the API page itself.
import { describeApi, shownApiQueries } from './apiDetailPage'
import { definePage } from './page'

export const categoryApiPage = definePage('categoryApi', {
  route: {
    pattern: '/apis/category/:category/:apiId',
    query: ['version', 'op'],
    example: '/apis/category/payments/stripe',
  },
  firstQueries: ({ apiId }, search) => shownApiQueries(apiId, search),
  describe: ({ answers, siteUrl, params, search, site }) =>
    describeApi(answers, siteUrl, params.apiId, search, site),
})
