// Environments, collections and cookie jars kept in the browser's IndexedDB, so they survive reloads.
import { openDB, type IDBPDatabase } from 'idb'
import { readTesterRequest, TESTER_REQUEST_VERSION } from '@/contract/testerRequest'
import type { WorkbenchData } from '../workbenchSlice'
import type { Collection, CollectionItem } from './workbenchTypes'

const DB_NAME = 'api-atlas-tester'
const STORE = 'workbench'
const KEYS = ['environments', 'activeEnvironmentId', 'collections', 'cookieJars'] as const

/**
 * Set in local storage once anything is kept, so the tester's page knows, without opening
 * IndexedDB on every first visit, to load the workbench at once (TesterWorkspace).
 */
export const WORKBENCH_FLAG_KEY = 'api-atlas:tester-workbench'

let opened: Promise<IDBPDatabase> | null = null

function open() {
  opened ??= openDB(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE)
    },
  })
  return opened
}

/**
 * Saved requests as kept, each migrated to the current request model from the version it was
 * written in (none: version 1). What another part of the tester added to a draft stays; a request
 * that is no request at all (no method or URL) is left out, as it could not be opened.
 */
function readItems(items: unknown): CollectionItem[] {
  if (!Array.isArray(items)) return []
  return items.flatMap((item: CollectionItem): CollectionItem[] => {
    if (item?.kind === 'folder') return [{ ...item, items: readItems(item.items) }]
    if (item?.kind !== 'request') return []
    const draft = readTesterRequest(item.draft)
    if (!draft) return []
    const { v: _version, ...kept } = item.draft as typeof item.draft & { v?: number }
    return [{ ...item, draft: { ...kept, ...draft } }]
  })
}

const readCollections = (collections: unknown): Collection[] =>
  Array.isArray(collections)
    ? collections.map((collection: Collection) => ({
        ...collection,
        items: readItems(collection.items),
      }))
    : []

/** Every saved request's draft with the model's version, so a later version knows what it reads. */
const storedItems = (items: CollectionItem[]): unknown[] =>
  items.map((item) =>
    item.kind === 'folder'
      ? { ...item, items: storedItems(item.items) }
      : { ...item, draft: { v: TESTER_REQUEST_VERSION, ...item.draft } },
  )

/** What the browser kept, or empty lists; an unusable IndexedDB (private mode) is empty too. */
export async function readWorkbench(): Promise<WorkbenchData> {
  const empty: WorkbenchData = {
    environments: [],
    activeEnvironmentId: null,
    collections: [],
    cookieJars: {},
  }
  try {
    const db = await open()
    const [environments, activeEnvironmentId, collections, cookieJars] = await Promise.all(
      KEYS.map((key) => db.get(STORE, key)),
    )
    return {
      environments: Array.isArray(environments) ? environments : [],
      activeEnvironmentId: typeof activeEnvironmentId === 'string' ? activeEnvironmentId : null,
      collections: readCollections(collections),
      // Kept before there were jars: none.
      cookieJars: cookieJars && typeof cookieJars === 'object' ? cookieJars : {},
    }
  } catch {
    return empty
  }
}

/** Writes them all at once, in one transaction. */
export async function writeWorkbench(data: WorkbenchData): Promise<void> {
  const db = await open()
  const tx = db.transaction(STORE, 'readwrite')
  const stored = {
    ...data,
    collections: data.collections.map((collection) => ({
      ...collection,
      items: storedItems(collection.items),
    })),
  }
  await Promise.all([...KEYS.map((key) => tx.store.put(stored[key], key)), tx.done])
  try {
    const any =
      data.environments.length > 0 ||
      data.collections.length > 0 ||
      Object.values(data.cookieJars).some((jar) => jar.length > 0)
    if (any) localStorage.setItem(WORKBENCH_FLAG_KEY, '1')
    else localStorage.removeItem(WORKBENCH_FLAG_KEY)
  } catch {
    // No local storage: the workbench then loads when first used.
  }
}

/** Forgets everything kept (stories and tests start from nothing). */
export async function clearWorkbench(): Promise<void> {
  const db = await open()
  await db.clear(STORE)
  try {
    localStorage.removeItem(WORKBENCH_FLAG_KEY)
  } catch {
    // Nothing to forget.
  }
}
