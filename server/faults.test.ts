// Faults: the database going away and coming back, the server killed in the middle of
// a burst of writes, a graceful stop with requests in flight, and a tester upstream that hangs.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, rename, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { serverCommand } from '../scripts/serverCommand.mjs'
import { buildApp } from './app'
import { openPglite, openPostgres, type Db } from './db/database'
import type * as PgliteThreadModule from './db/pgliteThread'
import { batchFor, startVisit, type Visit } from './testing/analyticsVisit'
import { buildTestApp } from './testing/testApp'
import {
  copyEmptyPglite,
  emptyPgliteDataDir,
  openTestDb,
  testConfig,
  TEST_DATABASE_URL,
  type TestDb,
} from './testing/testDb'

const repoRoot = path.resolve(import.meta.dirname, '..')

/** Polls until check passes; the test fails by its own timeout if it never does. */
const eventually = async (check: () => Promise<boolean>, everyMs = 200) => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, everyMs))
}

/** A TCP proxy to Postgres that the test can cut (every socket dropped, new ones refused). */
const startProxy = async (target: { host: string; port: number }) => {
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  let port = 0
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => {})
        }
        client.pipe(upstream).pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port
        resolve()
      })
    })
  await open()
  return {
    port: () => port,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server!.close(() => resolve())
      }),
    restore: open,
  }
}

describe.skipIf(!TEST_DATABASE_URL)('Postgres unreachable, then back', () => {
  let db: TestDb
  let proxied: Db
  let proxy: Awaited<ReturnType<typeof startProxy>>
  let app: FastifyInstance
  const poolErrors: Error[] = []

  beforeAll(async () => {
    db = await openTestDb('postgres')
    const target = new URL(TEST_DATABASE_URL!)
    proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const through = new URL(TEST_DATABASE_URL!)
    through.hostname = '127.0.0.1'
    through.port = String(proxy.port())
    proxied = await openPostgres(
      { connectionString: through.toString(), options: `-c search_path=${db.schema}` },
      { onError: (error) => poolErrors.push(error) },
    )
    app = buildTestApp({
      db: proxied,
      options: { marketing: { schedulerIntervalMs: 0 } },
    })
    await app.ready()
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await proxied?.close()
    await db?.dispose()
  })

  it('answers 503 with a clear message while it is gone, and recovers by itself', async () => {
    expect((await app.inject('/api/health')).json()).toEqual({ status: 'ok', db: 'ok' })

    const visit = await startVisit(app)
    await proxy.cut()
    await expectDatabaseDown(app, visit)

    await proxy.restore()
    await eventually(async () => (await app.inject('/api/health')).statusCode === 200)
    await expectDatabaseBack(app)
  })
})

/** A page view of /apis in a visit (a token the server signed while its database was up). */
const analyticsEvent = (visit: Visit) => ({
  method: 'POST' as const,
  url: '/api/analytics/events',
  payload: batchFor(visit, [{ type: 'page_view', path: '/apis', viewport: 'desktop' }]),
})

const visitIdOf = (visit: Visit) => visit.token.split('.')[1]!

/**
 * An API record no test here has asked for yet. Catalog.detail answers a record read in the last
 * 30 s from memory, so whether stripe-com still needs the database depends on how fast the machine
 * got here; an unread record always does.
 */
const UNREAD_APIS = [
  'github-com',
  'openai-com',
  'spotify-com',
  'slack-com',
  'sendgrid-com',
  'box-com',
]
let unreadApis = 0
const unreadApi = () => {
  const id = UNREAD_APIS[unreadApis++]
  if (!id) throw new Error('faults.test.ts needs more API ids that no test has read')
  return `/api/apis/${id}`
}

