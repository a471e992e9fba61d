// Child processes of bench/load.bench.ts: `upstream` (the tester's local upstream) or
// `app <upstreamPort> <dataDir>` (the whole server on an on-disk PGlite). Each prints its port;
// the app also answers IPC `memory` with its memory use after a full garbage collection.
import { buildApp } from '../server/app'
import { testConfig } from '../server/testing/testDb'
import { startUpstream } from '../server/tester/testUpstream'
import { LOAD_GENERATOR_OPTIONS } from './lib'

const [role, upstreamPort, dataDir] = process.argv.slice(2)

if (role === 'upstream') {
  const upstream = await startUpstream()
  console.log(JSON.stringify({ port: upstream.port }))
} else if (role === 'app') {
  const app = buildApp(
    testConfig({ DATA_DIR: dataDir!, TESTER_ALLOWED_HOSTS: `127.0.0.1:${upstreamPort}` }),
    {
      logger: false,
      operations: { load: false },
      ...LOAD_GENERATOR_OPTIONS,
    },
  )
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  process.on('message', (message) => {
    if (message !== 'memory') return
    ;(globalThis as { gc?: () => void }).gc?.()
    const { rss, heapUsed, external } = process.memoryUsage()
    process.send?.({ rss, heapUsed, external })
  })
  console.log(JSON.stringify({ port: Number(new URL(address).port) }))
} else {
  throw new Error('usage: loadServers.ts upstream | app <upstreamPort> <dataDir>')
}

process.on('SIGTERM', () => process.exit(0))
