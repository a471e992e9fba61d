// A catalogue record full of markup: the server-rendered page of its API holds it only
// as text, and its JSON is never taken for HTML. The browser side is in e2e/security.e2e.ts.
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { JSDOM } from 'jsdom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSP_NONCE_PLACEHOLDER } from '../src/shared/ssr'
import { HOSTILE_API, HOSTILE_API_ID, insertHostileApi } from './testing/hostileApi'
import { buildTestApp } from './testing/testApp'
import { openTestDb, type TestDb } from './testing/testDb'

// Shaped like Vite's output: an entry module, an inline script and the nonce's meta (a public page
// sends neither the meta nor the nonces: its policy names its inline script's hash).
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>API Atlas</title>
    <meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
    <script type="module" src="/assets/app-abc123.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
    <script nonce="${CSP_NONCE_PLACEHOLDER}">window.preloaded = true</script>
  </head>
  <body><div id="root"></div></body>
</html>
`
const TEMPLATE_SCRIPTS = 2

let staticDir: string
let db: TestDb
let app: FastifyInstance
let category: string

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-hostile-dist-'))
  await mkdir(path.join(staticDir, 'assets'))
  await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML)
  db = await openTestDb()
  app = buildTestApp({ db, config: { staticDir } })
  await app.ready()
  category = await insertHostileApi(app.db)
}, 120_000)
afterAll(async () => {
  await app?.close()
  await db?.dispose()
  await rm(staticDir, { recursive: true, force: true })
})

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc']

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The script sources a page's policy allows besides 'self': its hashes. */
const allowedHashes = (policy: string) =>
  new Set(
    /(?:^|;\s*)script-src ([^;]*)/
      .exec(policy)?.[1]
      ?.split(' ')
      .filter((s) => s.startsWith("'sha256-")),
  )

/**
 * Everything in the HTML that a browser would run, or that could lead it to run something. The
 * page's own scripts are the built files and the inline scripts whose hashes its policy names.
 */
const executableMarkup = (html: string, policy: string) => {
  const { document } = new JSDOM(html).window
  const found: string[] = []
  const hashes = allowedHashes(policy)
  const scripts = [...document.querySelectorAll('script')]
  const templateScripts = scripts.filter((script) =>
    script.hasAttribute('src')
      ? script.getAttribute('src')!.startsWith('/assets/')
      : hashes.has(sha256(script.textContent ?? '')),
  )
  if (templateScripts.length !== TEMPLATE_SCRIPTS) {
    found.push(`${templateScripts.length} scripts the policy allows`)
  }
  for (const script of scripts) {
    if (templateScripts.includes(script)) continue
    // Data blocks (JSON-LD, the page's first answers) are never run.
    if (script.type !== 'application/ld+json' && script.type !== 'application/json') {
      found.push(`script: ${script.outerHTML.slice(0, 120)}`)
      continue
    }
    // A data block that the text could have closed early would no longer parse.
    try {
      JSON.parse(script.textContent ?? '')
    } catch {
      found.push(`broken data block: ${script.textContent?.slice(0, 120)}`)
    }
  }
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith('on')) {
        found.push(`${element.tagName} ${attribute.name}="${attribute.value}"`)
      }
      if (
        URL_ATTRIBUTES.includes(attribute.name) &&
        /^\s*(?:javascript|data|vbscript):/i.test(attribute.value)
      ) {
        found.push(`${element.tagName} ${attribute.name}="${attribute.value}"`)
      }
    }
  }
  for (const element of document.querySelectorAll(
    'iframe, frame, object, embed, svg, math, img, form, button, style, base, meta[http-equiv]',
  )) {
    found.push(`element: ${element.outerHTML.slice(0, 120)}`)
  }
  return { found, document }
}

describe('a catalogue record full of markup', () => {
  it('moves the old ?api= address to its page, with a Location that is only a path', async () => {
    const response = await app.inject({
      url: `/apis/api-detail.html?api=${encodeURIComponent(HOSTILE_API_ID)}`,
      headers: { accept: 'text/html' },
    })
    expect(response.statusCode).toBe(301)
    expect(response.headers.location).toBe(`/apis/${encodeURIComponent(HOSTILE_API_ID)}`)
  })

  it.each([
    ['its address', `/apis/${HOSTILE_API_ID}`],
    ['its category address', () => `/apis/category/${category}/${HOSTILE_API_ID}`],
  ] as const)('is only text in the server-rendered page at %s', async (_, address) => {
    const url = typeof address === 'function' ? address() : address
    const response = await app.inject({ url, headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const policy = String(response.headers['content-security-policy'])
    expect(policy).not.toContain("'nonce-")

    const { found, document } = executableMarkup(response.body, policy)
    expect(found).toEqual([])
    // The text is all there, as written: shown, not dropped.
    expect(document.querySelector('#root h1')?.textContent).toBe(HOSTILE_API.name)
    expect(document.querySelector('#root p')?.textContent).toBe(HOSTILE_API.summary)
    expect(document.title).toContain(HOSTILE_API.name)
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      HOSTILE_API.summary,
    )
    const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.stringify(JSON.parse(script.textContent ?? '')),
    )
    expect(jsonLd.join('\n')).toContain(JSON.stringify(HOSTILE_API.name))
    // The app's first answer holds the record exactly as the API gives it.
    const { answers = {} } = JSON.parse(
      document.getElementById('first-answers')?.textContent ?? '{}',
    ) as { answers?: Record<string, { data?: { api?: unknown } }> }
    const answered = Object.values(answers)
      .map((answer) => answer.data?.api)
      .find(Boolean)
    if (url.includes('?api=')) expect(answered).toBeUndefined()
    else expect(answered).toMatchObject({ name: HOSTILE_API.name, summary: HOSTILE_API.summary })
  })

  it('is JSON that no browser takes for a page', async () => {
    const response = await app.inject(`/api/apis/${HOSTILE_API_ID}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/)
    expect(response.json()).toMatchObject({
      data: {
        api: {
          name: HOSTILE_API.name,
          summary: HOSTILE_API.summary,
          description: HOSTILE_API.description,
        },
      },
    })
  })

  it('finds nothing to run in a page that does run script, so the check can fail', () => {
    const html = INDEX_HTML.replace(
      '<div id="root"></div>',
      `<div id="root"><h1>${HOSTILE_API.name}</h1></div>`,
    ).replaceAll(` nonce="${CSP_NONCE_PLACEHOLDER}"`, '')
    const policy = `script-src 'self' ${sha256('window.preloaded = true')}`
    expect(executableMarkup(html, policy).found).toEqual([
      expect.stringContaining(`script: <script>window.__pwned='name-script'</script>`),
      `IMG onerror="window.__pwned='name-img'"`,
      expect.stringContaining('element: <img src="x"'),
    ])
  })
})
