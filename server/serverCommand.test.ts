// How `npm start` runs the server (scripts/serverCommand.mjs): with the heap flags that bound its
// memory under load, which Node must take as its own options.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { SERVER_HEAP_FLAGS, serverCommand } from '../scripts/serverCommand.mjs'

describe('serverCommand', () => {
  it('gives Node the heap flags before the entry, so they are options and not arguments', () => {
    const command = serverCommand('server/index.ts')
    expect(SERVER_HEAP_FLAGS).toContain('--heap-growing-percent=50')
    expect(command.slice(0, SERVER_HEAP_FLAGS.length)).toEqual(SERVER_HEAP_FLAGS)
    expect(command.at(-1)).toBe('server/index.ts')
  })

  it('runs a Node that accepts the heap flags (a misspelt V8 flag stops Node at start)', () => {
    const run = spawnSync(
      process.execPath,
      [...SERVER_HEAP_FLAGS, '-e', 'process.stdout.write(JSON.stringify(process.execArgv))'],
      { encoding: 'utf8' },
    )
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual(expect.arrayContaining(SERVER_HEAP_FLAGS))
  })
})
