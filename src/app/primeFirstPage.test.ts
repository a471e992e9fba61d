import { afterEach, describe, expect, it, vi } from 'vitest'
import { FIRST_ANSWERS_ID } from '@/shared/apiRequests'
import { directoryApi } from '@/features/directory/api/directoryApi'
import { primeFirstPage } from './primeFirstPage'
import { configApi } from './store/configApi'
import { readFirstAnswers } from './store/firstAnswers'
import { makeStore } from './store/store'

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
})

describe('primeFirstPage', () => {
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
    const store = makeStore(undefined, page.answers)

    await primeFirstPage(store, page.queries)

    const state = store.getState()
    expect(configApi.endpoints.getConfig.select()(state).data).toEqual(config)
    expect(directoryApi.endpoints.listApis.select({ page: 1 })(state).data).toEqual(listing.data)
    // Categories were not in the page: left for the screen to fetch.
    expect(directoryApi.endpoints.listCategories.select()(state).status).toBe('uninitialized')
    expect(fetch).not.toHaveBeenCalled()
    expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull()
  })

  it('answers each request once: a refetch asks the server', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify(config), { headers: { 'content-type': 'application/json' } }),
    )
    vi.stubGlobal('fetch', fetch)
    writeAnswers(JSON.stringify({ queries: [{ endpoint: 'getConfig' }], answers: { config } }))
    const page = readFirstAnswers()
    const store = makeStore(undefined, page.answers)
    await primeFirstPage(store, page.queries)
    expect(fetch).not.toHaveBeenCalled()

    await store.dispatch(configApi.endpoints.getConfig.initiate(undefined, { forceRefetch: true }))
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('ignores a block it cannot read, and a page without one', async () => {
    writeAnswers('{"queries": [{"endpoint": "getConfig"}], "answers": ')
    const page = readFirstAnswers()
    expect(page.queries).toEqual([])
    expect(readFirstAnswers().queries).toEqual([])
    const store = makeStore(undefined, page.answers)
    await primeFirstPage(store, page.queries)
    expect(configApi.endpoints.getConfig.select()(store.getState()).status).toBe('uninitialized')
  })

  it('keeps each store’s answers to itself, as the server renders pages side by side', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no request expected')))
    vi.stubGlobal('fetch', fetch)
    const queries = [{ endpoint: 'getConfig', args: undefined }] as const
    const one = makeStore(undefined, new Map([['config', config]]))
    const other = makeStore(undefined, new Map([['config', { ...config, siteUrl: 'http://b' }]]))

    await Promise.all([primeFirstPage(one, [...queries]), primeFirstPage(other, [...queries])])

    expect(configApi.endpoints.getConfig.select()(one.getState()).data?.siteUrl).toBe(
      'http://localhost',
    )
    expect(configApi.endpoints.getConfig.select()(other.getState()).data?.siteUrl).toBe('http://b')
    expect(fetch).not.toHaveBeenCalled()
  })
})
