import type { FirstQuery } from '@/shared/firstQueries'
import { configApi } from './store/configApi'
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
 * Starts the page's first queries (src/shared/firstQueries.ts, which the server read) in a store
 * made with their answers (makeStore's firstAnswers), before the first render: the page then draws
 * once, with its data, and the server's render and the browser's agree (ssr/renderPage.tsx). Only
 * answered queries are in the page, so this never waits on the network; anything else the screen
 * fetches as usual.
 */
export async function primeFirstPage(store: AppStore, queries: FirstQuery[]) {
  await Promise.all(queries.map((query) => start(store, query)))
}
