// A provider's page, /apis/provider/{provider}: its family of entries, searchable.
import { providerListing } from '../listing'
import { pathTo } from '../routes'
import { providerHead, providerSummary } from '../seo/heads'
import { listedApis } from './listedApis'
import { definePage, notFound } from './page'
import type { FirstQuery } from '../firstQueries'

const providerQuery = (provider: string, search: URLSearchParams) =>
  ({ endpoint: 'listApis', args: providerListing(provider, search) }) satisfies FirstQuery

export const providerPage = definePage('provider', {
  route: {
    pattern: '/apis/provider/:provider',
    query: ['search', 'page'],
    example: '/apis/provider/twilio-com',
  },
  firstQueries: ({ provider }, search) => [providerQuery(provider, search)],
  describe: async ({ answers, siteUrl, params, search }) => {
    const query = providerQuery(params.provider, search)
    const listing = await answers.get(query)
    // Each entry of a family's page names its family; a search or a page past the last may show
    // none, and the family's first page always has one.
    const family =
      listing?.data.apis[0]?.family ??
      (listing &&
        (await answers.get(providerQuery(params.provider, new URLSearchParams())))?.data.apis[0]
          ?.family)
    if (!family) {
      return notFound(
        'Provider not found',
        'No provider with this address publishes APIs in the directory.',
        pathTo('apis'),
      )
    }
    return {
      status: 200,
      heading: `${family.provider} APIs`,
      summary: providerSummary(family.provider, family.size),
      head: providerHead(siteUrl, family, family.size),
      items: listedApis(answers.carried(query) ? listing!.data.apis : [], (api) =>
        pathTo('apiDetail', { id: api.id }),
      ),
    }
  },
})
