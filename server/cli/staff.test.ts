import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { serverCommand } from '../../scripts/serverCommand.mjs'
import { buildApp } from '../app'
import {
  ADMIN_PATH,
  ADMIN_SECRET_HEADER,
  runtimeFilePath,
  type RuntimeFile,
} from '../auth/adminRoutes'
import type { Env } from '../config'
import { acquireDataDirLock, lockFilePath, lockHolderOf } from '../db/dataDirLock'
import {
  emptyPgliteDataDir,
  openPostgresTestDb,
  TEST_DATABASE_URL,
  testConfig,
  type TestDb,
} from '../testing/testDb'
import { runStaffCommand, type WaitOptions } from './staff'

const PASSWORD = 'correct-horse-7'

const run = async (argv: string[], env: Env, waits?: WaitOptions, errors: string[] = []) => {
  const lines: string[] = []
  const code = await runStaffCommand(
    argv,
    env,
    { log: (line) => lines.push(line), error: (line) => errors.push(line) },
    waits,
  )
  return { code, out: lines.join('\n'), err: errors.join('\n') }
}

/** Polls until check passes; the test fails by its own timeout if it never does. */
const eventually = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20))
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const serverOn = (env: Env) =>
  buildApp(testConfig(env, { staticDir: path.join(import.meta.dirname, 'no-such-dist') }), {
    logger: false,
    operations: { load: false },
    catalog: { load: false },
  })

/** The add, list and remove round trip, whatever reaches the database. */
const roundTrip = async (env: Env, email: string) => {
  const added = await run(['add', email, PASSWORD, '--role', 'admin', '--name', 'Ada Admin'], env)
  expect(added).toMatchObject({ code: 0, err: '' })
  expect(added.out).toMatch(new RegExp(`Created staff account ${email} \\(admin, Ada Admin\\)`))

  const updated = await run(['add', email.toUpperCase(), 'another-pass-8', '--role=user'], env)
  expect(updated.code).toBe(0)
  expect(updated.out).toMatch(new RegExp(`Updated staff account ${email} \\(user, Ada Admin\\)`))

  // A user publishes only once an admin says so, and keeps it through a password change.
  const publisher = await run(['add', email, 'another-pass-8', '--publish'], env)
  expect(publisher.out).toMatch(new RegExp(`\\(user\\+publish, Ada Admin\\)`))
  const kept = await run(['add', email, 'another-pass-9'], env)
  expect(kept.out).toMatch(new RegExp(`\\(user\\+publish, Ada Admin\\)`))

  const listed = await run(['list'], env)
  expect(listed.code).toBe(0)
  expect(listed.out).toMatch(/^EMAIL\s+ROLE\s+NAME\s+LAST SIGN-IN/)
  expect(listed.out).toMatch(new RegExp(`${email}\\s+user\\+publish\\s+Ada Admin\\s+never`))

  const reader = await run(['add', email, 'another-pass-9', '--no-publish'], env)
  expect(reader.out).toMatch(new RegExp(`\\(user, Ada Admin\\)`))

  // A role alone changes without a new password.
  const promoted = await run(['role', email, 'user', '--publish'], env)
  expect(promoted).toMatchObject({ code: 0, err: '' })
  expect(promoted.out).toMatch(new RegExp(`Staff account ${email} is now user\\+publish`))
  const demoted = await run(['role', email, 'viewer'], env)
  expect(demoted.out).toMatch(new RegExp(`Staff account ${email} is now viewer`))
  const refused = await run(['role', email, 'viewer', '--publish'], env)
  expect(refused.code).toBe(1)
  expect(refused.err).toMatch(/a viewer, who reads only/)
  expect((await run(['role', 'nobody@atlas.test', 'admin'], env)).err).toMatch(
    /No staff account nobody@atlas.test/,
  )

  expect(await run(['remove', email], env)).toMatchObject({ code: 0 })
  const again = await run(['remove', email], env)
  expect(again.code).toBe(1)
  expect(again.err).toMatch(/No staff account/)
}

