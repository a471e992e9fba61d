// Every address the server hands out comes from configuration
// (PUBLIC_SITE_URL), never from the request's Host or forwarded headers. /api/config is written
// into public pages too, so behind a cache that does not key on Host one forged request would
// otherwise send every visitor's staff sign-in to the forger.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CSP_NONCE_PLACEHOLDER } from '../src/shared/ssr'
import type { Env } from './config'
import { buildTestApp } from './testing/testApp'
import { openTestDb, type TestDb } from './testing/testDb'

const EVIL = 'evil.example'

const FORGED = {
  host: EVIL,
  'x-forwarded-host': EVIL,
  'x-forwarded-proto': 'https',
  forwarded: `host=${EVIL};proto=https`,
}

/** What a visitor or a cache in front could be given at these addresses. */
const ADDRESSES = [
  '/api/config',
  '/apis',
  '/apis/tools',
  '/tools/tester',
  '/blog',
  '/bpm-login',
  '/sitemap.xml',
  '/robots.txt',
  '/blog/rss.xml',
]

let staticDir: string
let db: TestDb
let app: FastifyInstance | undefined

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-host-'))
  await mkdir(path.join(staticDir, 'assets'))
  await writeFile(
    path.join(staticDir, 'index.html'),
    `<!doctype html><html lang="en"><head><title>API Atlas</title><script type="module" src="/assets/app.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div></body></html>`,
  )
  db = await openTestDb()
}, 120_000)
afterEach(async () => {
  await app?.close()
  app = undefined
})
afterAll(async () => {
  await db?.dispose()
  await rm(staticDir, { recursive: true, force: true })
})

const start = async (env: Env) => {
  app = buildTestApp({ db, env, config: { staticDir }, options: { catalog: { load: false } } })
  await app.ready()
  return app
}

/** Each address as a browser asks for it, with the forged headers, as status, headers and body. */
const answersTo = async (server: FastifyInstance, remoteAddress?: string) =>
  Promise.all(
    ADDRESSES.map(async (url) => {
      const response = await server.inject({
        url,
        remoteAddress,
        headers: { ...FORGED, accept: url.startsWith('/api/') ? 'application/json' : 'text/html' },
      })
      return { url, status: response.statusCode, headers: response.headers, body: response.body }
    }),
  )

describe('a forged Host', () => {
  it.each([
    ['the default address', {}, 'http://localhost:3000'],
    ['PUBLIC_SITE_URL', { PUBLIC_SITE_URL: 'https://atlas.example' }, 'https://atlas.example'],
  ] as const)('is written nowhere, with %s', async (_name, env, site) => {
    const answers = await answersTo(await start(env))
    for (const answer of answers) {
      expect(answer.status, answer.url).toBeLessThan(500)
      expect(JSON.stringify(answer), answer.url).not.toContain(EVIL)
    }
    const config = JSON.parse(answers[0]!.body) as { supabaseUrl: string; siteUrl: string }
    expect(config).toMatchObject({ supabaseUrl: site, siteUrl: site })
    // The public page carries the same answer in its HTML.
    const page = answers.find((answer) => answer.url === '/apis/tools')!
    expect(page.body).toContain(`"supabaseUrl":"${site}"`)
  })

  it('is written nowhere even from a trusted proxy: addresses come from configuration only', async () => {
    const answers = await answersTo(await start({ TRUST_PROXY: '127.0.0.1' }), '127.0.0.1')
    for (const answer of answers) {
      expect(JSON.stringify(answer), answer.url).not.toContain(EVIL)
    }
  })
})
