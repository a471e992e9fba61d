import { afterEach, describe, expect, it, vi } from 'vitest'
import { FIRST_ANSWERS_ID } from '@/shared/apiRequests'
import { directoryApi } from '@/features/directory/api/directoryApi'
import { firstQueryKey } from '@/shared/firstQueries'
import { askForNamedOperation } from './namedOperation'
import { primeFirstAnswers } from './primeFirstAnswers'
import { configApi } from '../lib/store/configApi'
import { readFirstAnswers } from './firstAnswers'
import { makeStore } from '../lib/store/store'

const config = {
  supabaseUrl: 'http://localhost',
  supabaseAnonKey: 'anon',
  authMode: 'embedded',
  siteUrl: 'http://localhost',
  directoryUrl: 'http://localhost/apis',
  contactEmail: 'hello@atlas.test',
}
const listing = { success: true, data: { apis: [], total: 0, page: 1, limit: 24 } }

const writeAnswers = (text: string) => {
  const block = document.createElement('script')
  block.type = 'application/json'
  block.id = FIRST_ANSWERS_ID
  block.textContent = text
  document.body.append(block)
}

afterEach(() => {
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
  history.replaceState(null, '', '/')
})

describe('primeFirstAnswers', () => {
  it('puts one answer in per step when told what to wait for between them, as the browser does', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('no request expected'))),
    )
    writeAnswers(
      JSON.stringify({
        queries: [{ endpoint: 'getConfig' }, { endpoint: 'listApis', args: { page: 1 } }],
        answers: { config, 'apis?page=1': listing },
      }),
    )
    const store = makeStore()
    const seenBetween: unknown[] = []
    const between = vi.fn(async () => {
      const state = store.getState()
      seenBetween.push([
        configApi.endpoints.getConfig.select()(state).data,
        directoryApi.endpoints.listApis.select({ page: 1 })(state).data,
      ])
    })

    await primeFirstAnswers(store, readFirstAnswers(), between)

    // One wait, after the first answer and before the second.
    expect(between).toHaveBeenCalledTimes(1)
    expect(seenBetween).toEqual([[config, undefined]])
    const state = store.getState()
    expect(directoryApi.endpoints.listApis.select({ page: 1 })(state).data).toEqual(listing.data)
  })

  it('puts the answers in the page into the store before the first render, without a request', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no request expected')))
    vi.stubGlobal('fetch', fetch)
    writeAnswers(
      JSON.stringify({
        queries: [{ endpoint: 'getConfig' }, { endpoint: 'listApis', args: { page: 1 } }],
        answers: { config, 'apis?page=1': listing },
      }),
    )
    const page = readFirstAnswers()
    const store = makeStore()

    await primeFirstAnswers(store, page)

    const state = store.getState()
    expect(configApi.endpoints.getConfig.select()(state).data).toEqual(config)
    expect(directoryApi.endpoints.listApis.select({ page: 1 })(state).data).toEqual(listing.data)
    // Categories were not in the page: left for the screen to fetch.
    expect(directoryApi.endpoints.listCategories.select()(state).status).toBe('uninitialized')
    expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull()
    // A screen that asks for the same thing gets it from the cache.
    const asked = store.dispatch(directoryApi.endpoints.listApis.initiate({ page: 1 }))
    expect((await asked).data).toEqual(listing.data)
    asked.unsubscribe()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('leaves out an answer it cannot use, for its screen to fetch', async () => {
    vi.stubGlobal('fetch', vi.fn())
    const store = makeStore()
    await primeFirstAnswers(store, {
      queries: [
        { endpoint: 'getConfig', args: undefined },
        { endpoint: 'listApis', args: { page: 1 } },
      ],
      answers: new Map<string, unknown>([
        ['config', config],
        ['apis?page=1', { success: false }],
      ]),
    })
    const state = store.getState()
    expect(configApi.endpoints.getConfig.select()(state).data).toEqual(config)
    expect(directoryApi.endpoints.listApis.select({ page: 1 })(state).status).toBe('uninitialized')
  })

  it('leaves a refetch to the server', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify(config), { headers: { 'content-type': 'application/json' } }),
    )
    vi.stubGlobal('fetch', fetch)
    writeAnswers(JSON.stringify({ queries: [{ endpoint: 'getConfig' }], answers: { config } }))
    const page = readFirstAnswers()
    const store = makeStore()
    await primeFirstAnswers(store, page)
    expect(fetch).not.toHaveBeenCalled()

    await store.dispatch(configApi.endpoints.getConfig.initiate(undefined, { forceRefetch: true }))
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('ignores a block it cannot read, and a page without one', async () => {
    writeAnswers('{"queries": [{"endpoint": "getConfig"}], "answers": ')
    const page = readFirstAnswers()
    expect(page.queries).toEqual([])
    expect(readFirstAnswers().queries).toEqual([])
    const store = makeStore()
    await primeFirstAnswers(store, page)
    expect(configApi.endpoints.getConfig.select()(store.getState()).status).toBe('uninitialized')
  })

  it('keeps each store’s answers to itself, as the server renders pages side by side', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no request expected')))
    vi.stubGlobal('fetch', fetch)
    const queries = [{ endpoint: 'getConfig', args: undefined }] as const
    const one = makeStore()
    const other = makeStore()

    await Promise.all([
      primeFirstAnswers(one, { queries: [...queries], answers: new Map([['config', config]]) }),
      primeFirstAnswers(other, {
        queries: [...queries],
        answers: new Map([['config', { ...config, siteUrl: 'http://b' }]]),
      }),
    ])

    expect(configApi.endpoints.getConfig.select()(one.getState()).data?.siteUrl).toBe(
      'http://localhost',
    )
    expect(configApi.endpoints.getConfig.select()(other.getState()).data?.siteUrl).toBe('http://b')
    expect(fetch).not.toHaveBeenCalled()
  })
})

