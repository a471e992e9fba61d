// An API's page reached from its category, /apis/category/{category}/{id}: the API page itself.
import { apiQuery, categoriesQuery, describeApi } from './apiDetailPage'
import { definePage } from './page'

export const categoryApiPage = definePage('categoryApi', {
  firstQueries: ({ apiId }) => [apiQuery(apiId), categoriesQuery],
  describe: ({ answers, siteUrl, params, search }) =>
    describeApi(answers, siteUrl, params.apiId, search),
})
