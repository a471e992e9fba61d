// Child of bench/scale.bench.ts: the whole server on DATA_DIR (or DATABASE_URL) with
// ATLAS_SYNTHETIC_APIS from its environment, logging as `npm start` does (JSON on stdout). Once
// it listens it prints one line `{"ready": {...}}` with its port and how long it took, and answers
// IPC `measure` with its resident memory and the time to open the catalogue afresh.
// Not a benchmark of its own (run.ts runs only *.bench.ts).
import { readFileSync } from 'node:fs'
import { buildApp } from '../server/app'
import { openCatalog } from '../server/catalog/catalog'
import { loadConfig } from '../server/config'
import { LOAD_GENERATOR_OPTIONS } from './lib'

const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  HEALTH_CHECKS: 'off',
  OPERATIONS_SEED: 'off',
})
const app = buildApp(config, {
  ...LOAD_GENERATOR_OPTIONS,
})
const address = await app.listen({ port: 0, host: '127.0.0.1' })
// From the process's start: imports and all, as a restart costs.
const readyMs = performance.now()

const rssMb = () =>
  Math.round(
    Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 102.4,
  ) / 10

process.on('message', (message) => {
  if (message !== 'measure') return
  void (async () => {
    ;(globalThis as { gc?: () => void }).gc?.()
    const rss = rssMb()
    // What a new catalogue version costs an instance: read the tables and build what search needs.
    const openStarted = performance.now()
    await openCatalog(app.db, `bench-${Date.now()}`)
    const catalogueOpenMs = performance.now() - openStarted
    process.send?.({ rssMb: rss, catalogueOpenMs })
  })()
})
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0))
})
console.log(JSON.stringify({ ready: { port: Number(new URL(address).port), readyMs } }))
