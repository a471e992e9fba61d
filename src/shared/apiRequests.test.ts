import { describe, expect, it } from 'vitest'
import { apiRequests, requestKey } from './apiRequests'
import { firstQueryKey } from './firstQueries'
import { firstQueries } from './pages/pages'

describe('requestKey', () => {
  it('spells a request one way: parameters with a value, in name order', () => {
    expect(requestKey(apiRequests.listApis({ sort: 'name', page: 2, search: 'maps' }))).toBe(
      'apis?page=2&search=maps&sort=name',
    )
    expect(requestKey(apiRequests.getCategory({ category: 'open-data', page: 1 }))).toBe(
      'apis/category/open-data?page=1',
    )
    expect(requestKey(apiRequests.getApi('a b/c'))).toBe('apis/a%20b%2Fc')
    expect(requestKey(apiRequests.getConfig())).toBe('config')
  })
})

describe('firstQueries', () => {
  const keys = (path: string, search = '') =>
    firstQueries(path, new URLSearchParams(search)).map(firstQueryKey)

  it('names what each public page asks for first', () => {
    expect(keys('/apis')).toEqual(['config', 'categories', 'apis?page=1'])
    expect(keys('/apis/', 'search=maps&cors=true&page=2')).toEqual([
      'config',
      'categories',
      'apis?cors=true&page=2&search=maps',
    ])
    expect(keys('/apis/stripe-com')).toEqual(['config', 'apis/stripe-com', 'categories'])
    expect(keys('/apis/category/payments/stripe-com')).toEqual([
      'config',
      'apis/stripe-com',
      'categories',
    ])
    // A version chosen by the address is the record its screen asks for.
    expect(keys('/apis/microsoft-com-graph', 'version=microsoft-com-graph-beta')).toEqual([
      'config',
      'apis/microsoft-com-graph-beta',
      'categories',
    ])
    expect(keys('/apis/category/payments/stripe-com', 'version=stripe-com-v2')).toEqual([
      'config',
      'apis/stripe-com-v2',
      'categories',
    ])
    expect(keys('/apis/category/payments', 'page=3')).toEqual([
      'config',
      'apis/category/payments?page=3',
    ])
    expect(keys('/apis/category/payments', 'page=x')).toEqual([
      'config',
      'apis/category/payments?page=1',
    ])
    // The tester opened from an API page ("Test API") starts filled from that API.
    expect(keys('/tools/tester', 'api=stripe-com')).toEqual(['config', 'apis/stripe-com'])
    for (const path of [
      '/apis/tools',
      '/apis/api-detail.html',
      '/blog',
      '/blog/a',
      '/tools/tester',
    ]) {
      expect(keys(path), path).toEqual(['config'])
    }
    // An address that cannot be decoded still gets the shell's config, nothing else.
    expect(keys('/apis/%E0%A4%A')).toEqual(['config'])
  })
})
