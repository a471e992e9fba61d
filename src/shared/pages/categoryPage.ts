// A category's page, /apis/category/{category}: one page of its APIs.
import { pageNumber } from '../listing'
import { pathTo } from '../routes'
import { categoryHead } from '../seo/heads'
import { categoriesQuery } from './apiDetailPage'
import { listedApis } from './listedApis'
import { definePage, notFound } from './page'
import type { FirstQuery } from '../firstQueries'

const categoryQuery = (category: string, search: URLSearchParams) =>
  ({ endpoint: 'getCategory', args: { category, page: pageNumber(search) } }) satisfies FirstQuery

export const categoryPage = definePage('category', {
  route: {
    pattern: '/apis/category/:category',
    query: ['page'],
    example: '/apis/category/payments',
  },
  firstQueries: ({ category }, search) => [categoryQuery(category, search)],
  describe: async ({ answers, siteUrl, params, search }) => {
    // The categories' answer names every category, whatever page of its APIs the address asks for.
    const slug = params.category.toLowerCase()
    const category = (await answers.get(categoriesQuery))?.data.categories.find(
      (candidate) => candidate.slug === slug,
    )
    if (!category) {
      return notFound(
        'Category not found',
        'There is no such category in the directory.',
        pathTo('apis'),
      )
    }
    const query = categoryQuery(params.category, search)
    const listing = answers.carried(query) ? await answers.get(query) : undefined
    return {
      status: 200,
      heading: category.name,
      summary: category.description,
      head: categoryHead(siteUrl, category, category.count),
      items: listedApis(listing?.data.apis ?? [], (api) =>
        pathTo('categoryApi', { category: params.category, apiId: api.id }),
      ),
    }
  },
})
