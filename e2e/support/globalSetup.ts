import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort, startSiteServer } from '../../scripts/siteServer'

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
    env: { TESTER_ALLOWED_HOSTS: `127.0.0.1:${testerUpstreamPort}` },
    // A hang guard, not a measure: a first start loads the catalogue and the operations seed
    // (about 35 s of CPU), and with the machine ten times oversubscribed it once took over 400 s.
    readyWithinMs: 900_000,
  })
  project.provide('baseUrl', server.url)
  project.provide('testerUpstreamPort', testerUpstreamPort)
  project.provide('dataDir', dataDir)
  return server.stop
}