/** What every database fault must look like from outside: 503s that say so, and no 500. */
const expectDatabaseDown = async (app: FastifyInstance, visit: Visit) => {
  // The probe takes an answer the database gave within the last second for its own
  // (db/database.ts), so it may say "ok" that long after the outage began.
  await eventually(async () => (await app.inject('/api/health')).statusCode === 503)
  const health = await app.inject('/api/health')
  expect(health.statusCode).toBe(503)
  expect(health.json()).toEqual({ status: 'degraded', db: 'down' })

  for (const request of [{ method: 'GET' as const, url: unreadApi() }, analyticsEvent(visit)]) {
    const response = await app.inject(request)
    expect(response.statusCode, response.body).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.json()).toEqual({
      success: false,
      error: 'The database is unavailable right now; try again in a few seconds',
    })
  }
  const signIn = await app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email: 'a@b.test', password: 'whatever-1' },
  })
  expect(signIn.statusCode).toBe(503)
  expect(signIn.json()).toMatchObject({ msg: expect.stringMatching(/database is unavailable/) })
  const rest = await app.inject('/rest/v1/profiles')
  expect(rest.statusCode).toBe(503)
  expect(rest.json()).toMatchObject({ message: expect.stringMatching(/database is unavailable/) })
  // What lives in memory still answers: the directory keeps working.
  expect((await app.inject('/api/apis?search=stripe')).statusCode).toBe(200)
}

/** Once back, reads and writes work again, without a restart. Resolves to the visit it stored. */
const expectDatabaseBack = async (app: FastifyInstance) => {
  expect((await app.inject('/api/apis/stripe-com')).statusCode).toBe(200)
  const visit = await startVisit(app)
  const stored = await app.inject(analyticsEvent(visit))
  expect(stored.statusCode, stored.body).toBe(202)
  expect(
    await app.db.query('select 1 from analytics_events where visit_id = $1', [visitIdOf(visit)]),
  ).toHaveLength(1)
  return visitIdOf(visit)
}

/**
 * Counts PGlite instances (each on its thread) as they open and close, to show there is never
 * more than one.
 */
const pgliteThreads = vi.hoisted(() => ({
  counts: { created: 0, open: 0, most: 0 },
  instances: [] as Db[],
  reset() {
    this.counts = { created: 0, open: 0, most: 0 }
    this.instances = []
  },
}))

vi.mock('./db/pgliteThread', async (importOriginal) => {
  const real = await importOriginal<typeof PgliteThreadModule>()
  return {
    ...real,
    openPgliteThread: async (...args: Parameters<typeof real.openPgliteThread>) => {
      const { counts } = pgliteThreads
      counts.created++
      counts.most = Math.max(counts.most, ++counts.open)
      let db: Db
      try {
        db = await real.openPgliteThread(...args)
      } catch (error) {
        counts.open--
        throw error
      }
      let closed: Promise<void> | undefined
      const instance: Db = {
        ...db,
        close: () =>
          (closed ??= db.close().finally(() => {
            counts.open--
          })),
      }
      pgliteThreads.instances.push(instance)
      return instance
    },
  }
})

