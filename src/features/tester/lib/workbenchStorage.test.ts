import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { makeStore } from '@/lib/store/store'
import { selectWorkbench } from '../workbenchSlice'
import { emptyDraft } from './draft'
import { workbenchLoadNeeded } from './workbenchThunks'
import {
  clearWorkbench,
  readWorkbench,
  WORKBENCH_FLAG_KEY,
  writeWorkbench,
} from './workbenchStorage'

afterEach(() => clearWorkbench())

const kept = {
  environments: [
    { id: 'e', name: 'Production', variables: [{ name: 'token', value: 't0k3n', secret: true }] },
  ],
  activeEnvironmentId: 'e',
  collections: [
    {
      id: 'c',
      name: 'Mine',
      items: [{ kind: 'request' as const, id: 'r', name: 'One', draft: emptyDraft }],
    },
  ],
  cookieJars: {},
}
const nothing = { environments: [], activeEnvironmentId: null, collections: [], cookieJars: {} }
const cookie = {
  name: 'session',
  value: 's3cr3t',
  domain: 'api.example.com',
  path: '/',
  expires: null,
  secure: true,
  httpOnly: true,
  hostOnly: true,
  sameSite: 'lax' as const,
}

describe('environments and collections in IndexedDB', () => {
  it('are read back as written, and flagged so the next visit loads them at once', async () => {
    expect(await readWorkbench()).toEqual(nothing)
    await writeWorkbench(kept)
    expect(localStorage.getItem(WORKBENCH_FLAG_KEY)).toBe('1')
    expect(await readWorkbench()).toEqual(kept)
    await writeWorkbench(nothing)
    expect(localStorage.getItem(WORKBENCH_FLAG_KEY)).toBeNull()
  })

  it('keep a cookie jar per environment, flagged like the rest', async () => {
    const jars = { ...nothing, cookieJars: { e: [cookie], 'no-environment': [] } }
    await writeWorkbench(jars)
    expect(localStorage.getItem(WORKBENCH_FLAG_KEY)).toBe('1')
    expect(await readWorkbench()).toEqual(jars)
  })

  it('fill a fresh store once', async () => {
    await writeWorkbench(kept)
    const store = makeStore()
    await Promise.all([
      store.dispatch(workbenchLoadNeeded()),
      store.dispatch(workbenchLoadNeeded()),
    ])
    const state = selectWorkbench(store.getState())
    expect(state.loaded).toBe(true)
    expect(state.environments).toEqual(kept.environments)
    expect(state.collections).toEqual(kept.collections)
  })
})
