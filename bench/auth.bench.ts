// The embedded staff auth: sign-in throughput (bcrypt cost 10 dominates), refresh, and
// the profile read the dashboard makes through /rest/v1 under row-level security. Loopback only.
import autocannon from 'autocannon'
import { buildApp } from '../server/app'
import { addStaff } from '../server/auth/staffAccounts'
import { loadConfig } from '../server/config'
import { openPglite } from '../server/db/database'
import { round, summarize, writeResult } from './lib'

const PASSWORD = 'correct-horse-7'
const SEQUENTIAL = 30
const DURATION_S = 5

const db = await openPglite()
const app = buildApp(
  loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', HEALTH_CHECKS: 'off' }),
  {
    db,
    logger: false,
    operations: { load: false },
    catalog: { load: false },
    auth: { rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } },
  },
)
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
if (!address || typeof address === 'string') throw new Error('no address')
const url = `http://127.0.0.1:${address.port}`
const anonKey = app.staffAccess.anonKey()!
const { account } = await addStaff(db, { email: 'bench@atlas.test', password: PASSWORD })

const signInBody = JSON.stringify({ email: 'bench@atlas.test', password: PASSWORD })
const headers = { apikey: anonKey, 'content-type': 'application/json' }

const signIn = async () => {
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers,
    body: signInBody,
  })
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`)
  return (await response.json()) as { access_token: string; refresh_token: string }
}

const sequential = async (fn: () => Promise<unknown>) => {
  const samples: number[] = []
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now()
    await fn()
    samples.push(performance.now() - started)
  }
  return summarize(samples)
}

const signInLatency = await sequential(signIn)
let session = await signIn()
const refreshLatency = await sequential(async () => {
  const response = await fetch(`${url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ refresh_token: session.refresh_token }),
  })
  if (response.status !== 200) throw new Error(`refresh answered ${response.status}`)
  session = (await response.json()) as typeof session
})

const cannon = (options: autocannon.Options) =>
  autocannon({ connections: 10, duration: DURATION_S, ...options })

const signIns = await cannon({
  url: `${url}/auth/v1/token?grant_type=password`,
  method: 'POST',
  headers,
  body: signInBody,
  connections: 4,
})
const profileReads = await cannon({
  url: `${url}/rest/v1/profiles?select=*&id=eq.${account.id}`,
  headers: {
    apikey: anonKey,
    authorization: `Bearer ${session.access_token}`,
    accept: 'application/vnd.pgrst.object+json',
  },
})

const figures = (result: autocannon.Result) => ({
  requestsPerSecond: round(result.requests.average, 1),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
})

await app.close()
await db.close()

writeResult('auth', {
  database: 'PGlite in memory',
  bcryptCost: 10,
  sequentialSignIn: signInLatency,
  sequentialRefresh: refreshLatency,
  concurrentSignIn: { connections: 4, durationS: DURATION_S, ...figures(signIns) },
  profileReadUnderRls: { connections: 10, durationS: DURATION_S, ...figures(profileReads) },
})
