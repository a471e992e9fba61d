import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  acquireDataDirLock,
  DataDirLockedError,
  lockFilePath,
  lockHolderOf,
  type LockHolder,
} from './dataDirLock'
import { openPglite } from './database'
import { emptyPgliteDataDir } from '../testing/testDb'

const lockModule = path.join(import.meta.dirname, 'dataDirLock.ts')

/**
 * Another process that tries to take the lock and, if it gets it, holds it until killed. The
 * node process itself, not a tsx wrapper, so that killing it really ends the holder.
 */
const holderProcess = (dataDir: string, role = 'staff command') => {
  const code = `
    import { acquireDataDirLock, DataDirLockedError } from ${JSON.stringify(lockModule)}
    try {
      acquireDataDirLock(${JSON.stringify(dataDir)}, ${JSON.stringify(role)})
      console.log('held')
      setInterval(() => {}, 60_000)
    } catch (error) {
      console.log(error instanceof DataDirLockedError ? 'refused' : 'failed: ' + error.message)
      process.exit(0)
    }`
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', code],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const answer = new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('\n')) resolve(out.trim())
    })
    child.on('exit', (code) => reject(new Error(`holder exited (${code}) without answering`)))
  })
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  return { child, answer, exited }
}

const kill = async ({ child, exited }: { child: ChildProcess; exited: Promise<void> }) => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await exited
}

/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!

const writeHolder = (dataDir: string, holder: Partial<LockHolder>) =>
  writeFile(
    lockFilePath(dataDir),
    JSON.stringify({
      role: 'server',
      host: hostname(),
      since: 'then',
      token: 'someone',
      ...holder,
    }),
  )

describe('the data directory lock', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'atlas-lock-'))
  })
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('admits one holder at a time, naming it to the next, and lets go on release', async () => {
    const lock = acquireDataDirLock(dataDir, 'server')
    const stored = JSON.parse(await readFile(lockFilePath(dataDir), 'utf8')) as LockHolder
    expect(stored).toMatchObject({ pid: process.pid, role: 'server', token: lock.holder.token })
    expect(lockHolderOf(dataDir)).toEqual(lock.holder)

    // A second open in this same process is refused too: PGlite would open the files twice.
    let refused: unknown
    try {
      acquireDataDirLock(dataDir, 'staff command')
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(DataDirLockedError)
    expect((refused as DataDirLockedError).holder.token).toBe(lock.holder.token)
    expect((refused as Error).message).toContain(`in ${dataDir} is in use by a server`)
    expect((refused as Error).message).toContain(`pid ${process.pid}`)

    lock.release()
    lock.release()
    expect(existsSync(lockFilePath(dataDir))).toBe(false)
    expect(lockHolderOf(dataDir)).toBeUndefined()
    acquireDataDirLock(dataDir, 'staff command').release()
    // Only the lock file was ever written: nothing is left aside.
    expect(await readdir(dataDir)).toEqual([])
  })

  it('refuses while another live process holds it, and takes over once that process is killed', async () => {
    const other = holderProcess(dataDir)
    try {
      expect(await other.answer).toBe('held')
      expect(lockHolderOf(dataDir)).toMatchObject({ pid: other.child.pid, role: 'staff command' })
      expect(() => acquireDataDirLock(dataDir, 'server')).toThrow(
        new RegExp(`in use by a staff command \\(pid ${other.child.pid}`),
      )
    } finally {
      await kill(other)
    }
    // SIGKILL left its file behind; its process is gone, so the lock is free.
    expect(existsSync(lockFilePath(dataDir))).toBe(true)
    expect(lockHolderOf(dataDir)).toBeUndefined()
    const lock = acquireDataDirLock(dataDir, 'server')
    expect(lockHolderOf(dataDir)?.pid).toBe(process.pid)
    lock.release()
  })

  it('takes over a lock whose pid is gone, reused by another process, or unreadable', async () => {
    const cases: [string, () => Promise<void>][] = [
      ['dead pid', () => writeHolder(dataDir, { pid: deadPid() })],
      // This process's own pid, from an earlier process that had it (a restarted container).
      ['own pid, not held', () => writeHolder(dataDir, { pid: process.pid })],
      ['garbage', () => writeFile(lockFilePath(dataDir), 'not json')],
    ]
    // A live pid whose process started at another time than the holder's did (Linux's /proc).
    if (existsSync('/proc/self/stat')) {
      cases.push([
        'reused pid',
        () => writeHolder(dataDir, { pid: process.ppid, processStart: '1' }),
      ])
    }
    for (const [name, write] of cases) {
      await write()
      expect(lockHolderOf(dataDir), name).toBeUndefined()
      const lock = acquireDataDirLock(dataDir, 'server')
      expect(lockHolderOf(dataDir)?.token, name).toBe(lock.holder.token)
      lock.release()
    }
  })

  it('counts a live process with no start time on record as the holder', async () => {
    await writeHolder(dataDir, { pid: process.ppid, role: 'staff command' })
    expect(lockHolderOf(dataDir)).toMatchObject({ pid: process.ppid })
    expect(() => acquireDataDirLock(dataDir, 'server')).toThrow(DataDirLockedError)
  })

  it('lets exactly one of several processes racing for a stale lock have it', async () => {
    await writeHolder(dataDir, { pid: deadPid() })
    const racers = Array.from({ length: 4 }, () => holderProcess(dataDir))
    try {
      const answers = await Promise.all(racers.map((racer) => racer.answer))
      expect(answers.filter((answer) => answer === 'held')).toHaveLength(1)
      expect(answers.filter((answer) => answer === 'refused')).toHaveLength(3)
      const winner = racers[answers.indexOf('held')]!
      expect(lockHolderOf(dataDir)?.pid).toBe(winner.child.pid)
    } finally {
      await Promise.all(racers.map(kill))
    }
  })

  it('is taken by openPglite on disk and released by close', async () => {
    // A database already in the directory, as initdb would leave it (made once per run).
    await rm(dataDir, { recursive: true })
    dataDir = await emptyPgliteDataDir('atlas-lock-')
    const db = await openPglite(dataDir)
    try {
      expect(lockHolderOf(dataDir)).toMatchObject({ pid: process.pid, role: 'server' })
      await expect(openPglite(dataDir, { lockAs: 'staff command' })).rejects.toThrow(
        DataDirLockedError,
      )
      // The refused open touched nothing: the first one still works.
      expect(await db.query('select 1 as one')).toEqual([{ one: 1 }])
    } finally {
      await db.close()
    }
    expect(existsSync(lockFilePath(dataDir))).toBe(false)
    const again = await openPglite(dataDir, { lockAs: 'staff command' })
    expect(lockHolderOf(dataDir)?.role).toBe('staff command')
    await again.close()
    expect(lockHolderOf(dataDir)).toBeUndefined()
  })
})
