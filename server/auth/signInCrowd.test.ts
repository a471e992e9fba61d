// A crowd of sign-ins with fresh emails from many addresses: each address is within its own
// limits, so only the global cap on password checks holds them. Past it the answer is 503 busy
// with Retry-After, in GoTrue's shape, never a 500.
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp } from '../app'
import { describeEachDb, openTestDb, testConfig, type TestDb } from '../testing/testDb'
import { PASSWORD_LIMITS } from './passwords'

describeEachDb('a crowd of sign-ins', (kind) => {
  let db: TestDb
  let app: FastifyInstance

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildApp(testConfig({}, { staticDir: path.join(import.meta.dirname, 'no-such-dist') }), {
      db,
      logger: false,
      operations: { load: false },
      catalog: { load: false },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
  })

  it('is shed past the cap on password checks with 503 and Retry-After, never 500', async () => {
    // Three times what the gate admits. Each sign-in reaches the gate only after its own request
    // has been parsed and its account looked up, so on a busy machine the first checks may end,
    // and free their places, before the last sign-ins arrive: how many are shed is not fixed,
    // only that some are, and how.
    const crowd = 3 * (PASSWORD_LIMITS.concurrency + PASSWORD_LIMITS.maxQueued)
    const answers = await Promise.all(
      Array.from({ length: crowd }, (_, n) =>
        app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=password',
          remoteAddress: `198.51.100.${n + 1}`,
          payload: { email: `stranger-${n}@crowd.test`, password: 'not-the-one-1' },
        }),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status !== 400 && status !== 503)).toEqual([])
    const shed = answers.filter((answer) => answer.statusCode === 503)
    expect(shed.length).toBeGreaterThan(0)
    expect(Number(shed[0]!.headers['retry-after'])).toBeGreaterThan(0)
    expect(shed[0]!.json()).toMatchObject({
      code: 'unexpected_failure',
      msg: expect.stringMatching(/^The server is busy \(password checks/),
    })
  })
})
