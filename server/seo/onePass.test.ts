// A public page is served in one pass: its address is matched against the route table once, and
// an API page's record is read from the catalogue once, by the route whose answer the page
// carries; the page's description is made from that answer.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { CSP_NONCE_PLACEHOLDER } from '../../src/shared/ssr'
import { matchRoute, PUBLIC_PAGES } from '../../src/shared/routes'
import type * as Routes from '../../src/shared/routes'
import { openedCatalog } from '../catalog/catalog'
import { buildTestApp } from '../testing/testApp'
import { openTestDb, type TestDb } from '../testing/testDb'

vi.mock('../../src/shared/routes', async (importOriginal) => {
  const routes = await importOriginal<typeof Routes>()
  return { ...routes, matchRoute: vi.fn(routes.matchRoute) }
})

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><title>API Atlas</title>
    <script type="module" src="/assets/app.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`

describe('one pass per page', () => {
  let db: TestDb
  let app: FastifyInstance
  let staticDir: string
  let detail: ReturnType<typeof vi.spyOn>

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-one-pass-'))
    await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML)
    db = await openTestDb()
    app = buildTestApp({ db, config: { staticDir } })
    await app.ready()
    const catalog = openedCatalog(db)
    detail = vi.spyOn(catalog, 'detail')
  })
  afterAll(async () => {
    await app?.close()
    await db?.dispose()
    await rm(staticDir, { recursive: true, force: true })
  })
  beforeEach(() => {
    vi.mocked(matchRoute).mockClear()
    detail.mockClear()
  })

  const page = (url: string) => app.inject({ url, headers: { accept: 'text/html' } })

  it('matches every public page’s address once', async () => {
    for (const { example } of PUBLIC_PAGES) {
      vi.mocked(matchRoute).mockClear()
      const url = example.replace('{slug}', 'no-such-post')
      expect((await page(url)).statusCode, url).toBeLessThan(500)
      expect(vi.mocked(matchRoute), url).toHaveBeenCalledTimes(1)
    }
  })

  it('matches a staff page’s address once, and a page seen again soon too', async () => {
    expect((await page('/dashboard')).statusCode).toBe(200)
    expect(vi.mocked(matchRoute)).toHaveBeenCalledTimes(1)
    vi.mocked(matchRoute).mockClear()
    expect((await page('/apis/tools')).statusCode).toBe(200)
    expect(vi.mocked(matchRoute)).toHaveBeenCalledTimes(1)
  })

  it('reads an API page’s record once, for its head, its text and its first answer', async () => {
    for (const url of ['/apis/stripe-com', '/apis/category/payments/stripe-com']) {
      detail.mockClear()
      const response = await page(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toContain('>Stripe API | API Atlas</title>')
      expect(response.body, url).toMatch(/id="first-answers">[^<]*"apis\/stripe-com":\{/)
      expect(detail.mock.calls, url).toEqual([['stripe-com']])
    }
  })

  it('reads an unknown API’s record once, and nothing for pages whose data is in memory', async () => {
    expect((await page('/apis/no-such-api')).statusCode).toBe(404)
    expect(detail.mock.calls).toEqual([['no-such-api']])
    detail.mockClear()
    for (const url of ['/apis', '/apis/category/payments', '/apis/tools', '/blog']) {
      expect((await page(url)).statusCode, url).toBe(200)
    }
    expect(detail).not.toHaveBeenCalled()
  })
})
