// Environments and collections: loaded with the tester's workbench, on first use, not on the page.
import type { PayloadAction, WithSlice } from '@reduxjs/toolkit'
import {
  cookieKey,
  type CookieChanges,
  type CookieRef,
  type JarCookie,
} from '@/contract/testerCookies'
import { createAppSlice } from '@/lib/store/createAppSlice'
import { rootReducer } from '@/lib/store/store'
import type {
  Collection,
  CollectionItem,
  Environment,
  SavedRequest,
  Variable,
} from './lib/workbenchTypes'

/** The jar used while no environment is chosen (environments' ids are UUIDs). */
export const NO_ENVIRONMENT_JAR = 'no-environment'

export type WorkbenchData = {
  environments: Environment[]
  activeEnvironmentId: string | null
  collections: Collection[]
  /** A cookie jar per environment id, and one for NO_ENVIRONMENT_JAR. */
  cookieJars: Record<string, JarCookie[]>
}

const NO_COOKIES: JarCookie[] = []

/** Puts `cookie` in its place in `jar` (same name, domain and path), or at the end. */
function putCookie(jar: JarCookie[], cookie: JarCookie) {
  const index = jar.findIndex((c) => cookieKey(c) === cookieKey(cookie))
  if (index >= 0) jar[index] = cookie
  else jar.push(cookie)
}

export type ItemRef = { collectionId: string; id: string }

export type WorkbenchState = WorkbenchData & {
  /** False until what the browser kept has been read (IndexedDB answers later than the page). */
  loaded: boolean
  /** The saved request the form was opened from: Ctrl+S saves over it. Not kept. */
  openedRequest: ItemRef | null
}

const initialState: WorkbenchState = {
  loaded: false,
  environments: [],
  activeEnvironmentId: null,
  collections: [],
  cookieJars: {},
  openedRequest: null,
}

/** The list holding item `id` and its place there, anywhere in the tree. */
function locate(
  items: CollectionItem[],
  id: string,
): { list: CollectionItem[]; index: number } | null {
  const index = items.findIndex((item) => item.id === id)
  if (index >= 0) return { list: items, index }
  for (const item of items) {
    if (item.kind === 'folder') {
      const found = locate(item.items, id)
      if (found) return found
    }
  }
  return null
}

/** A copy with new ids all through, for Duplicate; the top one's name says it is a copy. */
export function copyItem(item: CollectionItem, newId: () => string, top = true): CollectionItem {
  const name = top ? `${item.name} (copy)` : item.name
  return item.kind === 'folder'
    ? {
        ...item,
        name,
        id: newId(),
        items: item.items.map((inner) => copyItem(inner, newId, false)),
      }
    : { ...item, name, id: newId() }
}

