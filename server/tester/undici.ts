// undici, loaded by the first outbound request (the tester's or a health check's) rather than when
// the server starts: its 109 modules cost every start about 150 ms of CPU, for requests that may
// never come, and a restart should be ready within 3 s. It is CommonJS, so require loads it at
// once where it is needed, without making its callers wait for a promise.
import { createRequire } from 'node:module'
import type * as Undici from 'undici'

const require = createRequire(import.meta.url)

/** The undici package, loaded on first use. */
export const undici = () => require('undici') as typeof Undici
