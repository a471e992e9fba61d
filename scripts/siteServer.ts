// The real server on the built site, started as `npm start` starts it, on a free loopback port
// with a database of its own: for the end-to-end journeys and the benchmarks.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

const repoRoot = path.resolve(import.meta.dirname, '..')

/** A loopback port nobody listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })

export type SiteServer = {
  url: string
  /** What the server printed so far. */
  log: () => string
  /** SIGTERM, wait for the exit, then remove the data directory unless `keepDataDir`. */
  stop: () => Promise<void>
}

export type SiteServerOptions = {
  /** Its DATA_DIR (PGlite); removed on stop unless keepDataDir. */
  dataDir: string
  keepDataDir?: boolean
  /** More environment: TESTER_ALLOWED_HOSTS, SKIP_BUILD, ... */
  env?: Record<string, string>
  /** How long a first start (database, seed, maybe a build) may take. */
  readyWithinMs?: number
}

/** Starts scripts/start.mjs on the embedded database and resolves once /api/health answers. */
export async function startSiteServer({
  dataDir,
  keepDataDir = false,
  env = {},
  readyWithinMs = 120_000,
}: SiteServerOptions): Promise<SiteServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Postgres-mode and two-instance tests live in the server suite; journeys and benchmarks use
      // the default: the embedded database, and rate limits of their own, in memory. Sharing them
      // through Redis, the budget's page loads and earlier runs' would count against the journeys'
      // (one address, 127.0.0.1) and refuse them within the hour.
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // The health checker would reach out to every API on the internet; a journey that is about
      // it turns it on and points it at a local upstream.
      HEALTH_CHECKS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (chunk) => (output += chunk))
  server.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => server.once('exit', resolve))

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM')
      await exited
    }
    if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + readyWithinMs
  for (;;) {
    if (server.exitCode !== null) {
      await stop()
      throw new Error(`The server exited early:\n${output}`)
    }
    const up = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (up) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(
        `No answer from ${url}/api/health within ${readyWithinMs / 1000} s:\n${output}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { url, log: () => output, stop }
}
