// What the repository's text promises its readers: code gives reasons, not tracker numbers or
// sessions (they mean nothing to someone reading the repository), and the front documents stay
// short enough to be read (the README a door, docs/performance.md the design, not a diary).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const CODE_DIRECTORIES = ['src', 'server', 'scripts', 'e2e', 'bench', 'mocks', '.storybook', '.ci']
const CODE = /\.(ts|tsx|js|mjs|cjs|sql|css|sh)$/
const SKIPPED = new Set(['node_modules', 'dist', 'results', 'seed', 'sources'])
/** A tracker's or a session's number: the word, a space, maybe "#", digits. */
const TRACKER_NUMBER = /\b(issue|stop)\s+#?\d+/i

function* codeFiles(directory: string): Generator<string> {
  let names: string[]
  try {
    names = readdirSync(directory)
  } catch {
    return
  }
  for (const name of names) {
    if (SKIPPED.has(name)) continue
    const file = path.join(directory, name)
    if (statSync(file).isDirectory()) yield* codeFiles(file)
    else if (CODE.test(name)) yield file
  }
}

describe('the repository’s text', () => {
  it('cites no tracker or session number in code: a comment says the reason instead', () => {
    const found: string[] = []
    for (const directory of CODE_DIRECTORIES) {
      for (const file of codeFiles(path.join(root, directory))) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (TRACKER_NUMBER.test(line)) {
              found.push(`${path.relative(root, file)}:${index + 1}: ${line.trim()}`)
            }
          })
      }
    }
    expect(found).toEqual([])
  })

  it('keeps the README within 8 KB and docs/performance.md within 20 KB', () => {
    expect(statSync(path.join(root, 'README.md')).size).toBeLessThanOrEqual(8 * 1024)
    expect(statSync(path.join(root, 'docs/performance.md')).size).toBeLessThanOrEqual(20 * 1024)
  })
})
