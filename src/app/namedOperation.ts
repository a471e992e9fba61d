// Its own chunk, imported by main.tsx only on an address with `#op-`, and preloaded there by
// index.html with the operation's parts (scripts/vitePlugins.ts): every other page's first load
// carries none of it.
import { directoryApi } from '@/features/directory/api/directoryApi'
import { apiAnswers } from '@/shared/apiRequests'
import { firstQueryKey } from '@/shared/firstQueries'
import { namedOperationKey } from '@/shared/operationLinks'
import type { AppStore } from '../lib/store/store'
import type { FirstAnswers } from './firstAnswers'

/**
 * On an API page whose address names an operation (`#op-…` or `?op=`), asks for that operation as soon as
 * the page's answers are in the store, beside hydration: the page opens it from an effect once it
 * has hydrated (OperationsSection), which on a slow phone is a second or more later, and finds the
 * answer there or on its way. Nothing is asked on any other page, and nothing throws.
 */
export function askForNamedOperation(store: AppStore, { queries, answers }: FirstAnswers) {
  const operationKey = namedOperationKey(location.search, location.hash)
  const query = queries.find((candidate) => candidate.endpoint === 'getApi')
  const answer = query && answers.get(firstQueryKey(query))
  if (operationKey === undefined || answer === undefined) return
  let api: { id?: unknown } | undefined
  try {
    api = apiAnswers.getApi(answer as never) as typeof api
  } catch {
    // An answer of another shape asks nothing: the page asks for the operation itself.
    return
  }
  if (typeof api?.id !== 'string') return
  // Not subscribed: the page's own request for it, which comes next, keeps the answer.
  void store.dispatch(
    directoryApi.endpoints.getOperation.initiate(
      { apiId: api.id, operationKey },
      { subscribe: false },
    ),
  )
}