describe('PGlite files moved away or closed, then back', () => {
  let dir: string
  let dataDir: string
  let app: FastifyInstance
  const pglite = pgliteThreads

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-pglite-faults-'))
    dataDir = path.join(dir, 'data')
    // A fresh directory's initdb runs a short-lived PGlite of its own: the database is there
    // first, so that every instance counted below is one the app's Db opened.
    if (!(await copyEmptyPglite(dataDir))) await (await openPglite(dataDir)).close()
    pglite.reset()
    // The app opens its own database, as `npm start` does.
    app = buildApp(
      testConfig(
        { DATA_DIR: dataDir },
        { staticDir: path.join(import.meta.dirname, 'testing', 'no-such-dist') },
      ),
      {
        logger: false,
        operations: { load: false },
        marketing: { schedulerIntervalMs: 0 },
        // Its calls would hold the database while this test reads the health.
        compare: { buildOnStart: false },
      },
    )
    await app.ready()
  }, 180_000)

  afterAll(async () => {
    await app?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('answers 503 while its files are away, and reopens them by itself when they are back', async () => {
    // A busy machine may answer the first pings late (over the health's 2 s): up is what counts.
    await eventually(async () => (await app.inject('/api/health')).statusCode === 200)
    const before = await expectDatabaseBack(app)
    expect(pglite.counts.created).toBe(1)

    // Requests in flight when the files go each either finish or answer 503, never 500.
    const visit = await startVisit(app)
    const inFlight = Array.from({ length: 12 }, (_, i) =>
      app.inject(i % 2 ? '/api/apis/stripe-com' : analyticsEvent(visit)),
    )
    await rename(dataDir, `${dataDir}.away`)
    for (const response of await Promise.all(inFlight)) {
      expect([200, 202, 503], response.body).toContain(response.statusCode)
    }
    await expectDatabaseDown(app, visit)

    // Attempts to reopen meanwhile neither create an empty database in its place nor give up.
    let downInARow = 0
    await eventually(async () => {
      downInARow = (await app.inject('/api/health')).statusCode === 503 ? downInARow + 1 : 0
      return downInARow >= 8
    }, 250)
    expect(existsSync(dataDir)).toBe(false)
    expect(pglite.counts.created).toBe(1)

    await rename(`${dataDir}.away`, dataDir)
    await eventually(async () => (await app.inject('/api/health')).statusCode === 200)
    expect(pglite.counts).toEqual({ created: 2, open: 1, most: 1 })
    // The same files: what was written before is there.
    expect(
      await app.db.query('select 1 from analytics_events where visit_id = $1', [before]),
    ).toHaveLength(1)
    await expectDatabaseBack(app)
  }, 120_000)

  it('reopens by itself when PGlite is closed under it', async () => {
    const created = pglite.counts.created
    await pglite.instances.at(-1)!.close()

    const response = await app.inject(unreadApi())
    expect(response.statusCode, response.body).toBe(503)
    await eventually(async () => (await app.inject('/api/health')).statusCode === 200)
    expect(pglite.counts).toEqual({ created: created + 1, open: 1, most: 1 })
    await expectDatabaseBack(app)
  }, 120_000)
})

type Account = { uid: number; gid: number }

/** `npm start`'s server as its own process on a free port, with its log on stdout. */
const startServer = async (env: Record<string, string>, account?: Account) => {
  // Node itself as `npm start` runs the server (its transform, with the compiled code kept), not
  // the tsx command: that one runs the server in a child process of its own, which a SIGKILL to
  // the command would leave running.
  const child = spawn(process.execPath, serverCommand(path.join(repoRoot, 'server', 'index.ts')), {
    cwd: repoRoot,
    ...account,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      LOG_LEVEL: 'info',
      // The health checker would reach out to the internet.
      HEALTH_CHECKS: 'off',
      // 125,207 operations into each fresh data directory: minutes on a busy machine, and
      // nothing these faults are about.
      OPERATIONS_SEED: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      log += chunk.toString()
      const match = /API Atlas is running at (http:\/\/[\d.:]+)/.exec(log)
      if (match) resolve(match[1]!)
    })
    child.on('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${log}`)),
    )
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, url, exited, log: () => log }
}

const stop = async (server: { child: ChildProcess; exited: Promise<unknown> }) => {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM')
  }
  await server.exited
}

