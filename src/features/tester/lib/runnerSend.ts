// A collection run's requests go through the tester's one send function, one at a time.
import type { TestRequest } from '@/contract/tester'
import type { AppThunk } from '@/lib/store/store'
import { sendTestRequest, type SendResult } from '../api/testerApi'
import { selectActiveJar, selectActiveJarKey } from '../workbenchSlice'
import { answerCookiesKept } from './workbenchThunks'

export { sendResultOf } from '../api/testerApi'

/**
 * Sends one request with the active environment's cookie jar, as Send does, and keeps what its
 * answer set there, so a cookie one request gets goes with the next. An abort of the signal aborts
 * it in flight.
 */
export const sendThroughServer =
  (request: TestRequest, signal: AbortSignal): AppThunk<Promise<SendResult>> =>
  async (dispatch, getState) => {
    const jar = selectActiveJarKey(getState())
    const result = await dispatch(
      sendTestRequest({ ...request, cookies: selectActiveJar(getState()) }, { signal }),
    )
    // The answer as it came, before any secret is masked in it, as Send keeps it.
    if (result.kind === 'answer') await dispatch(answerCookiesKept(jar, result.data))
    return result
  }

/** Resolves after `ms`, or as soon as the signal aborts. */
export const waitOrAbort = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
  })
