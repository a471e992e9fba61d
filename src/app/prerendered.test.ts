import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { brand, grey, status, surfaces } from '../lib/theme/tokens'

describe('the style of the server-written text (prerendered.css)', () => {
  it('uses only colours of the design tokens, so it cannot drift from the theme', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'prerendered.css'), 'utf8')
    const used = css.match(/#[0-9a-f]{3,8}\b/gi) ?? []
    expect(used.length).toBeGreaterThan(0)
    const tokens = new Set(
      [
        ...Object.values(brand),
        ...Object.values(grey),
        ...Object.values(status).flatMap(Object.values),
        ...Object.values(surfaces).flatMap(Object.values),
      ].map((colour: string) => colour.toLowerCase()),
    )
    expect(used.filter((colour) => !tokens.has(colour.toLowerCase()))).toEqual([])
  })
})
