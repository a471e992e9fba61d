import { describe, expect, it } from 'vitest'
import type { TestResponseData } from '@/contract/tester'
import { networkErrorTestResponse, okTestResponse } from '@mocks/data/tester'
import type { Check } from './checkTypes'
import { evaluateCheck, evaluateChecks, jsonEqual } from './checks'

const ok = okTestResponse
// A check of any kind without its id.
type WithoutId<C> = C extends Check ? Omit<C, 'id'> : never
type NewCheck = WithoutId<Check>
const run = (check: NewCheck, data: TestResponseData = ok) =>
  evaluateCheck({ id: 'c', ...check } as Check, data)

describe('checks without code', () => {
  it('status is N', () => {
    expect(run({ kind: 'status', expected: '200' })).toEqual({
      id: 'c',
      outcome: 'pass',
      label: 'Status is 200',
      actual: '200',
    })
    expect(run({ kind: 'status', expected: '201' })).toMatchObject({
      outcome: 'fail',
      actual: '200',
    })
    expect(run({ kind: 'status', expected: 'ok' })).toMatchObject({ outcome: 'invalid' })
    expect(run({ kind: 'status', expected: '200' }, networkErrorTestResponse)).toMatchObject({
      outcome: 'fail',
      actual: 'No response (network error)',
    })
  })

  it('header contains, by any case of the name, values of a repeated header joined', () => {
    expect(run({ kind: 'header', name: 'Content-Type', contains: 'json' })).toMatchObject({
      outcome: 'pass',
      actual: 'application/json; charset=utf-8',
    })
    expect(run({ kind: 'header', name: 'set-cookie', contains: 'ab=b' })).toMatchObject({
      outcome: 'pass',
      actual: 'region=eu; Path=/; Secure, ab=b; Path=/; Secure',
    })
    expect(run({ kind: 'header', name: 'etag', contains: 'nope' })).toMatchObject({
      outcome: 'fail',
    })
    expect(run({ kind: 'header', name: 'x-missing', contains: '' })).toMatchObject({
      outcome: 'fail',
      label: 'Header x-missing is present',
      actual: 'No such header',
    })
    expect(run({ kind: 'header', name: ' ', contains: '' })).toMatchObject({ outcome: 'invalid' })
  })

  it('JSON path equals, as JSON when the expected text is JSON', () => {
    expect(run({ kind: 'jsonPath', path: '$.userId', op: 'equals', expected: '1' })).toMatchObject({
      outcome: 'pass',
      actual: '1',
    })
    // "1" as text is not the number 1 once it reads as JSON: a string must be quoted or bare.
    expect(
      run({ kind: 'jsonPath', path: '$.tags', op: 'equals', expected: '["api","testing"]' }),
    ).toMatchObject({ outcome: 'pass' })
    expect(
      run({ kind: 'jsonPath', path: '$.meta.author', op: 'equals', expected: 'null' }),
    ).toMatchObject({ outcome: 'pass', actual: 'null' })
    expect(
      run({ kind: 'jsonPath', path: '$.tags[0]', op: 'equals', expected: 'api' }),
    ).toMatchObject({ outcome: 'pass', actual: '"api"' })
    expect(
      run({ kind: 'jsonPath', path: '$.meta.views', op: 'equals', expected: '1000' }),
    ).toMatchObject({ outcome: 'fail', actual: '1280' })
    expect(run({ kind: 'jsonPath', path: '$.nope', op: 'equals', expected: '1' })).toMatchObject({
      outcome: 'fail',
      actual: 'No match',
    })
  })

  it('JSON path exists and matches', () => {
    expect(run({ kind: 'jsonPath', path: '$.meta', op: 'exists', expected: '' })).toMatchObject({
      outcome: 'pass',
    })
    expect(run({ kind: 'jsonPath', path: '$.gone', op: 'exists', expected: '' })).toMatchObject({
      outcome: 'fail',
      actual: 'No match',
    })
    expect(
      run({ kind: 'jsonPath', path: '$.title', op: 'matches', expected: '^sunt aut' }),
    ).toMatchObject({ outcome: 'pass' })
    expect(
      run({ kind: 'jsonPath', path: '$.title', op: 'matches', expected: '^Sunt' }),
    ).toMatchObject({ outcome: 'fail' })
    expect(run({ kind: 'jsonPath', path: '$.title', op: 'matches', expected: '(' })).toMatchObject({
      outcome: 'invalid',
      actual: expect.stringMatching(/^Not a regular expression/) as string,
    })
    expect(run({ kind: 'jsonPath', path: 'title', op: 'exists', expected: '' })).toMatchObject({
      outcome: 'invalid',
    })
    expect(
      run(
        { kind: 'jsonPath', path: '$.a', op: 'exists', expected: '' },
        { ...ok, data: 'plain', bodyEncoding: 'text' },
      ),
    ).toMatchObject({ outcome: 'fail', actual: 'The body is not JSON' })
  })

  it('response time under N ms', () => {
    expect(run({ kind: 'time', maxMs: '500' })).toMatchObject({
      outcome: 'pass',
      label: 'Response time under 500 ms',
      actual: '184.6 ms',
    })
    expect(run({ kind: 'time', maxMs: '100' })).toMatchObject({ outcome: 'fail' })
    expect(run({ kind: 'time', maxMs: 'fast' })).toMatchObject({ outcome: 'invalid' })
  })

  it('evaluates a list in order', () => {
    const results = evaluateChecks(
      [
        { id: 'a', kind: 'status', expected: '200' },
        { id: 'b', kind: 'status', expected: '404' },
      ],
      ok,
    )
    expect(results.map((r) => [r.id, r.outcome])).toEqual([
      ['a', 'pass'],
      ['b', 'fail'],
    ])
  })

  it('compares JSON deeply, key order aside', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true)
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false)
    expect(jsonEqual([1], { 0: 1 })).toBe(false)
  })
})
