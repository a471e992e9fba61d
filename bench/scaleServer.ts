// Child of bench/scale.bench.ts: the whole server on DATA_DIR (or DATABASE_URL) with
// ATLAS_SYNTHETIC_APIS from its environment, logging as `npm start` does (JSON on stdout). Once
// it listens it prints one line `{"ready": {...}}` with its port and how long it took, and answers
// IPC `memory` with its memory, and `reopen` with the time to open the catalogue afresh.
// Not a benchmark of its own (run.ts runs only *.bench.ts).
import { readFileSync } from 'node:fs'
import { buildApp } from '../server/app'
import { openCatalog, readAheadIn } from '../server/catalog/catalog'
import { loadConfig } from '../server/config'
import { LOAD_GENERATOR_OPTIONS } from './lib'

const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  HEALTH_CHECKS: 'off',
  // The operations seed loads as under npm start: search reads every operation's words.
})
const app = buildApp(config, {
  ...LOAD_GENERATOR_OPTIONS,
  // As npm start's server: the catalogue's entries kept in the data directory, read ahead.
  catalog: {
    ...LOAD_GENERATOR_OPTIONS.catalog,
    entrySnapshot: readAheadIn(config, (error) => console.error(error)),
  },
})
const address = await app.listen({ port: 0, host: '127.0.0.1' })
// From the process's start: imports and all, as a restart costs.
const readyMs = performance.now()

/** VmRSS (resident now) or VmHWM (the most resident so far), in MB. */
const statusMb = (field: 'VmRSS' | 'VmHWM') =>
  Math.round(
    Number(
      new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1],
    ) / 102.4,
  ) / 10

const memory = () => {
  ;(globalThis as { gc?: () => void }).gc?.()
  const usage = process.memoryUsage()
  const mb = (bytes: number) => Math.round(bytes / 104857.6) / 10
  return {
    rssMb: statusMb('VmRSS'),
    // What the instance reached, collection or not: V8 keeps the pages a collection frees.
    peakRssMb: statusMb('VmHWM'),
    heapUsedMb: mb(usage.heapUsed),
    heapTotalMb: mb(usage.heapTotal),
    externalMb: mb(usage.external),
  }
}

// `memory`: resident memory and the JS heap in use, after a full collection. `reopen`: the time to
// open the catalogue afresh, as an instance does when another one loads a new version (both are
// held while the new one is read), and the memory once it is open.
process.on('message', (message) => {
  if (message === 'memory') process.send?.(memory())
  if (message !== 'reopen') return
  void (async () => {
    const openStarted = performance.now()
    const reopened = await openCatalog(app.db, `bench-${Date.now()}`)
    const catalogueOpenMs = performance.now() - openStarted
    process.send?.({ catalogueOpenMs, ...memory(), entries: reopened.datedApis().length })
  })()
})
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0))
})
console.log(JSON.stringify({ ready: { port: Number(new URL(address).port), readyMs } }))
