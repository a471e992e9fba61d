import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { JSDOM } from 'jsdom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSP_NONCE_PLACEHOLDER, SERVER_RENDERED_ATTRIBUTE } from '../src/shared/ssr'
import type { Env } from './config'
import { PUBLIC_PAGE_CACHE_CONTROL } from './pageCache'
import { PRERENDERED_ATTRIBUTE } from '../src/shared/seo/headMarkup'
import {
  ASSET_CACHE_CONTROL,
  DOCUMENT_ONLY_HEADERS,
  pageHtml,
  SERVICE_WORKER_CACHE_CONTROL,
  SERVICE_WORKER_CSP,
  STATIC_CACHE_CONTROL,
} from './spa'
import { buildTestApp } from './testing/testApp'
import { openTestDb, type TestDb } from './testing/testDb'

/** As the build inlines the early-input script and the app's starter. */
const INLINE_SCRIPT = 'document.documentElement.dataset.started = "yes"'

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" />
    <script type="module" src="/assets/app-abc123.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
    <link rel="stylesheet" href="/assets/app-abc123.css" nonce="${CSP_NONCE_PLACEHOLDER}" />
    <script nonce="${CSP_NONCE_PLACEHOLDER}">${INLINE_SCRIPT}</script>
  </head>
  <body><div id="root"></div><!-- ${'padding '.repeat(200)} --></body>
