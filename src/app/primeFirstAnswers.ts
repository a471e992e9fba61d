import { apiAnswers } from '@/shared/apiRequests'
import { firstQueryKey, type FirstQuery } from '@/shared/firstQueries'
import { configApi } from '../lib/store/configApi'
import type { FirstAnswers } from './firstAnswers'
import type { AppStore } from '../lib/store/store'

/** An answer's value, or a throw where the answer lacks it (not the endpoint's shape). */
function present<T>(value: T): NonNullable<T> {
  if (value === undefined || value === null) throw new TypeError('The answer has no value')
  return value
}

/** Puts one answer in the store as its endpoint would keep it; throws on an answer of the wrong shape. */
const prime = async (store: AppStore, query: FirstQuery, answer: never) => {
  if (query.endpoint === 'getConfig') {
    const value = present(apiAnswers.getConfig(answer))
    store.dispatch(
      configApi.util.upsertQueryEntries([{ endpointName: 'getConfig', arg: undefined, value }]),
    )
    return
  }
  if (query.endpoint === 'getTesterApi') {
    const value = present(apiAnswers.getTesterApi(answer))
    const { testerApi } = await import('@/features/tester/api/testerApi')
    store.dispatch(
      testerApi.util.upsertQueryEntries([{ endpointName: 'getTesterApi', arg: query.args, value }]),
    )
    return
  }
  // Its own small chunk, which the page's route needs anyway (and the HTML preloads).
  const { directoryApi } = await import('@/features/directory/api/directoryApi')
  const upsert = directoryApi.util.upsertQueryEntries
  switch (query.endpoint) {
    case 'listCategories': {
      const value = present(apiAnswers.listCategories(answer))
      store.dispatch(upsert([{ endpointName: 'listCategories', arg: undefined, value }]))
      return
    }
    case 'listApis': {
      const value = present(apiAnswers.listApis(answer))
      store.dispatch(upsert([{ endpointName: 'listApis', arg: query.args, value }]))
      return
    }
    case 'getCategory': {
      const value = present(apiAnswers.getCategory(answer))
      store.dispatch(upsert([{ endpointName: 'getCategory', arg: query.args, value }]))
      return
    }
    case 'getApi': {
      const value = present(apiAnswers.getApi(answer))
      store.dispatch(upsert([{ endpointName: 'getApi', arg: query.args, value }]))
      return
    }
  }
}

/**
 * Puts the answers the page came with (src/shared/firstQueries.ts says which; the server answered
 * them) into the store as RTK Query cache entries, before the first render: the page then draws
 * once, with its data, and the server's render and the browser's agree (ssr/renderPage.tsx). Only
 * answered queries are in the page, so this never waits on the network; an answer it cannot use
 * is left out, and its screen fetches as usual.
 */
export async function primeFirstAnswers(store: AppStore, { queries, answers }: FirstAnswers) {
  await Promise.all(
    queries.map(async (query) => {
      const answer = answers.get(firstQueryKey(query))
      if (answer === undefined) return
      await prime(store, query, answer as never).catch(() => undefined)
    }),
  )
}