describe('askForNamedOperation', () => {
  const apiPage = (api: unknown) => {
    const query = { endpoint: 'getApi' as const, args: 'github-com' }
    writeAnswers(
      JSON.stringify({
        queries: [query],
        answers: { [firstQueryKey(query)]: { success: true, data: { api } } },
      }),
    )
    return readFirstAnswers()
  }
  const asked = (fetch: ReturnType<typeof vi.fn>) =>
    fetch.mock.calls.map(([request]) => new URL((request as Request).url).pathname)

  it('asks for the operation an API page’s address names, with the id of the API drawn', async () => {
    const operation = { operationKey: 'issues/create', method: 'POST', path: '/issues' }
    const fetch = vi.fn(() =>
      Promise.resolve(Response.json({ success: true, data: { operation } })),
    )
    vi.stubGlobal('fetch', fetch)
    history.replaceState(null, '', '/apis/github#op-issues.2Fcreate')
    const store = makeStore()

    askForNamedOperation(store, apiPage({ id: 'github-com-v3' }))
    await Promise.all(store.dispatch(directoryApi.util.getRunningQueriesThunk()))

    expect(asked(fetch)).toEqual(['/api/apis/github-com-v3/operations/issues%2Fcreate'])
    // The page's own request for it, when it hydrates, is the one already made.
    const args = { apiId: 'github-com-v3', operationKey: 'issues/create' }
    const again = store.dispatch(directoryApi.endpoints.getOperation.initiate(args))
    expect((await again).data).toEqual(operation)
    again.unsubscribe()
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('asks nothing without an operation in the address, or on a page that is not an API’s', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no request expected')))
    vi.stubGlobal('fetch', fetch)
    // A request, once dispatched, is a running query of its store at once: none means none asked.
    const asksNothing = (first: ReturnType<typeof readFirstAnswers>) => {
      const store = makeStore()
      expect(() => askForNamedOperation(store, first)).not.toThrow()
      expect(store.dispatch(directoryApi.util.getRunningQueriesThunk())).toEqual([])
    }
    history.replaceState(null, '', '/apis/github#main')
    asksNothing(apiPage({ id: 'github-com' }))
    history.replaceState(null, '', '/apis#op-issues.2Fcreate')
    writeAnswers(JSON.stringify({ queries: [{ endpoint: 'getConfig' }], answers: { config } }))
    asksNothing(readFirstAnswers())
    // An answer without an id, or of another shape, asks nothing either, and does not throw.
    history.replaceState(null, '', '/apis/github#op-issues.2Fcreate')
    asksNothing(apiPage({ name: 'GitHub' }))
    const query = { endpoint: 'getApi' as const, args: 'github-com' }
    writeAnswers(JSON.stringify({ queries: [query], answers: { [firstQueryKey(query)]: 'odd' } }))
    asksNothing(readFirstAnswers())
    expect(fetch).not.toHaveBeenCalled()
  })
})
