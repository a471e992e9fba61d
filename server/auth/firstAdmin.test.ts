// The first start on an empty database without STAFF_EMAIL/STAFF_PASSWORD: an admin with a random
// password, printed once to the console, with which one can then sign in.
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../app'
import { emptyPgliteDataDir, testConfig } from '../testing/testDb'

/** Starts the server on dataDir as `npm start` would, and returns what it printed to the console. */
const startCapturing = async (dataDir: string) => {
  const app = buildApp(
    testConfig(
      { DATA_DIR: dataDir },
      { staticDir: path.join(import.meta.dirname, 'no-such-dist') },
    ),
    {
      logger: false,
      operations: { load: false },
      catalog: { load: false },
      auth: { announce: true },
    },
  )
  const printed: string[] = []
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(' '))
  })
  try {
    await app.ready()
  } finally {
    spy.mockRestore()
  }
  return { app, printed: printed.join('\n') }
}

const signIn = (
  app: Awaited<ReturnType<typeof startCapturing>>['app'],
  email: string,
  password: string,
) =>
  app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email, password },
  })

describe('the first start without STAFF_EMAIL and STAFF_PASSWORD', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await emptyPgliteDataDir('atlas-first-admin-')
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('creates an admin with a random password printed once, which signs in', async () => {
    const first = await startCapturing(dataDir)
    let password: string
    try {
      const match = /Staff sign-in \(shown once\): (\S+) \/ (\S+)/.exec(first.printed)
      expect(match, first.printed).not.toBeNull()
      const [, email, printedPassword] = match!
      password = printedPassword!
      expect(email).toBe('admin@localhost')
      expect(first.printed).toContain(
        'Change it with: npm run staff -- add admin@localhost NEW_PASSWORD --role admin',
      )

      const response = await signIn(first.app, email!, password)
      expect(response.statusCode).toBe(200)
      const { access_token: token } = response.json() as { access_token: string }
      const profile = await first.app.inject({
        url: '/rest/v1/profiles?select=role,permissions',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(profile.json()).toEqual([{ role: 'admin', permissions: ['*'] }])
      // Not a fixed password: a wrong one is refused.
      expect((await signIn(first.app, email!, `${password}x`)).statusCode).toBe(400)
    } finally {
      await first.app.close()
    }

    // A second start on the same files prints nothing, and the password still works.
    const second = await startCapturing(dataDir)
    try {
      expect(second.printed).toBe('')
      expect((await signIn(second.app, 'admin@localhost', password)).statusCode).toBe(200)
    } finally {
      await second.app.close()
    }
  })
})
