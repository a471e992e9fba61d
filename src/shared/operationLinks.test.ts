import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  namedOperationKey,
  operationAddress,
  operationAnchor,
  operationHref,
  operationKeyOfAnchor,
  testerOperationPath,
} from './operationLinks'

describe('operation links', () => {
  it('names an operation by a plain id and reads it back', () => {
    expect(operationAnchor('issues/create')).toBe('op-issues.2Fcreate')
    expect(operationKeyOfAnchor('#op-issues.2Fcreate')).toBe('issues/create')
    expect(operationAnchor('GET /v1.2/items/{id}')).toMatch(/^op-[A-Za-z0-9._~!*'()-]+$/)
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (key) => {
        expect(operationKeyOfAnchor(`#${operationAnchor(key)}`)).toBe(key)
      }),
    )
  })

  it('ignores fragments that name no operation', () => {
    expect(operationKeyOfAnchor('')).toBeUndefined()
    expect(operationKeyOfAnchor('#description')).toBeUndefined()
    expect(operationKeyOfAnchor('#op-.ZZ')).toBeUndefined()
  })

  it("reads the operation an address names from its fragment, else from its 'op' parameter", () => {
    expect(namedOperationKey('?op=PostCustomers', '')).toBe('PostCustomers')
    expect(namedOperationKey('?version=v2&op=issues%2Fcreate', '')).toBe('issues/create')
    // A click on the page writes both; an older link only the fragment, which wins.
    expect(namedOperationKey('?op=PostCustomers', '#op-GetCustomers')).toBe('GetCustomers')
    expect(namedOperationKey('', '#op-GetCustomers')).toBe('GetCustomers')
    expect(namedOperationKey('?op=', '')).toBeUndefined()
    expect(namedOperationKey('?version=v2', '#description')).toBeUndefined()
  })

  it("writes an operation's address with both, keeping the page's other parameters", () => {
    expect(operationAddress({ search: '?version=v2' }, 'issues/create')).toEqual({
      search: '?version=v2&op=issues%2Fcreate',
      hash: '#op-issues.2Fcreate',
    })
    expect(operationAddress({ search: '?op=A' }, 'B')).toEqual({ search: '?op=B', hash: '#op-B' })
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((key) => key.trim() === key),
        (key) => {
          const { search, hash } = operationAddress({ search: '' }, key)
          expect(namedOperationKey(search, '')).toBe(key)
          expect(namedOperationKey('', hash)).toBe(key)
        },
      ),
    )
  })

  it('links to an operation on its page, whatever the query the page has', () => {
    expect(operationHref('/apis/stripe-com', 'PostCustomers')).toBe(
      '/apis/stripe-com?op=PostCustomers#op-PostCustomers',
    )
    expect(operationHref('/apis/acme?version=acme-v2', 'a b')).toBe(
      '/apis/acme?version=acme-v2&op=a+b#op-a.20b',
    )
  })

  it('opens the tester on one operation', () => {
    expect(testerOperationPath('github-com-api-github-com', 'issues/create')).toBe(
      '/tools/tester?api=github-com-api-github-com&op=issues%2Fcreate',
    )
  })
})
