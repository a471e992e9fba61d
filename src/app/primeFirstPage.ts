import type { FirstQuery } from '@/contract/firstQueries'
import { configApi } from './store/configApi'
import { readFirstAnswers } from './store/firstAnswers'
import type { AppStore } from './store/store'

const start = async (store: AppStore, query: FirstQuery) => {
  const options = { subscribe: false }
  if (query.endpoint === 'getConfig') {
    return store.dispatch(configApi.endpoints.getConfig.initiate(undefined, options))
  }
  // Its own small chunk, which the page's route needs anyway (and the HTML preloads).
  const { directoryApi } = await import('@/features/directory/api/directoryApi')
  const { endpoints } = directoryApi
  switch (query.endpoint) {
    case 'listCategories':
      return store.dispatch(endpoints.listCategories.initiate(undefined, options))
    case 'listApis':
      return store.dispatch(endpoints.listApis.initiate(query.args, options))
    case 'getCategory':
      return store.dispatch(endpoints.getCategory.initiate(query.args, options))
    case 'getApi':
      return store.dispatch(endpoints.getApi.initiate(query.args, options))
  }
}

/**
 * Puts the answers the server wrote into the page in the store, under the queries the screen will
 * make (src/contract/firstQueries.ts, which the server read), before the first render: the page
 * then draws once, with its data, in the first (interruptible) render, rather than again when the
 * data arrives. Only answered queries are in the page, so this never waits on the network;
 * anything else the screen fetches as usual.
 */
export async function primeFirstPage(store: AppStore, doc: Document = document) {
  // Each query takes its answer as it starts, so none is left behind.
  await Promise.all(readFirstAnswers(doc).map((query) => start(store, query)))
}
