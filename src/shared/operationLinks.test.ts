import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { operationAnchor, operationKeyOfAnchor, testerOperationPath } from './operationLinks'

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

  it('opens the tester on one operation', () => {
    expect(testerOperationPath('github-com-api-github-com', 'issues/create')).toBe(
      '/tools/tester?api=github-com-api-github-com&op=issues%2Fcreate',
    )
  })
})
