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
  // Each its own small chunk, which the page's route needs anyway (and the HTML preloads).
  const { util } =
    query.endpoint === 'getComparison'
      ? (await import('@/features/directory/api/compareApi')).compareApi
      : query.endpoint === 'getMonitoring' || query.endpoint === 'getMonitoringOverview'
        ? (await import('@/features/directory/api/monitoringApi')).monitoringApi
        : (await import('@/features/directory/api/directoryApi')).directoryApi
  const value = present((apiAnswers[query.endpoint] as (answer: never) => unknown)(answer))
  // Every other endpoint's answer keeps the shape apiAnswers gives it, under its own name and args.
  const upsert = util.upsertQueryEntries as unknown as (
    entries: { endpointName: string; arg: unknown; value: unknown }[],
  ) => Parameters<AppStore['dispatch']>[0]
  store.dispatch(upsert([{ endpointName: query.endpoint, arg: query.args, value }]))
}

/**
 * Puts the answers the page came with (its module in src/shared/pages/ says which; the server
 * answered them) into the store as RTK Query cache entries, before the first render: the page then draws
 * once, with its data, and the server's render and the browser's agree (ssr/renderPage.tsx). Only
 * answered queries are in the page, so this never waits on the network; an answer it cannot use
 * is left out, and its screen fetches as usual.
 */
export async function primeFirstAnswers(
  store: AppStore,
  { queries, answers }: FirstAnswers,
  /**
   * Waited for between two answers, when given: the browser's start puts each in a task of its own
   * (a store update is a few milliseconds of a fast machine's time, several on a slow phone). The
   * server puts them in together.
   */
  between?: () => Promise<void>,
) {
  const primeOne = async (query: FirstQuery) => {
    const answer = answers.get(firstQueryKey(query))
    if (answer === undefined) return
    await prime(store, query, answer as never).catch(() => undefined)
  }
  if (!between) {
    await Promise.all(queries.map(primeOne))
    return
  }
  for (const [index, query] of queries.entries()) {
    if (index > 0) await between()
    await primeOne(query)
  }
}
