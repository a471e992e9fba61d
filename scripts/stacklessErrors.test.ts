import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { withStacklessErrors } from './stacklessErrors.ts'

const repoRoot = path.resolve(import.meta.dirname, '..')
const installed = (file: string) => path.join(repoRoot, 'node_modules', file)
const REACT_DOM = installed('react-dom/cjs/react-dom-client.production.js')
const RTK_QUERY = installed('@reduxjs/toolkit/dist/query/rtk-query.modern.mjs')

describe('libraries’ marker errors, made without a stack', () => {
  it.each([
    [REACT_DOM, 5],
    [RTK_QUERY, 1],
  ])('%s, as installed, makes its markers without a stack', (id, markers) => {
    const before = readFileSync(id, 'utf8')
    const after = withStacklessErrors(id, before)
    // A new version that makes its markers another way fails here rather than quietly costing the
    // start under DevTools.
    expect(after).toBeDefined()
    expect(after!.match(/Object\.create\(Error\.prototype, /g)).toHaveLength(markers)
    expect(after).not.toMatch(/\w+Exception = Error\(formatProdErrorMessage\(\d+\)\)/)
    expect(after).not.toMatch(/^const neverResolvedError = .*new Error\(/m)
    // Every line keeps its place, so the source map still holds.
    expect(after!.split('\n')).toHaveLength(before.split('\n').length)
  })

  it('makes an error that is one, with its message and no stack', () => {
    const code = withStacklessErrors(
      REACT_DOM,
      'var formatProdErrorMessage = (n) => "error " + n;\nvar SuspenseException = Error(formatProdErrorMessage(460));\nreturn SuspenseException',
    )!
    const marker = new Function(code)() as Error
    expect(marker).toBeInstanceOf(Error)
    expect(marker.message).toBe('error 460')
    expect(String(marker)).toBe('Error: error 460')
    expect(Object.keys(marker)).toEqual([])
    expect(Object.getOwnPropertyNames(marker)).toEqual(['message'])
  })

  it('leaves errors made in functions, and other modules, alone', () => {
    const inFunction = 'function f() {\n  var error = Error(formatProdErrorMessage(418));\n}'
    expect(withStacklessErrors(REACT_DOM, inFunction)).toBeUndefined()
    const elsewhere = 'var SuspenseException = Error(formatProdErrorMessage(460));'
    expect(withStacklessErrors('/repo/src/app/main.tsx', elsewhere)).toBeUndefined()
  })
})
