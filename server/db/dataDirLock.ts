// An inter-process lock on the embedded database's directory: PGlite admits one process at a time,
// and two opening the same files can corrupt them. Whoever opens the files (the server, the staff
// command) holds `DATA_DIR/atlas-db.lock` until it closes them.
//
// The lock file is created atomically (written aside, then hard-linked into place, which fails if
// it exists) and names its holder. A holder that has died (SIGKILL, power loss) leaves the file
// behind; the next opener sees that its process is gone and takes the lock over. Liveness is judged
// by pid, and on Linux also by the process's start time, so a pid reused after a restart (pid 1 in
// a fresh container) does not pass for the old holder. Not a heartbeat: PGlite runs in WebAssembly
// on the main thread and can block the event loop for seconds, which would let a timer-based lock
// go stale under a live holder.
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'

export const LOCK_FILE = 'atlas-db.lock'

/** Who holds the files: the staff command tells a starting server from another command by this. */
export type LockRole = 'server' | 'staff command'

export type LockHolder = {
  pid: number
  role: LockRole
  host: string
  /** ISO time the lock was taken. */
  since: string
  /** The process's start time in clock ticks since boot (Linux), to tell a reused pid apart. */
  processStart?: string
  /** Tells this holding apart from any other, even by the same pid. */
  token: string
}

export type DataDirLock = {
  holder: LockHolder
  /** Removes the lock file if it is still this holder's; safe to call more than once. */
  release: () => void
}

/** The directory is in use by another live process (or another open in this one). */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const who = holder.role === 'server' ? 'a server' : 'a staff command'
    const where = holder.host === hostname() ? '' : ` on host ${holder.host}`
    const advice =
      holder.role === 'server'
        ? 'Stop that server first, or give this one another DATA_DIR.'
        : 'Wait for it to finish, or stop that process, then try again.'
    super(
      `The embedded database in ${dataDir} is in use by ${who} (pid ${holder.pid}${where}, since ${holder.since}). ${advice}`,
    )
    this.name = 'DataDirLockedError'
  }
}

export const lockFilePath = (dataDir: string) => path.join(dataDir, LOCK_FILE)

/** Tokens of the locks this process holds, by lock file, released at exit if still held. */
const held = new Map<string, string>()
let exitHookInstalled = false

const processStartOf = (pid: number): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Field 22 (starttime); the command name in field 2 may contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19]
  } catch {
    return undefined
  }
}

const pidExists = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const isAlive = (file: string, holder: LockHolder) => {
  // In this process, only a holding we still have counts: the file may be left by an earlier
  // process that had the same pid.
  if (holder.pid === process.pid) return held.get(file) === holder.token
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || !pidExists(holder.pid)) return false
  const start = processStartOf(holder.pid)
  return !holder.processStart || !start || start === holder.processStart
}

const parseHolder = (text: string): LockHolder | undefined => {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>
    if (typeof value.pid !== 'number' || typeof value.token !== 'string') return undefined
    return {
      pid: value.pid,
      role: value.role === 'staff command' ? 'staff command' : 'server',
      host: typeof value.host === 'string' ? value.host : 'unknown',
      since: typeof value.since === 'string' ? value.since : 'an unknown time',
      processStart: typeof value.processStart === 'string' ? value.processStart : undefined,
      token: value.token,
    }
  } catch {
    return undefined
  }
}

type Found = { kind: 'none' } | { kind: 'holder'; holder: LockHolder } | { kind: 'unreadable' }

const readLockFile = (file: string): Found => {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' }
    throw error
  }
  const holder = parseHolder(text)
  // The file is linked into place complete, so unreadable content was written by something else.
  return holder ? { kind: 'holder', holder } : { kind: 'unreadable' }
}

/** The live holder of the directory's lock, or undefined when it is free (or only stale). */
export const lockHolderOf = (dataDir: string): LockHolder | undefined => {
  const file = lockFilePath(dataDir)
  const found = readLockFile(file)
  return found.kind === 'holder' && isAlive(file, found.holder) ? found.holder : undefined
}