describe('the process killed or stopped', () => {
  const email = 'faults@atlas.test'
  const password = 'Faults-password-1'
  let dataDir: string

  beforeAll(async () => {
    // Its database made once per run, not by this server's first start (initdb).
    dataDir = await emptyPgliteDataDir('atlas-faults-')
  })

  const baseEnv = () => ({ DATA_DIR: dataDir, STAFF_EMAIL: email, STAFF_PASSWORD: password })

  it('keeps every acknowledged write through a SIGKILL mid-burst, and reopens cleanly', async () => {
    const server = await startServer(baseEnv())
    const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    const { access_token: token } = (await signIn.json()) as { access_token: string }

    const ackedViews: string[] = []
    const ackedPosts: string[] = []
    let killed = false
    // One visit per writer: a visit's events come in order, and its page views are capped.
    const visits = new Map<number, Promise<Visit>>()
    const visitOf = (lane: number) => {
      if (!visits.has(lane)) {
        const asked = fetch(`${server.url}/api/analytics/visits`, { method: 'POST' })
        visits.set(
          lane,
          asked.then(async (response) => ((await response.json()) as { data: Visit }).data),
        )
      }
      return visits.get(lane)!
    }
    const analytics = async (i: number) => {
      const path = `/blog/kill-${i}-${randomBytes(4).toString('hex')}`
      const visit = await visitOf(i % 8)
      const response = await fetch(`${server.url}/api/analytics/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(batchFor(visit, [{ type: 'page_view', path, viewport: 'mobile' }], i)),
      })
      if (response.status === 202) ackedViews.push(path)
    }
    const post = async (i: number) => {
      const content = `Kill test post ${i} ${randomBytes(4).toString('hex')}`
      const response = await fetch(`${server.url}/api/content-marketing/post-reddit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ content }),
      })
      if (response.status === 200) ackedPosts.push(content)
    }
    // Eight writers at once until the process dies under them.
    const writer = async (lane: number) => {
      for (let i = lane; !killed; i += 8) {
        try {
          await (i % 4 === 0 ? post(i) : analytics(i))
        } catch {
          return // the connection died with the process
        }
      }
    }
    const writers = Array.from({ length: 8 }, (_, lane) => writer(lane))
    await eventually(async () => ackedViews.length + ackedPosts.length >= 60, 20)
    server.child.kill('SIGKILL')
    killed = true
    await Promise.all(writers)
    expect((await server.exited).signal).toBe('SIGKILL')
    expect(ackedPosts.length).toBeGreaterThan(0)
    expect(ackedViews.length).toBeGreaterThan(0)

    // The database opens cleanly and holds every write that was acknowledged.
    // Listening comes first; on a crowded machine the embedded database's recovery after the kill
    // can take longer than its first open allows, and the server reopens it: wait for that state.
    const again = await startServer(baseEnv())
    try {
      const health = async () =>
        (await (await fetch(`${again.url}/api/health`)).json()) as { status: string; db: string }
      await eventually(async () => (await health()).db === 'ok', 500)
      expect(await health()).toEqual({ status: 'ok', db: 'ok' })
    } finally {
      await stop(again)
    }
    const db = await openPglite(dataDir)
    try {
      const views = await db.query<{ path: string }>(
        "select path from analytics_events where path like '/blog/kill-%'",
      )
      const stored = new Set(views.map((row) => row.path))
      expect(ackedViews.filter((path) => !stored.has(path))).toEqual([])
      const posts = await db.query<{ content: string }>('select content from marketing_posts')
      const storedPosts = new Set(posts.map((row) => row.content))
      expect(ackedPosts.filter((content) => !storedPosts.has(content))).toEqual([])
    } finally {
      await db.close()
    }
  }, 180_000)

  it('finishes requests in flight on SIGTERM, then exits 0', async () => {
    // An upstream that answers after a pause, so a tester request is in flight when the signal comes.
    let arrived: () => void
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve))
    const slow: Server = createServer((_request, response) => {
      arrived()
      setTimeout(() => response.end('late but here'), 1500)
    })
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve))
    const slowPort = (slow.address() as net.AddressInfo).port
    const server = await startServer({
      ...baseEnv(),
      TESTER_ALLOWED_HOSTS: `127.0.0.1:${slowPort}`,
    })
    try {
      const inFlight = fetch(`${server.url}/api/apis/test`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'GET', url: `http://127.0.0.1:${slowPort}/` }),
      })
      await requestArrived
      server.child.kill('SIGTERM')
      const response = await inFlight
      expect(response.status).toBe(200)
      expect(((await response.json()) as { data: { data: unknown } }).data.data).toBe(
        'late but here',
      )
      // The server's own log says why, should it exit otherwise (a close that failed or ran out
      // of its grace).
      expect(await server.exited, server.log()).toEqual({ code: 0, signal: null })
      expect(server.log()).toMatch(/SIGTERM: finishing open requests/)
    } finally {
      await stop(server)
      slow.closeAllConnections()
      slow.close()
    }
  }, 120_000)
})

