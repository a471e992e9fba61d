import { describe, expect, it } from 'vitest'
import { makeStore } from '@/lib/store/store'
import { emptyDraft } from './lib/draft'
import type { JarCookie } from '@/contract/testerCookies'
import type { SavedRequest } from './lib/workbenchTypes'
import {
  collectionCreated,
  cookieDeleted,
  cookieSaved,
  cookiesAnswered,
  copyItem,
  environmentCreated,
  environmentDeleted,
  folderCreated,
  itemDeleted,
  itemDuplicated,
  itemMoved,
  itemRenamed,
  jarCleared,
  NO_ENVIRONMENT_JAR,
  requestOpened,
  requestSaved,
  selectActiveEnvironment,
  selectActiveJar,
  selectWorkbench,
  workbenchLoaded,
} from './workbenchSlice'

const request = (id: string): SavedRequest => ({
  kind: 'request',
  id,
  name: `Request ${id}`,
  draft: { ...emptyDraft, url: `https://x.test/${id}` },
})

function storeWithCollection() {
  const store = makeStore()
  store.dispatch(
    workbenchLoaded({
      environments: [],
      activeEnvironmentId: null,
      collections: [],
      cookieJars: {},
    }),
  )
  store.dispatch(collectionCreated({ id: 'c', name: 'Mine', items: [] }))
  store.dispatch(folderCreated({ collectionId: 'c', id: 'f', name: 'Folder' }))
  store.dispatch(requestSaved({ collectionId: 'c', folderId: null, request: request('a') }))
  store.dispatch(requestSaved({ collectionId: 'c', folderId: 'f', request: request('b') }))
  return store
}

const names = (store: ReturnType<typeof makeStore>) =>
  JSON.stringify(selectWorkbench(store.getState()).collections[0]?.items, ['name', 'items'])

describe('workbenchSlice', () => {
  it('keeps what was done before the browser answered, after what it had kept', () => {
    const store = makeStore()
    store.dispatch(environmentCreated({ id: 'new', name: 'New', variables: [] }))
    store.dispatch(
      workbenchLoaded({
        environments: [{ id: 'old', name: 'Old', variables: [] }],
        activeEnvironmentId: 'old',
        collections: [],
        cookieJars: {},
      }),
    )
    const state = selectWorkbench(store.getState())
    expect(state.environments.map((e) => e.id)).toEqual(['old', 'new'])
    expect(selectActiveEnvironment(store.getState())?.id).toBe('new')
    store.dispatch(environmentDeleted('new'))
    expect(selectActiveEnvironment(store.getState())).toBeNull()
  })

  it('saves into folders, and over a request already saved', () => {
    const store = storeWithCollection()
    expect(names(store)).toBe(
      '[{"name":"Folder","items":[{"name":"Request b"}]},{"name":"Request a"}]',
    )
    store.dispatch(
      requestSaved({ collectionId: 'c', folderId: null, request: { ...request('b'), name: 'B2' } }),
    )
    expect(names(store)).toBe('[{"name":"Folder","items":[{"name":"B2"}]},{"name":"Request a"}]')
  })

  it('renames, reorders, duplicates and deletes', () => {
    const store = storeWithCollection()
    store.dispatch(itemMoved({ collectionId: 'c', id: 'a', by: -1 }))
    store.dispatch(itemMoved({ collectionId: 'c', id: 'a', by: -1 }))
    expect(names(store)).toBe(
      '[{"name":"Request a"},{"name":"Folder","items":[{"name":"Request b"}]}]',
    )
    store.dispatch(itemRenamed({ collectionId: 'c', id: 'f', name: 'Renamed' }))
    const folder = selectWorkbench(store.getState()).collections[0]?.items[1]
    let n = 0
    store.dispatch(
      itemDuplicated({ collectionId: 'c', id: 'f', copy: copyItem(folder!, () => `copy-${++n}`) }),
    )
    expect(names(store)).toBe(
      '[{"name":"Request a"},{"name":"Renamed","items":[{"name":"Request b"}]},{"name":"Renamed (copy)","items":[{"name":"Request b"}]}]',
    )
    store.dispatch(requestOpened({ collectionId: 'c', id: 'a' }))
    store.dispatch(itemDeleted({ collectionId: 'c', id: 'a' }))
    expect(selectWorkbench(store.getState()).openedRequest).toBeNull()
    expect(names(store)).toBe(
      '[{"name":"Renamed","items":[{"name":"Request b"}]},{"name":"Renamed (copy)","items":[{"name":"Request b"}]}]',
    )
  })
})

const cookie = (name: string, value: string): JarCookie => ({
  name,
  value,
  domain: 'api.example.com',
  path: '/',
  expires: null,
  secure: false,
  httpOnly: false,
  hostOnly: true,
  sameSite: null,
})
const ref = (name: string) => ({ name, domain: 'api.example.com', path: '/' })
const jarOf = (store: ReturnType<typeof makeStore>) =>
  selectActiveJar(store.getState()).map((c) => `${c.name}=${c.value}`)

describe('the cookie jars', () => {
  it('keep one jar per environment and one for none', () => {
    const store = makeStore()
    store.dispatch(cookieSaved({ jar: NO_ENVIRONMENT_JAR, cookie: cookie('a', '1') }))
    expect(jarOf(store)).toEqual(['a=1'])
    store.dispatch(environmentCreated({ id: 'e', name: 'Staging', variables: [] }))
    expect(jarOf(store)).toEqual([])
    store.dispatch(cookieSaved({ jar: 'e', cookie: cookie('b', '2') }))
    expect(jarOf(store)).toEqual(['b=2'])
    // An environment's jar goes with it.
    store.dispatch(environmentDeleted('e'))
    expect(jarOf(store)).toEqual(['a=1'])
    expect(selectWorkbench(store.getState()).cookieJars.e).toBeUndefined()
  })

  it('apply an answer change by change, keeping an edit made meanwhile', () => {
    const store = makeStore()
    const jar = NO_ENVIRONMENT_JAR
    for (const c of [cookie('keep', '1'), cookie('change', '1'), cookie('drop', '1')]) {
      store.dispatch(cookieSaved({ jar, cookie: c }))
    }
    // Edited by hand while the request was out.
    store.dispatch(cookieSaved({ jar, cookie: cookie('keep', 'edited') }))
    store.dispatch(
      cookiesAnswered({
        jar,
        cookies: [cookie('keep', '1'), cookie('change', '2'), cookie('fresh', '3')],
        changes: { added: [ref('fresh')], updated: [ref('change')], removed: [ref('drop')] },
      }),
    )
    expect(jarOf(store)).toEqual(['keep=edited', 'change=2', 'fresh=3'])
    store.dispatch(cookieDeleted({ jar, cookie: ref('keep') }))
    expect(jarOf(store)).toEqual(['change=2', 'fresh=3'])
    store.dispatch(jarCleared(jar))
    expect(jarOf(store)).toEqual([])
  })
})
