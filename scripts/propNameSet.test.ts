import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { withPropNameSet } from './propNameSet.ts'

const repoRoot = path.resolve(import.meta.dirname, '..')
const MODULE = path.join(
  repoRoot,
  'node_modules/@emotion/is-prop-valid/dist/emotion-is-prop-valid.esm.js',
)
const installed = readFileSync(MODULE, 'utf8')

/** The module's `reactPropsRegex`, as written in `code`. */
const propsTestOf = (code: string) => {
  const line = code.split('\n').find((text) => text.startsWith('var reactPropsRegex = '))!
  return new Function(`${line}\nreturn reactPropsRegex`)() as { test: (prop: string) => boolean }
}

describe("Emotion's prop names as a Set", () => {
  const before = propsTestOf(installed)
  const after = propsTestOf(withPropNameSet(MODULE, installed)!)

  it('rewrites the installed module, line for line, with no props regular expression of names', () => {
    const rewritten = withPropNameSet(MODULE, installed)!
    expect(rewritten).toContain('new Set(')
    expect(rewritten).not.toContain('var reactPropsRegex = /')
    // Every line keeps its place, so the source map still holds.
    expect(rewritten.split('\n')).toHaveLength(installed.split('\n').length)
  })

  it('answers every name, prefix and near miss as the regular expression does', () => {
    const names = /var reactPropsRegex = \/\^\(\(([^()]+)\)/.exec(installed)![1]!.split('|')
    expect(names.length).toBeGreaterThan(200)
    const cases = [
      ...names,
      ...names.map((name) => `${name}x`),
      ...names.map((name) => name.slice(1)),
      ...names.map((name) => name.toUpperCase()),
      ...['data-id', 'DATA-id', 'Data-', 'aria-label', 'ARIA-hidden', 'x-custom', 'X-custom'],
      ...['data', 'dataid', 'aria', 'x-', 'x', 'xs', 'as', 'theme', 'sx', 'ownerState', ''],
      ...['data-line\nbreak', 'constructor', 'toString', '__proto__', 'hasOwnProperty'],
    ]
    for (const prop of cases) expect([prop, after.test(prop)]).toEqual([prop, before.test(prop)])
  })

  it('fails on a version whose expression has another shape, and leaves other modules alone', () => {
    expect(() => withPropNameSet(MODULE, 'var reactPropsRegex = /^(a|b(c))$/;')).toThrow(
      /new shape/,
    )
    expect(withPropNameSet('/repo/src/app/main.tsx', installed)).toBeUndefined()
  })
})
