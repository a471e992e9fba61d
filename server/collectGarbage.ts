// A full garbage collection on request, in this thread, without --expose-gc for the whole process:
// for a load that turns many megabytes into garbage and then waits on the database, where V8 would
// otherwise keep the garbage resident until the heap grows past its next limit.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

type Gc = (options: object) => void

/**
 * V8's gc(): the process's own when it runs with --expose-gc, else one from a context made while
 * the flag is on. The flag is the process's, and another thread may turn it off at the same moment
 * (server/db/pgliteWorker.ts does the same as it starts): then there is none, and a collection is
 * V8's to decide, as it is without this.
 */
const obtain = (): Gc | undefined => {
  const own = (globalThis as { gc?: Gc }).gc
  if (typeof own === 'function') return own
  setFlagsFromString('--expose-gc')
  try {
    const made = runInNewContext('typeof gc === "function" ? gc : undefined') as Gc | undefined
    return typeof made === 'function' ? made : undefined
  } catch {
    return undefined
  } finally {
    setFlagsFromString('--no-expose-gc')
  }
}

let gc: Gc | undefined | null = null

export const collectGarbage = () => {
  if (gc === null) gc = obtain()
  gc?.({ type: 'major', execution: 'sync' })
}