</html>
`

const SOURCE_MAP = '{"version":3,"sources":["src/features/dashboard/Secret.tsx"],"mappings":""}'

let staticDir: string
let db: TestDb

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-dist-'))
  await mkdir(path.join(staticDir, 'assets'))
  await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML)
  await writeFile(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log("app")\n')
  await writeFile(path.join(staticDir, 'assets', 'app-abc123.css'), 'body{margin:0}\n')
  await writeFile(path.join(staticDir, 'humans.txt'), 'Team: API Atlas\n')
  // A source map a build left behind by mistake (the site's own build keeps them out of dist/).
  await writeFile(path.join(staticDir, 'assets', 'app-abc123.js.map'), SOURCE_MAP)
  // Compressed copies too, which @fastify/static would otherwise send to whoever names them.
  await writeFile(path.join(staticDir, 'assets', 'app-abc123.js.map.gz'), gzipSync(SOURCE_MAP))
  await writeFile(
    path.join(staticDir, 'assets', 'app-abc123.js.map.br'),
    brotliCompressSync(SOURCE_MAP),
  )
  db = await openTestDb()
})
afterAll(async () => {
  await db.dispose()
  await rm(staticDir, { recursive: true, force: true })
})

const buildSite = async (env: Env = {}) => {
  const app = buildTestApp({ db, env, config: { staticDir } })
  await app.ready()
  return app
}

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1]

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The sources of a policy's script-src, 'self' aside. */
const scriptSources = (csp: string) =>
  (/(?:^|; )script-src ([^;]*)/.exec(csp)?.[1] ?? '').split(' ').filter((s) => s !== "'self'")

describe('the built site', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildSite()
  })
  afterAll(() => app.close())

  const page = (url: string, headers: Record<string, string> = { accept: 'text/html' }) =>
    app.inject({ url, headers })

  const PUBLIC_PAGES = [
    ['/', 200],
    ['/redirect', 200],
    ['/apis', 200],
    ['/apis/stripe-com', 200],
    ['/apis/category/payments', 200],
    ['/apis/tools', 200],
    ['/tools/tester', 200],
    ['/blog', 200],
    ['/blog/api-integration-guide-2024', 200],
    // The app shows 'Post Not Found' on this page; crawlers get its status.
    ['/blog/a-post', 404],
    ['/index.html', 200],
    ['/no/such/page', 200],
  ] as const

  it.each(PUBLIC_PAGES)(
    'answers %s with the same page for everyone, as a CDN may keep it (%i)',
    async (url, status) => {
      const response = await page(url)
      expect(response.statusCode).toBe(status)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL)
      expect(response.headers['cache-control']).toMatch(/\bs-maxage=\d+.*\bstale-while-revalidate=/)
      expect(response.headers.vary).toBe('accept-encoding')
      // A validator on a page that exists (a 404 is sent whole).
      if (status === 200) expect(response.headers.etag).toMatch(/^"[\w-]{27}"$/)
      else expect(response.headers.etag).toBeUndefined()
      // Nothing per response: no nonce in the policy or the page, no request id.
      expect(response.headers['content-security-policy']).not.toContain("'nonce-")
      expect(response.body).not.toContain('nonce=')
      expect(response.body).not.toContain('csp-nonce')
      expect(response.body).not.toContain(CSP_NONCE_PLACEHOLDER)
      expect(response.headers['x-request-id']).toBeUndefined()
    },
  )

  it.each(['/bpm-login', '/dashboard', '/ads', '/social', '/monitor'])(
    'never lets anyone keep %s, and gives it a fresh nonce',
    async (url) => {
      const response = await page(url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.headers.etag).toBeUndefined()
      const nonce = nonceOf(response.headers['content-security-policy'] as string)
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(response.body).not.toContain(CSP_NONCE_PLACEHOLDER)
      // The meta Emotion reads, the entry module, the stylesheet and the inline script.
      expect(response.body.split(`nonce="${nonce}"`)).toHaveLength(5)
      expect(response.headers['x-request-id']).toBeDefined()
    },
  )

  it('uses a new nonce for every staff page', async () => {
    const nonces = new Set<string | undefined>()
    for (let i = 0; i < 5; i++) {
      nonces.add(nonceOf((await page('/bpm-login')).headers['content-security-policy'] as string))
    }
    expect(nonces.size).toBe(5)
  })

  it('sends the public page CSP: the hash of its inline script, and of an empty style', async () => {
    const response = await page('/redirect')
    expect(response.headers['content-security-policy']).toBe(
      [
        "default-src 'self'",
        `script-src 'self' ${sha256(INLINE_SCRIPT)}`,
        // Emotion's run-time sheets, added empty and filled through the CSSOM.
        `style-src 'self' ${sha256('')}`,
        "img-src 'self' data: https:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    )
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it.each(PUBLIC_PAGES.map(([url]) => url))(
    'allows exactly the inline scripts %s carries, by their hashes',
    async (url) => {
      const response = await page(url)
      const { document } = new JSDOM(response.body).window
      // Every script that runs and is not a file of the site's own: data blocks never run.
      const inline = [...document.querySelectorAll('script')].filter(
        (script) => !script.src && ['', 'module'].includes(script.type),
      )
      expect(inline.length).toBeGreaterThan(0)
      const allowed = scriptSources(response.headers['content-security-policy'] as string)
      expect(allowed.sort()).toEqual(
        [...new Set(inline.map((script) => sha256(script.textContent ?? '')))].sort(),
      )
    },
  )

  it('answers a request with the page’s validator with 304 and nothing else', async () => {
    const first = await page('/apis/stripe-com')
    const etag = first.headers.etag as string
    const again = await page('/apis/stripe-com', { accept: 'text/html', 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL)
    expect(again.headers.vary).toBe('accept-encoding')
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy'])
    expect(again.headers['content-length']).toBeUndefined()
    expect(again.headers['x-request-id']).toBeUndefined()
    // Among others, weak or not, as a cache may send it.
    const listed = await page('/apis/stripe-com', {
      accept: 'text/html',
      'if-none-match': `"other", W/${etag}`,
    })
    expect(listed.statusCode).toBe(304)
  })

  it('sends the whole page to a validator it does not match', async () => {
    const first = await page('/apis/stripe-com')
    const other = await page('/blog', {
      accept: 'text/html',
      'if-none-match': first.headers.etag as string,
    })
    expect(other.statusCode).toBe(200)
    expect(other.body).toContain('<div id="root">')
    const unknown = await page('/blog/a-post', { accept: 'text/html', 'if-none-match': '*' })
    expect(unknown.statusCode).toBe(404)
  })

  it('gives each coding its own validator over its own bytes', async () => {
    const plain = await page('/apis/stripe-com')
    const br = await page('/apis/stripe-com', { accept: 'text/html', 'accept-encoding': 'br' })
    const gzip = await page('/apis/stripe-com', {
      accept: 'text/html',
      'accept-encoding': 'gzip, deflate, br;q=0.5',
    })
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body)
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body)
    const tags = [plain, br, gzip].map((response) => response.headers.etag)
    expect(new Set(tags).size).toBe(3)
    // The compressed page's validator matches only the compressed page.
    const brAgain = { accept: 'text/html', 'accept-encoding': 'br' }
    expect(
      (await page('/apis/stripe-com', { ...brAgain, 'if-none-match': tags[1] as string }))
        .statusCode,
    ).toBe(304)
    expect(
      (await page('/apis/stripe-com', { ...brAgain, 'if-none-match': tags[0] as string }))
        .statusCode,
    ).toBe(200)
  })

  it('sends different visitors the same bytes and the same headers', async () => {
    const visit = (headers: Record<string, string>, remoteAddress: string) =>
      app.inject({
        url: '/apis/stripe-com',
        remoteAddress,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, br', ...headers },
      })
    const one = await visit(
      { cookie: 'mui-mode=dark; session=a', 'user-agent': 'Firefox/140', 'x-request-id': 'a-1' },
      '203.0.113.7',
    )
    const two = await visit(
      { cookie: 'mui-mode=light', 'user-agent': 'Chrome/140', authorization: 'Bearer xyz' },
      '198.51.100.23',
    )
    expect(one.statusCode).toBe(200)
    expect(two.rawPayload.equals(one.rawPayload)).toBe(true)
    const { date: _one, ...oneHeaders } = one.headers
    const { date: _two, ...twoHeaders } = two.headers
    expect(twoHeaders).toEqual(oneHeaders)
    expect(oneHeaders['set-cookie']).toBeUndefined()
  })

  it('answers HEAD like GET, without a body', async () => {
    const response = await app.inject({
      method: 'HEAD',
      url: '/redirect',
      headers: { accept: 'text/html' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.body).toBe('')
  })

  it('gives client routes to clients that accept anything', async () => {
    expect((await page('/apis', {})).statusCode).toBe(200)
    expect((await page('/apis', { accept: '*/*' })).statusCode).toBe(200)
    const legacy = await page('/apis/api-detail.html?api=nothing-by-this-name', { accept: '*/*' })
    expect(legacy.statusCode).toBe(404)
    expect(legacy.headers['content-type']).toBe('text/html; charset=utf-8')
  })

  it('serves hashed assets as immutable', async () => {
    const response = await page('/assets/app-abc123.js', { accept: '*/*' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toBe(ASSET_CACHE_CONTROL)
    expect(response.body).toBe('console.log("app")\n')
    // Only what acts on a script: the document policies and validators are left off.
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin')
    for (const header of [...DOCUMENT_ONLY_HEADERS, 'x-request-id']) {
      expect(response.headers, header).not.toHaveProperty(header)
    }
  })

  it('serves other files with a short cache', async () => {
    const response = await page('/humans.txt', { accept: '*/*' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe(STATIC_CACHE_CONTROL)
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(response.headers.etag).toBeDefined()
    expect(response.body).toContain('Team')
  })

  it('answers a missing asset with 404, not the page', async () => {
    const response = await page('/assets/app-old999.js', { accept: '*/*' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      success: false,
      error: 'No route GET /assets/app-old999.js',
    })
    expect((await page('/favicon.ico', { accept: 'image/*' })).statusCode).toBe(404)
  })

  it('never gives the page for server paths or other methods', async () => {
    expect((await page('/api/nope')).json()).toEqual({
      success: false,
      error: 'No route GET /api/nope',
    })
    expect((await page('/auth/v1/nope')).statusCode).toBe(404)
    expect((await page('/rest/v1/nope')).statusCode).toBe(404)
    const post = await app.inject({
      method: 'POST',
      url: '/redirect',
      headers: { accept: 'text/html' },
    })
    expect(post.statusCode).toBe(404)
    expect(post.headers['cache-control']).toBe('no-store')
  })

  it('never lets a CDN keep a 404 in place of a public page or a file', async () => {
    // A JSON client at a page's address: the page stays cacheable, this answer must not be kept.
    const json = await page('/apis/stripe-com', { accept: 'application/json' })
    expect(json.statusCode).toBe(404)
    expect(json.headers['cache-control']).toBe('no-store')
    const missing = await page('/assets/app-new999.js', { accept: '*/*' })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['cache-control']).toBe('no-store')
    // /api keeps its own answers' caching.
    expect((await page('/api/nope')).headers['cache-control']).toBeUndefined()
  })

  it('never sends a source map, whatever the client accepts', async () => {
    for (const url of [
      '/assets/app-abc123.js.map',
      '/assets/APP-abc123.js.MAP',
      '/assets/app-abc123.js.map.gz',
      '/assets/app-abc123.js.map.br',
    ]) {
      for (const accept of ['*/*', 'application/json']) {
        for (const encoding of ['identity', 'br, gzip']) {
          const response = await page(url, { accept, 'accept-encoding': encoding })
          expect(response.statusCode, `${url} ${accept} ${encoding}`).toBe(404)
          expect(response.body, `${url} ${accept} ${encoding}`).not.toContain('Secret.tsx')
        }
      }
      // A browser navigating there gets the app's page, as for any missing file.
      const navigation = await page(url, { accept: 'text/html' })
      expect(navigation.headers['content-type'], url).toMatch(/^text\/html/)
      expect(navigation.body, url).not.toContain('Secret.tsx')
    }
  })

  it('does not serve files outside the site', async () => {
    for (const url of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
    ]) {
      const response = await page(url, { accept: '*/*' })
      expect(response.body).not.toContain('"name"')
    }
  })

  it('compresses the page when the client accepts gzip', async () => {
    const response = await page('/redirect', { accept: 'text/html', 'accept-encoding': 'gzip' })
    expect(response.headers['content-encoding']).toBe('gzip')
    const html = gunzipSync(response.rawPayload).toString('utf8')
    expect(html).toContain('<div id="root">')
    expect(html).not.toContain(CSP_NONCE_PLACEHOLDER)
  })

  it('keeps the JSON policy on /api next to the site', async () => {
    const response = await page('/api/health', {})
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    )
  })
})

describe('the page CSP by mode', () => {
  it('lets the browser reach a hosted Supabase project, over https and wss', async () => {
    const app = await buildSite({
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'anon',
      SUPABASE_JWT_SECRET: 'x'.repeat(32),
    })
    const csp = (await app.inject({ url: '/', headers: { accept: 'text/html' } })).headers[
      'content-security-policy'
    ]
    expect(csp).toContain("connect-src 'self' https://abc.supabase.co wss://abc.supabase.co;")
    expect(csp).not.toContain('upgrade-insecure-requests')
    await app.close()
  })

  it('upgrades insecure requests on an https site', async () => {
    const app = await buildSite({ PUBLIC_SITE_URL: 'https://atlas.example' })
    const csp = (await app.inject({ url: '/', headers: { accept: 'text/html' } })).headers[
      'content-security-policy'
    ] as string
    expect(csp.endsWith("; frame-ancestors 'none'; upgrade-insecure-requests")).toBe(true)
    await app.close()
  })
})

describe('a public page drawn by the server', () => {
  const SCHEME_SCRIPT = 'document.documentElement.dataset.scheme = "light"'
  const STYLES = ['body{margin:0}', '.css-b{color:blue}']
  // The shape of dist/.ssr/renderPage.js (src/app/ssr/renderPage.tsx): markup, its head, and the
  // text of the head's inline script and styles. It counts its drawings.
  const RENDER_MODULE = `
    globalThis.drawings = 0
    export const renderPage = async ({ url }) => {
      globalThis.drawings += 1
      return {
        url,
        body: '<main><h1>Drawn</h1></main>',
        head: ${JSON.stringify(`<script>${SCHEME_SCRIPT}</script>${STYLES.map((css) => `<style data-emotion="css">${css}</style>`).join('')}`)},
        scripts: [${JSON.stringify(SCHEME_SCRIPT)}],
        styles: ${JSON.stringify(STYLES)},
      }
    }
  `
  let drawnDir: string
  let app: FastifyInstance
  beforeAll(async () => {
    drawnDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-drawn-'))
    await mkdir(path.join(drawnDir, '.ssr'))
    await writeFile(path.join(drawnDir, 'index.html'), INDEX_HTML)
    await writeFile(path.join(drawnDir, '.ssr', 'renderPage.js'), RENDER_MODULE)
    app = buildTestApp({ db, config: { staticDir: drawnDir } })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await rm(drawnDir, { recursive: true, force: true })
  })

  const visit = (headers: Record<string, string> = {}) =>
    app.inject({ url: '/blog', headers: { accept: 'text/html', ...headers } })

  it('allows exactly its inline scripts and styles by their hashes, and an empty style', async () => {
    const response = await visit()
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain(`${SERVER_RENDERED_ATTRIBUTE}="/blog"`)
    const csp = response.headers['content-security-policy'] as string
    expect(scriptSources(csp).sort()).toEqual([sha256(INLINE_SCRIPT), sha256(SCHEME_SCRIPT)].sort())
    const { document } = new JSDOM(response.body).window
    const styles = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '')
    expect(styles).toEqual(STYLES)
    const styleSources = (/(?:^|; )style-src ([^;]*)/.exec(csp)?.[1] ?? '').split(' ')
    expect(styleSources.sort()).toEqual(
      ["'self'", sha256(''), ...styles.map((css) => sha256(css))].sort(),
    )
    expect(response.body).not.toContain('nonce=')
  })

  it('is the same bytes on every visit while its drawing is kept, and 304 to its validator', async () => {
    const first = await visit({ 'accept-encoding': 'br', cookie: 'a=1' })
    const drawings = (globalThis as { drawings?: number }).drawings
    expect(drawings).toBeGreaterThan(0)
    const second = await visit({ 'accept-encoding': 'br', cookie: 'b=2' })
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(second.headers.etag).toBe(first.headers.etag)
    const again = await visit({
      'accept-encoding': 'br',
      'if-none-match': first.headers.etag as string,
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    // Not drawn again for any of them (the collector keeps a drawing for 30 s).
    expect((globalThis as { drawings?: number }).drawings).toBe(drawings)
  })

  it('is drawn once for any parameters it does not read, and never copies them in', async () => {
    const plain = await visit({ 'accept-encoding': 'br' })
    const drawings = (globalThis as { drawings?: number }).drawings
    for (const query of ['utm_source=spoof-a1', 'cb=9&utm_source=%3Cb%3Espoof', 'x=1&x=2']) {
      const response = await app.inject({
        url: `/blog?${query}`,
        headers: { accept: 'text/html', 'accept-encoding': 'br' },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers.etag).toBe(plain.headers.etag)
      expect(response.rawPayload.equals(plain.rawPayload)).toBe(true)
    }
    const identity = await app.inject({
      url: '/blog?utm_source=spoof-a1',
      headers: { accept: 'text/html' },
    })
    expect(identity.body).toContain(`${SERVER_RENDERED_ATTRIBUTE}="/blog"`)
    expect(identity.body).not.toContain('spoof')
    expect((globalThis as { drawings?: number }).drawings).toBe(drawings)
  })
})

describe('without a built site', () => {
  it('answers pages with 503 and what to do, and the API still works', async () => {
    const app = buildTestApp({ db, config: { staticDir: path.join(staticDir, 'missing') } })
    await app.ready()
    const response = await app.inject({ url: '/redirect', headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(503)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.body).toContain('npm run build')
    expect((await app.inject('/api/health')).statusCode).toBe(200)
    expect((await app.inject('/assets/app.js')).statusCode).toBe(404)
    await app.close()
  })
})

describe('static files of the built site', () => {
  const script = `console.log("${'precompressed '.repeat(100)}")\n`
  let app: FastifyInstance
  beforeAll(async () => {
    await writeFile(path.join(staticDir, 'assets', 'big-def456.js'), script)
    await writeFile(path.join(staticDir, 'assets', 'big-def456.js.br'), brotliCompressSync(script))
    await writeFile(path.join(staticDir, 'assets', 'big-def456.js.gz'), gzipSync(script))
    await writeFile(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {})\n')
    await mkdir(path.join(staticDir, '.vite'), { recursive: true })
    await writeFile(path.join(staticDir, '.vite', 'manifest.json'), '{"index.html":{}}')
    app = await buildSite()
  })
  afterAll(() => app.close())

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers })

  it('sends the build’s brotli file to browsers that accept it, still immutable', async () => {
    const response = await get('/assets/big-def456.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toBe(ASSET_CACHE_CONTROL)
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(script)
  })

  it('sends the gzip file to clients without brotli, and the plain file to the rest', async () => {
    const gzipped = await get('/assets/big-def456.js', { 'accept-encoding': 'gzip' })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(script)
    const plain = await get('/assets/big-def456.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it('serves the service worker at /sw.js, revalidated on every visit', async () => {
    const response = await get('/sw.js', { 'accept-encoding': 'gzip, br' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toBe(SERVICE_WORKER_CACHE_CONTROL)
    // Its own policy lets it fetch the site; the JSON policy ('none') would stop every request.
    expect(response.headers['content-security-policy']).toBe(SERVICE_WORKER_CSP)
  })

  it('keeps the build manifest private', async () => {
    const response = await get('/.vite/manifest.json')
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('index.html')
  })
})

describe('the main text of a described page', () => {
  const head = { title: 'T', description: 'D', path: '/blog' }
  const body = (html: string) => /<div id="root">(.*)<\/div>/.exec(html)?.[1]

  it('gives an article its byline, the date as the blog writes it', () => {
    const html = pageHtml(INDEX_HTML, 'https://atlas.example', {
      status: 200,
      head,
      heading: 'How to Integrate APIs in 2024',
      summary: 'A tutorial.',
      byline: { author: 'API Atlas Team', date: '2024-01-20' },
    })
    expect(body(html)).toBe(
      '<div data-prerendered=""><h1>How to Integrate APIs in 2024</h1><p>A tutorial.</p>' +
        '<p>By API Atlas Team · <time datetime="2024-01-20">January 20, 2024</time></p></div>',
    )
  })

  it('lists linked pages with their summaries, escaping every text', () => {
    const html = pageHtml(INDEX_HTML, 'https://atlas.example', {
      status: 200,
      head,
      heading: 'Blog',
      summary: 'Guides.',
      items: [
        { title: 'One & <two>', path: '/blog/one', summary: 'First "quoted".' },
        { title: 'Three', path: '/blog/three"><script>', summary: 'Last.' },
      ],
    })
    expect(body(html)).toBe(
      '<div data-prerendered=""><h1>Blog</h1><p>Guides.</p><ul>' +
        '<li><h2><a href="/blog/one">One &amp; &lt;two&gt;</a></h2><p>First &quot;quoted&quot;.</p></li>' +
        '<li><h2><a href="/blog/three&quot;&gt;&lt;script&gt;">Three</a></h2><p>Last.</p></li>' +
        '</ul></div>',
    )
  })
})

describe('a page the app drew on the server', () => {
  it('puts its markup in #root, marked for hydration, and its head before the page tags', () => {
    const html = pageHtml(INDEX_HTML, 'https://atlas.example', {
      status: 200,
      head: { title: 'Blog', description: 'Guides.', path: '/blog' },
      heading: 'Blog',
      summary: 'Guides.',
      firstAnswers: '{"queries":[],"answers":{}}',
      rendered: {
        url: '/blog?a=1&b=2',
        body: '<main><h1>Blog</h1></main>',
        head: '<style data-emotion="css a">.a{}</style>',
        scripts: [],
        styles: ['.a{}'],
      },
    })
    expect(html).toContain(
      `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="/blog?a=1&amp;b=2"><main><h1>Blog</h1></main></div><script type="application/json"`,
    )
    expect(html).not.toContain(PRERENDERED_ATTRIBUTE + '=""><h1>')
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head.indexOf('<style data-emotion="css a">')).toBeLessThan(head.indexOf('<title'))
  })
})