export const workbenchSlice = createAppSlice({
  name: 'workbench',
  initialState,
  reducers: (create) => ({
    workbenchLoaded: create.reducer((state, { payload }: PayloadAction<WorkbenchData>) => {
      if (state.loaded) return
      // Anything done before the browser answered is kept, after what it had.
      state.environments = [...payload.environments, ...state.environments]
      state.collections = [...payload.collections, ...state.collections]
      state.activeEnvironmentId ??= payload.activeEnvironmentId
      state.cookieJars = { ...payload.cookieJars, ...state.cookieJars }
      state.loaded = true
    }),
    requestOpened: create.reducer((state, { payload }: PayloadAction<ItemRef | null>) => {
      state.openedRequest = payload
    }),
    environmentCreated: create.reducer((state, { payload }: PayloadAction<Environment>) => {
      state.environments.push(payload)
      state.activeEnvironmentId = payload.id
    }),
    environmentRenamed: create.reducer(
      (state, { payload }: PayloadAction<{ id: string; name: string }>) => {
        const environment = state.environments.find((e) => e.id === payload.id)
        if (environment) environment.name = payload.name
      },
    ),
    environmentDeleted: create.reducer((state, { payload }: PayloadAction<string>) => {
      state.environments = state.environments.filter((e) => e.id !== payload)
      delete state.cookieJars[payload]
      if (state.activeEnvironmentId === payload) state.activeEnvironmentId = null
    }),
    environmentSelected: create.reducer((state, { payload }: PayloadAction<string | null>) => {
      state.activeEnvironmentId = payload
    }),
    variablesChanged: create.reducer(
      (state, { payload }: PayloadAction<{ id: string; variables: Variable[] }>) => {
        const environment = state.environments.find((e) => e.id === payload.id)
        if (environment) environment.variables = payload.variables
      },
    ),
    /**
     * What an answer did to a jar, applied change by change, so an edit made while the request
     * was out is kept unless the answer changed that very cookie.
     */
    cookiesAnswered: create.reducer(
      (
        state,
        { payload }: PayloadAction<{ jar: string; cookies: JarCookie[]; changes: CookieChanges }>,
      ) => {
        const jar = (state.cookieJars[payload.jar] ??= [])
        const byKey = new Map(payload.cookies.map((c) => [cookieKey(c), c]))
        for (const ref of [...payload.changes.added, ...payload.changes.updated]) {
          const cookie = byKey.get(cookieKey(ref))
          if (cookie) putCookie(jar, cookie)
        }
        const removed = new Set(payload.changes.removed.map(cookieKey))
        state.cookieJars[payload.jar] = jar.filter((c) => !removed.has(cookieKey(c)))
      },
    ),
    /** Added by hand, or its value edited: in its place when the jar has it. */
    cookieSaved: create.reducer(
      (state, { payload }: PayloadAction<{ jar: string; cookie: JarCookie }>) => {
        putCookie((state.cookieJars[payload.jar] ??= []), payload.cookie)
      },
    ),
    cookieDeleted: create.reducer(
      (state, { payload }: PayloadAction<{ jar: string; cookie: CookieRef }>) => {
        const jar = state.cookieJars[payload.jar]
        if (!jar) return
        state.cookieJars[payload.jar] = jar.filter(
          (c) => cookieKey(c) !== cookieKey(payload.cookie),
        )
      },
    ),
    jarCleared: create.reducer((state, { payload }: PayloadAction<string>) => {
      delete state.cookieJars[payload]
    }),
    collectionCreated: create.reducer((state, { payload }: PayloadAction<Collection>) => {
      state.collections.push(payload)
    }),
    collectionRenamed: create.reducer(
      (state, { payload }: PayloadAction<{ id: string; name: string }>) => {
        const collection = state.collections.find((c) => c.id === payload.id)
        if (collection) collection.name = payload.name
      },
    ),
    collectionDeleted: create.reducer((state, { payload }: PayloadAction<string>) => {
      state.collections = state.collections.filter((c) => c.id !== payload)
      if (state.openedRequest?.collectionId === payload) state.openedRequest = null
    }),
    collectionImported: create.reducer(
      (
        state,
        { payload }: PayloadAction<{ collection: Collection; environment: Environment | null }>,
      ) => {
        state.collections.push({ ...payload.collection, imported: true })
        if (payload.environment) {
          state.environments.push(payload.environment)
          state.activeEnvironmentId ??= payload.environment.id
        }
      },
    ),
    /** Saved into a folder (or the collection's top), or in its place when it is already there. */
    requestSaved: create.reducer(
      (
        state,
        {
          payload,
        }: PayloadAction<{ collectionId: string; folderId: string | null; request: SavedRequest }>,
      ) => {
        const collection = state.collections.find((c) => c.id === payload.collectionId)
        if (!collection) return
        const existing = locate(collection.items, payload.request.id)
        if (existing) {
          existing.list[existing.index] = payload.request
          return
        }
        const folder = payload.folderId ? locate(collection.items, payload.folderId) : null
        const target = folder?.list[folder.index]
        if (target?.kind === 'folder') target.items.push(payload.request)
        else collection.items.push(payload.request)
      },
    ),
    folderCreated: create.reducer(
      (state, { payload }: PayloadAction<{ collectionId: string; id: string; name: string }>) => {
        state.collections
          .find((c) => c.id === payload.collectionId)
          ?.items.push({ kind: 'folder', id: payload.id, name: payload.name, items: [] })
      },
    ),
    itemRenamed: create.reducer((state, { payload }: PayloadAction<ItemRef & { name: string }>) => {
      const collection = state.collections.find((c) => c.id === payload.collectionId)
      const found = collection && locate(collection.items, payload.id)
      if (found) (found.list[found.index] as CollectionItem).name = payload.name
    }),
    /** One place up (-1) or down (1) among its neighbours. */
    itemMoved: create.reducer((state, { payload }: PayloadAction<ItemRef & { by: -1 | 1 }>) => {
      const collection = state.collections.find((c) => c.id === payload.collectionId)
      const found = collection && locate(collection.items, payload.id)
      if (!found) return
      const to = found.index + payload.by
      if (to < 0 || to >= found.list.length) return
      const [item] = found.list.splice(found.index, 1)
      found.list.splice(to, 0, item as CollectionItem)
    }),
    /** A copy (made with copyItem: new ids all through) placed just after the original. */
    itemDuplicated: create.reducer(
      (state, { payload }: PayloadAction<ItemRef & { copy: CollectionItem }>) => {
        const collection = state.collections.find((c) => c.id === payload.collectionId)
        const found = collection && locate(collection.items, payload.id)
        if (found) found.list.splice(found.index + 1, 0, payload.copy)
      },
    ),
    itemDeleted: create.reducer((state, { payload }: PayloadAction<ItemRef>) => {
      const collection = state.collections.find((c) => c.id === payload.collectionId)
      const found = collection && locate(collection.items, payload.id)
      if (found) found.list.splice(found.index, 1)
      if (state.openedRequest?.id === payload.id) state.openedRequest = null
    }),
  }),
  selectors: {
    selectWorkbench: (state) => state,
    selectActiveEnvironment: (state) =>
      state.environments.find((e) => e.id === state.activeEnvironmentId) ?? null,
    /** The jar of the environment in use, or of none. */
    selectActiveJarKey: (state) => state.activeEnvironmentId ?? NO_ENVIRONMENT_JAR,
    selectActiveJar: (state) =>
      state.cookieJars[state.activeEnvironmentId ?? NO_ENVIRONMENT_JAR] ?? NO_COOKIES,
  },
})

declare module '@/lib/store/store' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof workbenchSlice> {}
}

const injected = workbenchSlice.injectInto(rootReducer)

export const {
  workbenchLoaded,
  requestOpened,
  environmentCreated,
  environmentRenamed,
  environmentDeleted,
  environmentSelected,
  variablesChanged,
  collectionCreated,
  collectionRenamed,
  collectionDeleted,
  collectionImported,
  requestSaved,
  folderCreated,
  itemRenamed,
  itemMoved,
  itemDuplicated,
  itemDeleted,
  cookiesAnswered,
  cookieSaved,
  cookieDeleted,
  jarCleared,
} = workbenchSlice.actions
export const { selectWorkbench, selectActiveEnvironment, selectActiveJarKey, selectActiveJar } =
  injected.selectors

/** The item `ref` names, or null when it is gone. */
export function itemAt(collections: Collection[], ref: ItemRef | null): CollectionItem | null {
  const collection = ref && collections.find((c) => c.id === ref.collectionId)
  const found = collection && locate(collection.items, ref.id)
  return found ? (found.list[found.index] ?? null) : null
}
