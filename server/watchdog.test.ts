import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { startingLimitMs } from './watchdog'

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
    const { signal, output } = await runFrozen('1000', 'ready')
    expect(output).toContain('freezing')
    expect(signal).toBe('SIGKILL')
    expect(output).toMatch(/The event loop has not turned for \d+ s: exiting/)
  })

  it('gives a start that holds the loop longer than the limit its own, longer limit', async () => {
    expect(startingLimitMs(1000)).toBe(120_000)
    expect(startingLimitMs(60_000)).toBe(240_000)
    const { code, output } = await runFrozen('1000', 'slow-start')
    expect(output).toContain('started')
    expect(code).toBe(0)
  })

  it('lets a process that stops watching exit by itself', async () => {
    const { code, output } = await runFrozen('1000', 'stop')
    expect(output).toContain('stopped watching')
    expect(code).toBe(0)
  })
})
