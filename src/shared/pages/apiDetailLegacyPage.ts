// The old API page, /apis/api-detail.html?api={id or name}: it moves for good to the API's page.
import { pathTo } from '../routes'
import { apiQuery, entryLocation } from './apiDetailPage'
import { definePage, movedOrUnknownApi, notFound } from './page'

export const apiDetailLegacyPage = definePage('apiDetailLegacy', {
  route: {
    pattern: '/apis/api-detail.html',
    query: ['api'],
    example: '/apis/api-detail.html?api=stripe',
  },
  // Never drawn: the server moves it, so the screen never starts with data.
  firstQueries: () => [],
  describe: async ({ answers, site, search }) => {
    const text = search.get('api')?.trim()
    if (!text) {
      return notFound(
        'API Not Found',
        'The address does not say which API to show.',
        pathTo('apis'),
      )
    }
    const api =
      (await answers.get(apiQuery(text.toLowerCase())))?.data.api ?? (await site.apiByName(text))
    // One address per API: the old one moves to it for good, so a bookmark, a search engine and
    // the app all land on /apis/{id} (and the browser never asks the API by a name it is not).
    if (api) return { status: 301, location: entryLocation(api) }
    return movedOrUnknownApi(site, text, (moved) => pathTo('apiDetail', { id: moved }))
  },
})
