// Child process of bench/htmlCache.ts: `htmlCacheServer.ts <staticDir> [envJson]`, the whole
// server on an in-memory PGlite serving the given build. Prints its port once it listens.
import { buildApp } from '../server/app'
import type { Env } from '../server/config'
import { testConfig } from '../server/testing/testDb'

const [staticDir, envJson = '{}'] = process.argv.slice(2)
if (!staticDir) throw new Error('usage: htmlCacheServer.ts <staticDir> [envJson]')

const app = buildApp(testConfig(JSON.parse(envJson) as Env, { staticDir }), {
  logger: false,
  operations: { load: false },
  marketing: { schedulerIntervalMs: 0 },
})
const address = await app.listen({ port: 0, host: '127.0.0.1' })
console.log(JSON.stringify({ port: Number(new URL(address).port) }))

process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
