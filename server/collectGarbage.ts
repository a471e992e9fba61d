// A full garbage collection on request, in this thread, without --expose-gc for the whole process:
// for a load that turns many megabytes into garbage and then waits on the database, where V8 would
// otherwise keep the garbage resident until the heap grows past its next limit.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as (options: object) => void
setFlagsFromString('--no-expose-gc')

export const collectGarbage = () => gc({ type: 'major', execution: 'sync' })
