// Loading what the browser kept, and filling a request's variables when it is sent.
import type { AppThunk } from '@/lib/store/store'
import { selectActiveEnvironment, workbenchLoaded } from '../workbenchSlice'
import type { Draft } from './draft'
import { redactSecrets, resolveDraft, type Resolved } from './variables'
import { readWorkbench } from './workbenchStorage'

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
}

/** What TesterWorkspace needs to send a request that uses variables, in one call. */
export const sendPrepared =
  (draft: Draft): AppThunk<Promise<PreparedSend>> =>
  async (dispatch) => {
    const resolved = await dispatch(variablesResolved(draft))
    return {
      draft: resolved.draft,
      refusal:
        resolved.missing.length > 0
          ? `Not sent: set ${resolved.missing.map((n) => `{{${n}}}`).join(', ')} first`
          : null,
      hide: (value) => redactSecrets(value, resolved.secrets),
    }
  }
