import { describe, expect, it } from 'vitest'
import { queryJson } from './jsonPath'

const doc = {
  items: [
    { id: 1, name: 'alpha', price: 5 },
    { id: 2, name: 'beta', price: 15 },
  ],
  'content-type': { charset: 'utf-8' },
}

describe('queryJson', () => {
  it('selects by path, by wildcard and by descent', () => {
    expect(queryJson(doc, '$.items[1].name')).toEqual({
      ok: true,
      values: ['beta'],
      paths: ["$['items'][1]['name']"],
    })
    expect(queryJson(doc, '$.items[*].id')).toMatchObject({ ok: true, values: [1, 2] })
    expect(queryJson(doc, '$..name')).toMatchObject({ ok: true, values: ['alpha', 'beta'] })
    expect(queryJson(doc, "$['content-type'].charset")).toMatchObject({ values: ['utf-8'] })
  })

  it('runs filters in its interpreter, not as script', () => {
    expect(queryJson(doc, '$.items[?(@.price > 10)].name')).toMatchObject({ values: ['beta'] })
    // Reaching for the engine's objects is refused instead of run.
    const escape = queryJson(doc, '$.items[?(@.constructor.constructor("return 1")())]')
    expect(escape.ok && escape.values.length > 0).toBe(false)
  })

  it('finds nothing without failing when the path is absent', () => {
    expect(queryJson(doc, '$.nope')).toEqual({ ok: true, values: [], paths: [] })
  })

  it('says what is wrong with an expression it cannot run', () => {
    expect(queryJson(doc, '  ')).toEqual({
      ok: false,
      error: 'Enter a JSONPath expression, such as $.items[0]',
    })
    expect(queryJson(doc, 'items[0]')).toMatchObject({ ok: false, error: /starts with \$/ })
    expect(queryJson(doc, '$.items[?(@.name.nope())]')).toMatchObject({
      ok: false,
      error: /Not a JSONPath expression this viewer can run/,
    })
  })
})
