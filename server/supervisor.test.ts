// `npm start` as a stranger meets it: the real server in a child process of
// scripts/start.mjs, on its own embedded database, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSiteServer, type SiteServer } from '../scripts/siteServer'
import { emptyPgliteDataDir } from './testing/testDb'

let site: SiteServer

beforeAll(async () => {
  site = await startSiteServer({
    dataDir: await emptyPgliteDataDir('atlas-supervised-'),
    // The API alone: this layer runs before the site is built.
    env: {
      SKIP_BUILD: '1',
      // Short, so that a frozen instance is replaced within the test, yet long enough for a start
      // on a crowded machine: loading the catalogue holds the thread for a few hundred ms when
      // idle, and 2 s once was not enough beside npm test's other lanes and a busy core.
      WATCHDOG_TIMEOUT_MS: '10000',
      HEALTH_CHECKS: 'off',
      OPERATIONS_SEED: 'off',
      // Which process loaded the seeds is said at info.
      LOG_LEVEL: 'info',
    },
    readyWithinMs: 150_000,
  })
}, 180_000)

afterAll(async () => {
  await site?.stop()
})

/** A request that fails, rather than waits forever, when the server has stopped answering. */
const get = (url: string) => fetch(`${site.url}${url}`, { signal: AbortSignal.timeout(20_000) })

const serverPids = () =>
  [...site.log().matchAll(/server started \(pid (\d+)\)/g)].map((match) => Number(match[1]))

describe('npm start, against strangers', () => {
  it('answers everyone after a stranger sends a deeply nested jsonb filter', async () => {
    // As deep as fits in the 16 KiB of headers Node accepts; deep enough to wedge PGlite.
    const deep = `${'['.repeat(7400)}${']'.repeat(7400)}`
    const attack = await get(`/rest/v1/profiles?preferences=eq.${deep}`)
    expect(attack.status).toBe(400)
    expect((await attack.json()) as { message: string }).toMatchObject({
      message: expect.stringContaining('The filter value for preferences'),
    })
    // The second request is the one that used to hang the whole process.
    expect((await get('/rest/v1/profiles?select=id')).status).toBe(401)
    expect((await get('/api/health')).status).toBe(200)
  })

  it('serves from a fresh process once the first one has loaded the seeds into a new database', () => {
    // Loading them leaves that process hundreds of megabytes larger, for good; the fresh one
    // opens the loaded database as a restart does, and loads nothing.
    const [seeding, serving] = serverPids()
    expect(site.log()).toContain(`server pid ${seeding} loaded the seeds; serving from a fresh one`)
    expect(serving).toBeGreaterThan(0)
    expect(serverPids()).toHaveLength(2)
    expect(site.log().match(/Loaded the API catalogue seed/g)).toHaveLength(1)
  })

  it('replaces an instance whose event loop stands still with a fresh one', async () => {
    const first = serverPids().at(-1)
    expect(first).toBeGreaterThan(0)
    // Frozen from outside: no request, no timer and no watchdog thread of its own runs any more.
    process.kill(first!, 'SIGSTOP')
    for (;;) {
      const pids = serverPids()
      const healthy = await get('/api/health').then(
        (response) => response.ok,
        () => false,
      )
      if (pids.at(-1) !== first && healthy) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect(site.log()).toMatch(new RegExp(`no heartbeat from pid ${first} for \\d+ s`))
    expect(serverPids().at(-1)).not.toBe(first)
    // The fresh instance has the same database: the catalogue is still there.
    const listing = (await (await get('/api/apis?limit=1')).json()) as { data: { total: number } }
    expect(listing.data.total).toBeGreaterThan(2000)
  }, 120_000)
})