describe('npm run staff', () => {
  let dataDir: string
  let env: Env
  beforeAll(async () => {
    dataDir = await emptyPgliteDataDir('atlas-staff-')
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('refuses bad command lines and weak passwords with a clear message', async () => {
    for (const [argv, message] of [
      [['frobnicate'], /Unknown command 'frobnicate'/],
      [['add', 'a@atlas.test'], /takes 2 argument/],
      [
        ['add', 'a@atlas.test', PASSWORD, '--role', 'owner'],
        /--role must be one of admin, user, viewer/,
      ],
      [['add', 'not-an-email', PASSWORD], /is not an email address/],
      [['add', 'a@atlas.test', 'short1'], /at least 8 characters/],
      [['add', 'a@atlas.test', 'lettersonly'], /digit or symbol/],
      [['add', 'a@atlas.test', `${'x'.repeat(10 * 1024)}1`], /longer than 72 bytes/],
      [['add', 'a@atlas.test', PASSWORD, '--name'], /--name needs a value/],
      [['add', 'a@atlas.test', PASSWORD, '--role', 'viewer', '--publish'], /A viewer reads only/],
      [['role', 'a@atlas.test', 'owner'], /The role must be one of admin, user, viewer/],
      [
        ['add', 'a@atlas.test', PASSWORD, '--publish', '--no-publish'],
        /--publish or --no-publish once/,
      ],
    ] as const) {
      const result = await run([...argv], env)
      expect(result.code).toBe(1)
      expect(result.err).toMatch(message)
    }
    expect((await run(['frobnicate'], env)).err).toMatch(/\nUsage:\n/)
    expect((await run(['add', 'not-an-email', PASSWORD], env)).err).not.toMatch(/Usage:/)
  })

  it('refuses hosted mode, where accounts live in the Supabase project', async () => {
    const result = await run(['list'], {
      ...env,
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'key',
      SUPABASE_JWT_SECRET: 'x'.repeat(32),
    })
    expect(result.code).toBe(1)
    expect(result.err).toMatch(/hosted Supabase project/)
  })

  it('works on the embedded database when no server holds it', async () => {
    await roundTrip(env, 'direct@atlas.test')
  })

  it('clears a file left by a server that died, and works directly', async () => {
    // The pid of a process that has exited.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!
    const stale: RuntimeFile = { pid: dead, url: 'http://127.0.0.1:9', secret: 'old' }
    await writeFile(runtimeFilePath(dataDir), JSON.stringify(stale))
    expect((await run(['list'], env)).code).toBe(0)
    expect(existsSync(runtimeFilePath(dataDir))).toBe(false)
  })

  describe('while a server holds the embedded database', () => {
    let app: FastifyInstance
    beforeAll(async () => {
      app = buildApp(
        testConfig(env, { staticDir: path.join(import.meta.dirname, 'no-such-dist') }),
        { logger: false, operations: { load: false }, catalog: { load: false } },
      )
      await app.listen({ port: 0, host: '127.0.0.1' })
      // The server writes its runtime file from an onListen hook, which may finish after listen.
      for (let tries = 0; tries < 100 && !existsSync(runtimeFilePath(dataDir)); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })
    afterAll(async () => {
      await app?.close()
    })

    it('goes through the loopback admin route', async () => {
      const runtime = JSON.parse(await readFile(runtimeFilePath(dataDir), 'utf8')) as RuntimeFile
      expect(runtime.pid).toBe(process.pid)
      await roundTrip(env, 'through-server@atlas.test')
      expect((await run(['add', 'live@atlas.test', PASSWORD], env)).code).toBe(0)
      // The server sees the account at once: it can sign in.
      const signIn = await app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email: 'live@atlas.test', password: PASSWORD },
      })
      expect(signIn.statusCode).toBe(200)
    })

    it('guards the route with the secret and refuses forwarded requests', async () => {
      const runtime = JSON.parse(await readFile(runtimeFilePath(dataDir), 'utf8')) as RuntimeFile
      const call = (headers: Record<string, string>) =>
        fetch(`${runtime.url}${ADMIN_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ action: 'list' }),
        })
      expect((await call({})).status).toBe(403)
      expect((await call({ [ADMIN_SECRET_HEADER]: 'guess' })).status).toBe(403)
      expect(
        (await call({ [ADMIN_SECRET_HEADER]: runtime.secret, 'x-forwarded-for': '203.0.113.9' }))
          .status,
      ).toBe(404)
      expect((await call({ [ADMIN_SECRET_HEADER]: runtime.secret })).status).toBe(200)
    })

    it('removes its file when it stops', async () => {
      await app.close()
      expect(existsSync(runtimeFilePath(dataDir))).toBe(false)
    })
  })

  describe('while something else holds the embedded files', () => {
    let dir: string
    let lockedEnv: Env
    beforeEach(async () => {
      dir = await emptyPgliteDataDir('atlas-staff-lock-')
      lockedEnv = { DATA_DIR: dir, LOG_LEVEL: 'silent' }
    })
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true })
    })

    it('waits for a starting server to take commands, then goes through it', async () => {
      const app = serverOn(lockedEnv)
      try {
        // Open, migrated and holding the files, but not listening yet: as during a first seed.
        await app.ready()
        expect(lockHolderOf(dir)).toMatchObject({ pid: process.pid, role: 'server' })
        expect(existsSync(runtimeFilePath(dir))).toBe(false)
        const errors: string[] = []
        const running = run(
          ['add', 'early@atlas.test', PASSWORD],
          lockedEnv,
          { pollMs: 20 },
          errors,
        )
        await eventually(() => errors.length > 0)
        expect(errors[0]).toBe(
          `A server (pid ${process.pid}) is starting on the database in ${dir}; waiting up to 180 s for it to take commands…`,
        )
        await app.listen({ port: 0, host: '127.0.0.1' })
        const result = await running
        expect(result).toMatchObject({ code: 0 })
        expect(result.out).toMatch(/Created staff account early@atlas.test/)
        // The server held the files throughout and has the account: it went through its route.
        expect(lockHolderOf(dir)).toMatchObject({ pid: process.pid, role: 'server' })
        const signIn = await app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=password',
          payload: { email: 'early@atlas.test', password: PASSWORD },
        })
        expect(signIn.statusCode).toBe(200)
      } finally {
        await app.close()
      }
    })

    it('gives up on a server that never starts taking commands, naming it', async () => {
      const lock = acquireDataDirLock(dir, 'server')
      try {
        const result = await run(['list'], lockedEnv, { serverStartMs: 100, pollMs: 20 })
        expect(result.code).toBe(1)
        expect(result.err).toMatch(
          new RegExp(
            `A server \\(pid ${process.pid}\\) holds the database in ${escape(dir)} but has not started taking commands after 0 s`,
          ),
        )
      } finally {
        lock.release()
      }
    })

    it('waits briefly for another command, then fails naming it', async () => {
      const lock = acquireDataDirLock(dir, 'staff command')
      try {
        const result = await run(['list'], lockedEnv, { otherCommandMs: 200, pollMs: 20 })
        expect(result.code).toBe(1)
        expect(result.err).toMatch(
          new RegExp(
            `Another staff command \\(pid ${process.pid}\\) is still using the database in ${escape(dir)} after 0 s\\. Try again when it has finished\\.`,
          ),
        )
        // Not a mistake in the command line: no usage text after it.
        expect(result.err).not.toMatch(/Usage:/)
        // It never opened the files: the holder still has them.
        expect(lockHolderOf(dir)?.token).toBe(lock.holder.token)
      } finally {
        lock.release()
      }
    })

    it('goes ahead when the other command lets go within the wait', async () => {
      const lock = acquireDataDirLock(dir, 'staff command')
      const errors: string[] = []
      const running = run(['list'], lockedEnv, { pollMs: 20 }, errors)
      await eventually(() => errors.length > 0)
      expect(errors[0]).toMatch(/^Another staff command \(pid \d+\) is using the database in/)
      lock.release()
      expect(await running).toMatchObject({ code: 0, out: expect.stringMatching(/No staff/) })
      expect(existsSync(lockFilePath(dir))).toBe(false)
    })

    it('runs two commands at once one after the other', async () => {
      const errors: string[] = []
      // The second waits for the first however long it takes here, not the usual 20 s: on a busy
      // machine opening the embedded database alone can take longer.
      const waits = { pollMs: 20, otherCommandMs: 150_000 }
      const [first, second] = await Promise.all([
        run(['add', 'one@atlas.test', PASSWORD], lockedEnv, waits, errors),
        run(['add', 'two@atlas.test', PASSWORD], lockedEnv, waits, errors),
      ])
      expect([first.code, second.code]).toEqual([0, 0])
      expect(errors.filter((line) => /Another staff command .* waiting/.test(line))).toHaveLength(1)
      const listed = await run(['list'], lockedEnv)
      expect(listed.out).toMatch(/one@atlas\.test[\s\S]*two@atlas\.test/)
    }, 180_000)

    it('keeps a server from starting on files a command holds, naming the pid and DATA_DIR', async () => {
      const lock = acquireDataDirLock(dir, 'staff command')
      const app = serverOn(lockedEnv)
      try {
        await expect(app.ready()).rejects.toThrow(
          `The embedded database in ${dir} is in use by a staff command (pid ${process.pid}`,
        )
      } finally {
        await app.close().catch(() => {})
        lock.release()
      }
    })

    it('stops `npm start` with that message and exit code 1', async () => {
      const lock = acquireDataDirLock(dir, 'server')
      try {
        const child = spawn(
          process.execPath,
          serverCommand(path.join(import.meta.dirname, '..', 'index.ts')),
          {
            env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'info' },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        )
        let log = ''
        child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
        child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
        const code = await new Promise((resolve) => child.on('exit', resolve))
        expect(code).toBe(1)
        expect(log).toContain(
          `The embedded database in ${dir} is in use by a server (pid ${process.pid}`,
        )
        expect(log).not.toMatch(/API Atlas is running/)
        // It let the files alone.
        expect(lockHolderOf(dir)?.token).toBe(lock.holder.token)
      } finally {
        lock.release()
      }
    })
  })

  describe.skipIf(!TEST_DATABASE_URL)('on Postgres (DATABASE_URL)', () => {
    let db: TestDb
    beforeAll(async () => {
      db = await openPostgresTestDb()
    })
    afterAll(async () => {
      await db?.query("delete from auth.users where email = 'pg@atlas.test'")
      await db?.dispose()
    })

    it('opens the database itself', async () => {
      const url = new URL(TEST_DATABASE_URL!)
      url.searchParams.set('options', `-c search_path=${db.schema}`)
      await roundTrip({ DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' }, 'pg@atlas.test')
    })
  })
})
