import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const script = path.join(import.meta.dirname, 'testing', 'frozenLoop.ts')

/** Runs frozenLoop.ts with these arguments; resolves with how it ended and what it printed. */
const runFrozen = (...args: string[]) =>
  new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code, signal) => resolve({ code, signal, output }))
  })

describe('the watchdog', () => {
  it('kills a process whose event loop stops turning, saying why', async () => {
    const { signal, output } = await runFrozen('1000')
    expect(output).toContain('freezing')
    expect(signal).toBe('SIGKILL')
    expect(output).toMatch(/The event loop has not turned for \d+ s: exiting/)
  })

  it('lets a process that stops watching exit by itself', async () => {
    const { code, output } = await runFrozen('1000', 'stop')
    expect(output).toContain('stopped watching')
    expect(code).toBe(0)
  })
})
