// Every route file takes its request types from its zod schemas (zodTypes.ts), so no handler
// casts `request.body`, `request.query` or `request.params` to what it hopes was validated.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROUTES_DIR = import.meta.dirname
const REGISTERS_ROUTE = /\b(app|scope|typed)\.(get|post|put|patch|delete|route)\s*[<(]/
const routeFiles = readdirSync(ROUTES_DIR).filter(
  (name) =>
    name.endsWith('.ts') &&
    !name.endsWith('.test.ts') &&
    REGISTERS_ROUTE.test(readFileSync(path.join(ROUTES_DIR, name), 'utf8')),
)

describe('route files', () => {
  it('are found', () => {
    expect(routeFiles).toEqual(expect.arrayContaining(['catalog.ts', 'tester.ts', 'crawlers.ts']))
  })

  // A rate limit's key reads the raw query, before validation; a handler never needs to.
  it.each(routeFiles)('%s uses the zod type provider and casts no body or params', (name) => {
    const text = readFileSync(path.join(ROUTES_DIR, name), 'utf8')
    expect(text).toContain('ZodTypeProvider')
    expect(text).not.toMatch(/request\.(body|params)\s+as\s/)
  })
})