const writeExclusive = (file: string, content: string) => {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  const fd = openSync(aside, 'wx', 0o600)
  try {
    writeSync(fd, content)
  } finally {
    closeSync(fd)
  }
  try {
    linkSync(aside, file)
  } finally {
    unlinkSync(aside)
  }
}

const unlinkQuietly = (file: string) => {
  try {
    unlinkSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

const parseBreaker = (text: string) => {
  try {
    const { pid } = JSON.parse(text) as { pid?: unknown }
    return typeof pid === 'number' ? pid : undefined
  } catch {
    return undefined
  }
}

/** A breaker that was not removed within this time died while breaking. */
const BREAKER_STALE_MS = 10_000

/**
 * Removes a stale lock file, unless someone else has replaced it meanwhile. Two openers breaking
 * the same stale lock would otherwise race: one removes the stale file and takes the lock, then
 * the other removes that fresh one. A second exclusive file lets one of them break at a time.
 */
const breakStale = (file: string, stale: LockHolder | undefined) => {
  const breaker = `${file}.breaking`
  try {
    writeExclusive(breaker, JSON.stringify({ pid: process.pid }))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    try {
      const breaking = parseBreaker(readFileSync(breaker, 'utf8'))
      const dead = breaking !== undefined && breaking !== process.pid && !pidExists(breaking)
      if (dead || Date.now() - statSync(breaker).mtimeMs > BREAKER_STALE_MS) unlinkQuietly(breaker)
    } catch {
      // Gone already.
    }
    return
  }
  try {
    const current = readLockFile(file)
    const same =
      (current.kind === 'holder' && current.holder.token === stale?.token) ||
      (current.kind === 'unreadable' && stale === undefined)
    if (same) unlinkQuietly(file)
  } finally {
    unlinkQuietly(breaker)
  }
}

const releaseAllAtExit = () => {
  for (const [file, token] of held) {
    try {
      const current = readLockFile(file)
      if (current.kind === 'holder' && current.holder.token === token) unlinkSync(file)
    } catch {
      // Nothing more can be done while exiting; the next opener finds the holder dead.
    }
  }
  held.clear()
}

/**
 * Takes the directory's lock for this process, or throws DataDirLockedError naming the live
 * holder. The directory must exist. Synchronous, so nothing else in this process runs in between.
 */
export const acquireDataDirLock = (dataDir: string, role: LockRole): DataDirLock => {
  const file = lockFilePath(dataDir)
  const holder: LockHolder = {
    pid: process.pid,
    role,
    host: hostname(),
    since: new Date().toISOString(),
    processStart: processStartOf(process.pid),
    token: randomBytes(16).toString('hex'),
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      writeExclusive(file, `${JSON.stringify(holder)}\n`)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const found = readLockFile(file)
      if (found.kind === 'none') continue
      if (found.kind === 'holder' && isAlive(file, found.holder)) {
        throw new DataDirLockedError(dataDir, found.holder)
      }
      breakStale(file, found.kind === 'holder' ? found.holder : undefined)
      continue
    }
    held.set(file, holder.token)
    if (!exitHookInstalled) {
      // process.exit() (a shutdown that timed out) skips close(): the lock goes with the process.
      process.on('exit', releaseAllAtExit)
      exitHookInstalled = true
    }
    return {
      holder,
      release: () => {
        if (held.get(file) !== holder.token) return
        held.delete(file)
        const current = readLockFile(file)
        if (current.kind === 'holder' && current.holder.token === holder.token) unlinkQuietly(file)
      },
    }
  }
  throw new Error(`Could not take the lock ${file}: it keeps changing hands`)
}

/**
 * Opens the directory's database under its lock: the lock is taken first, held for as long as the
 * database is open (across any reopening inside), and released when it closes or fails to open.
 */
export const withDataDirLock = async <T extends { close: () => Promise<void> }>(
  dataDir: string,
  role: LockRole,
  open: () => Promise<T>,
): Promise<T> => {
  const lock = acquireDataDirLock(dataDir, role)
  let db: T
  try {
    db = await open()
  } catch (error) {
    lock.release()
    throw error
  }
  const close = db.close.bind(db)
  let closing: Promise<void> | undefined
  db.close = () => (closing ??= close().finally(lock.release))
  return db
}
