// Child processes of bench/tester.bench.ts, so the load generator, the proxy and the upstream do
// not share one event loop: `upstream` or `app <upstreamPort>`; prints its port on stdout.
import { buildApp } from '../server/app'
import { testConfig } from '../server/testing/testDb'
import { startUpstream } from '../server/tester/testUpstream'

const [role, upstreamPort] = process.argv.slice(2)

if (role === 'upstream') {
  const upstream = await startUpstream()
  console.log(JSON.stringify({ port: upstream.port }))
} else if (role === 'app') {
  const app = buildApp(testConfig({ TESTER_ALLOWED_HOSTS: `127.0.0.1:${upstreamPort}` }), {
    logger: false,
    operations: { load: false },
    // The bench is one IP with 20 users: lift the per-IP limits it would otherwise hit.
    tester: { rateLimit: { max: 1_000_000, timeWindowMs: 60_000 }, maxInFlightPerIp: 1_000 },
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  console.log(JSON.stringify({ port: Number(new URL(address).port) }))
} else {
  throw new Error('usage: testerServers.ts upstream | app <upstreamPort>')
}

// Exit normally on SIGTERM, so a --cpu-prof profile gets written.
process.on('SIGTERM', () => process.exit(0))
