// Environments, collections and cookie jars kept in the browser's IndexedDB, so they survive reloads.
import { openDB, type IDBPDatabase } from 'idb'
import type { WorkbenchData } from '../workbenchSlice'

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
      collections: Array.isArray(collections) ? collections : [],
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
  await Promise.all([...KEYS.map((key) => tx.store.put(data[key], key)), tx.done])
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
