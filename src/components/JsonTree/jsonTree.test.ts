import { describe, expect, it } from 'vitest'
import {
  childPath,
  copyText,
  flatten,
  OPEN_DEPTH,
  scalarText,
  searchJson,
  type Json,
} from './jsonTree'

const doc: Json = { user: { name: 'Ada', tags: ['x', 'y'] }, 'content-type': 'json', n: 1 }
const shallow = { isOpen: (_: string, depth: number) => depth < OPEN_DEPTH }

describe('the JSON tree as rows', () => {
  it('names children in dot notation where it can, brackets otherwise', () => {
    expect(childPath('$', 'user')).toBe('$.user')
    expect(childPath('$', 'content-type')).toBe("$['content-type']")
    expect(childPath('$', "it's")).toBe("$['it\\'s']")
    expect(childPath('$.a', 3)).toBe('$.a[3]')
  })

  it('opens shallow containers and folds deeper ones, with closing rows', () => {
    const rows = flatten(doc, shallow)
    expect(rows.map((r) => [r.path, r.kind, r.open])).toEqual([
      ['$', 'object', true],
      ['$.user', 'object', true],
      ['$.user.name', 'scalar', false],
      ['$.user.tags', 'array', false],
      ['$.user', 'close', false],
      ["$['content-type']", 'scalar', false],
      ['$.n', 'scalar', false],
      ['$', 'close', false],
    ])
    expect(rows[3]?.size).toBe(2)
    expect(flatten(doc, { isOpen: () => true })[4]).toMatchObject({
      path: '$.user.tags[0]',
      index: 0,
    })
  })

  it('follows the person’s choice of what is open', () => {
    const rows = flatten(doc, { isOpen: (path) => path === '$' })
    expect(rows.map((r) => r.path)).toEqual(['$', '$.user', "$['content-type']", '$.n', '$'])
  })

  it('keeps only the matches of a search and the containers above them', () => {
    const { matches, keep } = searchJson(doc, 'ADA')
    expect(matches).toBe(1)
    const rows = flatten(doc, { isOpen: (p) => keep.has(p), keep: (p) => keep.has(p) })
    expect(rows.map((r) => r.path)).toEqual(['$', '$.user', '$.user.name', '$.user', '$'])
    // Keys match too.
    expect(searchJson(doc, 'tags').matches).toBe(1)
    expect(searchJson(doc, 'nothing here').matches).toBe(0)
  })

  it('copies strings as they are and the rest as JSON; cuts long scalars for a row', () => {
    expect(copyText('Ada')).toBe('Ada')
    expect(copyText({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}')
    expect(scalarText('x'.repeat(10), 5)).toBe('"xxxx…')
  })

  it('draws a large array row by row without recursion', () => {
    const big: Json = Array.from({ length: 50_000 }, (_, i) => i)
    const rows = flatten(big, shallow)
    // The root, 50,000 items, its closing row.
    expect(rows).toHaveLength(50_002)
    expect(rows[50_000]?.path).toBe('$[49999]')
  })
})
