// The browser and the local upstream a tester journey sends to. The e2e server was started with
// TESTER_ALLOWED_HOSTS naming the upstream's loopback port (globalSetup); journeys run one file at a
// time, so each file starts the upstream on that port and closes it after.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { startUpstream, type Upstream } from '../../server/tester/testUpstream'
import { launchBrowser } from './browser'

/** Starts both before the file's journeys and closes them after; read them once they run. */
export function useTesterUpstream() {
  const session = {} as { browser: Browser; upstream: Upstream }
  beforeAll(async () => {
    session.upstream = await startUpstream(inject('testerUpstreamPort'))
    session.browser = await launchBrowser()
  })
  afterAll(async () => {
    await session.browser?.close()
    await session.upstream?.close()
  })
  return session
}