describe('a server whose data directory loses its permissions', () => {
  let dir: string | undefined
  let dataDir: string

  afterAll(async () => {
    if (!dir) return
    await chmod(dataDir, 0o700).catch(() => {})
    await rm(dir, { recursive: true, force: true })
  })

  it('answers 503 while it may not read its files, keeps running, and recovers once it may', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-chmod-faults-'))
    dataDir = path.join(dir, 'data')
    await copyEmptyPglite(dataDir)
    // Permissions do not stop root: as root, the server runs as nobody, who owns the directory.
    let account: Account | undefined
    if (process.getuid?.() === 0) {
      const id = (flag: string) =>
        Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }))
      account = { uid: id('-u'), gid: id('-g') }
      execFileSync('chown', ['-R', `${account.uid}:${account.gid}`, dir])
    }
    const server = await startServer({ DATA_DIR: dataDir, HOME: dir }, account)
    const get = (url: string) => fetch(`${server.url}${url}`)
    try {
      // Listening comes before the first ping within the health check's time on a busy machine.
      await eventually(async () => (await get('/api/health')).status === 200)
      expect((await get('/api/apis/stripe-com')).status).toBe(200)

      await chmod(dataDir, 0)
      const health = await get('/api/health')
      expect(health.status).toBe(503)
      expect(await health.json()).toEqual({ status: 'degraded', db: 'down' })
      const api = await get(unreadApi())
      expect(api.status).toBe(503)
      expect(api.headers.get('retry-after')).toBe('5')
      expect(await api.json()).toEqual({
        success: false,
        error: 'The database is unavailable right now; try again in a few seconds',
      })

      await chmod(dataDir, 0o700)
      await eventually(async () => (await get('/api/health')).status === 200)
      expect((await get('/api/apis/stripe-com')).status).toBe(200)
      expect(server.child.exitCode).toBeNull()
    } finally {
      await chmod(dataDir, 0o700).catch(() => {})
      await stop(server)
    }
    expect(server.log()).not.toMatch(/"level":(?:50|60)/)
    // The operator can read both ends of the outage in the log.
    expect(server.log()).toContain('The embedded database is unavailable; reopening')
    expect(server.log()).toContain('The embedded database is back: reopened')
  }, 180_000)
})

describe('a tester upstream that hangs', () => {
  let db: TestDb
  let app: FastifyInstance
  let hanging: Server

  beforeAll(async () => {
    db = await openTestDb('pglite')
    // Takes every request and never answers.
    hanging = createServer(() => {})
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve))
    const port = (hanging.address() as net.AddressInfo).port
    app = buildTestApp({
      db,
      env: { TESTER_ALLOWED_HOSTS: `127.0.0.1:${port}` },
      options: { tester: { headersTimeoutMs: 3000, totalTimeoutMs: 4000 } },
    })
    await app.ready()
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    hanging?.closeAllConnections()
    hanging?.close()
    await db?.dispose()
  })

  it("does not hold up other people's requests while its callers wait", async () => {
    const port = (hanging.address() as net.AddressInfo).port
    let testersDone = 0
    // Twelve callers from different addresses, each as many as the per-client limit allows.
    const testers = Array.from({ length: 12 }, (_, i) =>
      app
        .inject({
          method: 'POST',
          url: '/api/apis/test',
          payload: { method: 'GET', url: `http://127.0.0.1:${port}/hang` },
          remoteAddress: `192.0.2.${i + 1}`,
        })
        .then((response) => {
          testersDone++
          return response
        }),
    )
    const others = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        app.inject(
          ['/api/health', '/api/apis?search=weather', '/api/apis/stripe-com', '/api/categories'][
            i % 4
          ]!,
        ),
      ),
    )
    // Every other request was answered while every tester call was still waiting on the upstream.
    expect(testersDone).toBe(0)
    expect(others.map((response) => response.statusCode)).toEqual(others.map(() => 200))
    const answered = await Promise.all(testers)
    for (const response of answered) {
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ data: { status: 'Error' } })
    }
  })
})
