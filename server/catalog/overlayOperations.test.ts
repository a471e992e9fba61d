// The overlay's operations at each start: written beside the seed's, and dropped once the overlay
// no longer names their entries; a start with no overlay and none left over writes nothing.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFixtureApis, type FixtureApis } from '../testing/conformanceFixtures'
import { buildOverlayApp } from '../testing/overlayApp'
import { describeEachDb, openTestDb, type TestDb } from '../testing/testDb'
import { loadOverlayOperations } from './operationsLoad'

describeEachDb('the overlay’s operations', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  let fixtures: FixtureApis

  beforeAll(async () => {
    db = await openTestDb(kind)
    fixtures = await startFixtureApis()
    app = await buildOverlayApp(db, fixtures, { entries: 2 })
    await app.ready()
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await fixtures?.close()
    await db?.dispose()
  })

  const operationsOf = async (local: boolean) => {
    const [row] = await app.db.query<{ n: number }>(
      `select count(*)::int as n from api_operations o join apis a on a.id = o.api_id
       where ('local' = any(a.sources)) = $1`,
      [local],
    )
    return Number(row!.n)
  }

  it('are dropped when the overlay names none of their entries, and nothing else is', async () => {
    const seedOperations = await operationsOf(false)
    expect(await operationsOf(true)).toBeGreaterThan(0)

    await loadOverlayOperations(app.db, [])
    expect(await operationsOf(true)).toBe(0)
    expect(await operationsOf(false)).toBe(seedOperations)

    // Nothing left to drop: the next start with no overlay finds it so and writes nothing.
    await loadOverlayOperations(app.db, [])
    expect(await operationsOf(true)).toBe(0)
    expect(await operationsOf(false)).toBe(seedOperations)
  })
})
