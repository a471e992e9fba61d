import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    baseUrl: string
    /** A loopback port the tester may reach (TESTER_ALLOWED_HOSTS); e2e/tester starts it. */
    testerUpstreamPort: number
  }
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${output()}`)
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The server did not answer /api/health within 90 s:\n${output()}`)
}

/** Starts the real server as `npm start` does, on a free port with a throw-away database. */
export default async function setup(project: TestProject) {
  const port = await freePort()
  const testerUpstreamPort = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'api-atlas-e2e-'))
  let log = ''
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The Postgres-mode tests live in the server suite; the journeys run on the default database.
      DATABASE_URL: '',
      TESTER_ALLOWED_HOSTS: `127.0.0.1:${testerUpstreamPort}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (chunk) => (log += chunk))
  server.stderr?.on('data', (chunk) => (log += chunk))

  const baseUrl = `http://127.0.0.1:${port}`
  await waitForHealth(baseUrl, server, () => log)
  project.provide('baseUrl', baseUrl)
  project.provide('testerUpstreamPort', testerUpstreamPort)

  return async () => {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
  }
}
