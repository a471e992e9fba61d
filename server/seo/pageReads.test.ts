// How often drawing a public page reads the catalogue tables: an API page reads its
// record once, for its head and its first answers together; pages whose data the catalogue keeps
// in memory read nothing.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CSP_NONCE_PLACEHOLDER } from '../../src/shared/ssr'
import { buildTestApp } from '../testing/testApp'
import { openTestDb, type TestDb } from '../testing/testDb'

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><title>API Atlas</title>
    <script type="module" src="/assets/app.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`

/** A statement that reads the catalogue's tables. */
const CATALOGUE_READ = /\b(from|join)\s+(apis|categories)\b/i

describe('reads of the catalogue per page', () => {
  let db: TestDb
  let app: FastifyInstance
  let staticDir: string
  let reads: string[] = []

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-reads-'))
    await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML)
    db = await openTestDb()
    const counted: TestDb = {
      ...db,
      query: (text, params) => {
        if (CATALOGUE_READ.test(text)) reads.push(text)
        return db.query(text, params)
      },
    }
    app = buildTestApp({ db: counted, config: { staticDir } })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
    await rm(staticDir, { recursive: true, force: true })
  })
  beforeEach(() => {
    reads = []
  })

  const page = (url: string) => app.inject({ url, headers: { accept: 'text/html' } })

  it('reads an API page’s record once, for its head and its first answers', async () => {
    const response = await page('/apis/stripe-com')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('>Stripe API | API Atlas</title>')
    // The first answer holds the record itself, endpoints and all.
    expect(response.body).toMatch(/id="first-answers">[^<]*"apis\/stripe-com":\{[^<]*"endpoints"/)
    expect(reads).toHaveLength(1)
  })

  it('reads nothing for the same page seen again soon', async () => {
    expect((await page('/apis/category/payments/stripe-com')).statusCode).toBe(200)
    reads = []
    expect((await page('/apis/category/payments/stripe-com')).statusCode).toBe(200)
    expect(reads).toEqual([])
  })

  it('reads nothing for the directory and a category, whose data is in memory', async () => {
    for (const url of ['/apis', '/apis?search=maps', '/apis/category/payments']) {
      expect((await page(url)).statusCode, url).toBe(200)
    }
    expect(reads).toEqual([])
  })

  it('reads the old ?api= address’s record once by id, and once more by name', async () => {
    // A record not read before in this file, so nothing is reused; the list is in memory.
    const listed = (await app.inject('/api/apis?search=github&limit=1')).json() as {
      data: { apis: { id: string }[] }
    }
    expect(reads).toEqual([])
    const id = listed.data.apis[0]!.id
    expect((await page(`/apis/api-detail.html?api=${id}`)).statusCode).toBe(301)
    expect(reads).toHaveLength(1)
    reads = []
    expect((await page('/apis/api-detail.html?api=Twilio')).statusCode).toBe(301)
    expect(reads).toHaveLength(2)
  })

  it('reads nothing for a page that names no API in the catalogue', async () => {
    expect((await page('/apis/category/no-such-category')).statusCode).toBe(404)
    expect(reads).toEqual([])
  })
})
