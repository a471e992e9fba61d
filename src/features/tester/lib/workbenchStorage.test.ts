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

describe('saved requests kept before the request model had a version', () => {
  it('open migrated, and are written back with the version', async () => {
    const { openDB } = await import('idb')
    const db = await openDB('api-atlas-tester', 1)
    // As version 1 wrote them: drafts without a version, one older draft without the redirect
    // switch, and one request that is no request at all.
    const oldDraft = {
      method: 'POST',
      url: 'https://api.example.com/v1/items',
      headersText: '{}',
      bodyText: '{"a": 1}',
      followRedirects: false,
    }
    await db.put(
      'workbench',
      [
        {
          id: 'c',
          name: 'Old',
          items: [
            { kind: 'request', id: 'r1', name: 'Create', draft: oldDraft, checks: [] },
            {
              kind: 'folder',
              id: 'f',
              name: 'Folder',
              items: [
                {
                  kind: 'request',
                  id: 'r2',
                  name: 'List',
                  draft: { method: 'GET', url: 'https://api.example.com/v1/items' },
                },
                { kind: 'request', id: 'r3', name: 'Broken', draft: { url: 42 } },
              ],
            },
          ],
        },
      ],
      'collections',
    )
    const read = await readWorkbench()
    expect(read.collections).toEqual([
      {
        id: 'c',
        name: 'Old',
        items: [
          { kind: 'request', id: 'r1', name: 'Create', draft: oldDraft, checks: [] },
          {
            kind: 'folder',
            id: 'f',
            name: 'Folder',
            items: [
              {
                kind: 'request',
                id: 'r2',
                name: 'List',
                draft: {
                  method: 'GET',
                  url: 'https://api.example.com/v1/items',
                  headersText: '',
                  bodyText: '',
                  followRedirects: true,
                },
              },
            ],
          },
        ],
      },
    ])
    await writeWorkbench(read)
    const written = (await db.get('workbench', 'collections')) as {
      items: { draft: { v: number } }[]
    }[]
    expect(written[0]!.items[0]!.draft.v).toBe(2)
    expect(await readWorkbench()).toEqual(read)
    db.close()
  })
})
