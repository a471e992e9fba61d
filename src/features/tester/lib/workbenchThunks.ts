// Loading what the browser kept, filling a request's variables and cookies when it is sent, and
// keeping the cookies its answer set.
import type { TestRequest, TestResponseData } from '@/contract/tester'
import type { AppThunk } from '@/lib/store/store'
import {
  cookiesAnswered,
  selectActiveEnvironment,
  selectActiveJar,
  selectActiveJarKey,
  workbenchLoaded,
} from '../workbenchSlice'
import { toTestRequest, type Draft } from './draft'
import { multipartBody } from './multipart'
import { redactSecrets, resolveDraft, type Resolved } from './variables'
import { readWorkbench } from './workbenchStorage'
import type { Environment } from './workbenchTypes'

// One read per store: each story and test has a store of its own.
const reads = new WeakMap<object, Promise<void>>()

/** Reads environments and collections from IndexedDB once, unless the store already has them. */
export const workbenchLoadNeeded = (): AppThunk<Promise<void>> => (dispatch, getState) => {
  if (getState().workbench?.loaded) return Promise.resolve()
  let read = reads.get(getState)
  if (!read) {
    read = readWorkbench().then((data) => {
      if (!getState().workbench?.loaded) dispatch(workbenchLoaded(data))
    })
    reads.set(getState, read)
  }
  return read
}

/** The draft as it is sent, filled from the active environment once it is read. */
export const variablesResolved =
  (draft: Draft): AppThunk<Promise<Resolved>> =>
  async (dispatch, getState) => {
    await dispatch(workbenchLoadNeeded())
    return resolveDraft(draft, selectActiveEnvironment(getState()))
  }

export type PreparedSend = {
  /** The request to send, filled. */
  draft: Draft
  /** Why it is not sent (names not set), or null. */
  refusal: string | null
  /** Masks the secret values that went in, wherever they come back. */
  hide: <T>(value: T) => T
  /** The request to send: the filled draft with the active environment's cookie jar. */
  request: TestRequest
  /** That jar, where its answer's cookies go back. */
  jar: string
  /** The environment it was filled from. */
  environment: Environment | null
}

/** What TesterWorkspace needs to send a request with variables and cookies, in one call. */
export const sendPrepared =
  (draft: Draft): AppThunk<Promise<PreparedSend>> =>
  async (dispatch, getState) => {
    const resolved = await dispatch(variablesResolved(draft))
    return {
      request: {
        ...toTestRequest(resolved.draft, multipartBody),
        cookies: selectActiveJar(getState()),
      },
      jar: selectActiveJarKey(getState()),
      draft: resolved.draft,
      refusal:
        resolved.missing.length > 0
          ? `Not sent: set ${resolved.missing.map((n) => `{{${n}}}`).join(', ')} first`
          : null,
      hide: (value) => redactSecrets(value, resolved.secrets),
      environment: selectActiveEnvironment(getState()),
    }
  }

/**
 * Keeps what an answer did to the jar it was sent with (`jar`), or to the active one when it was
 * sent without (the workbench had not loaded, so the jar was empty). Takes the answer as it came,
 * before any secret was masked in it.
 */
export const answerCookiesKept =
  (jar: string | undefined, answer: TestResponseData): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const { cookies, cookieChanges: changes } = answer
    if (!cookies || !changes || Object.values(changes).every((refs) => refs.length === 0)) return
    await dispatch(workbenchLoadNeeded())
    dispatch(cookiesAnswered({ jar: jar ?? selectActiveJarKey(getState()), cookies, changes }))
  }
