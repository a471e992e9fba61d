import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort, startSiteServer } from '../../scripts/siteServer'
import { similarApisBuilt } from './settle'

declare module 'vitest' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    baseUrl: string
    /** A loopback port the tester may reach (TESTER_ALLOWED_HOSTS); e2e/tester starts it. */
    testerUpstreamPort: number
    /** The server's DATA_DIR, so `npm run staff` reaches the running server (e2e/staff). */
    dataDir: string
  }
}

/** Starts the real server as `npm start` does, on a free port with a throw-away database. */
export default async function setup(project: TestProject) {
  const testerUpstreamPort = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'api-atlas-e2e-'))
  const server = await startSiteServer({
    dataDir,
    env: {
      TESTER_ALLOWED_HOSTS: `127.0.0.1:${testerUpstreamPort}`,
      // Every journey's browser is a new visitor, and all of them come from this one address: a
      // crowd behind one NAT, which the hourly cap on new analytics visits would start refusing
      // part-way through the run.
      ANALYTICS_VISITS_PER_HOUR: '100000',
    },
    // A hang guard, not a measure: a first start loads the catalogue and the operations seed
    // (one to two minutes on an idle machine), and beside the test run's other layers it has
    // taken over 10 minutes. The server's own start limit is 30 minutes (server/app.ts).
    readyWithinMs: 1_800_000,
  })
  await similarApisBuilt(server.url, 'stripe-com')
  project.provide('baseUrl', server.url)
  project.provide('testerUpstreamPort', testerUpstreamPort)
  project.provide('dataDir', dataDir)
  return async () => {
    // A restart or an error the journeys did not see themselves: shown, so a failed run says why.
    const notable = server.log().split('\n').filter(isNotable)
    if (notable.length > 0) {
      console.warn(`The journeys' server said:\n${notable.slice(-40).join('\n')}`)
    }
    await server.stop()
  }
}

/** The supervisor's word of a stopped server, or a log entry at error level or above. */
const isNotable = (line: string) => {
  if (line.startsWith('[supervisor]')) return !line.includes('server started')
  if (!line.startsWith('{')) return false
  try {
    return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50
  } catch {
    return false
  }
}
