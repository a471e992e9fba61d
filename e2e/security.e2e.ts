// Every page loads in Chromium without a single CSP violation or console error, under the
// security headers the server sets; and a catalogue record full of markup is shown as text, with
// nothing of it run.
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page, Response } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { startSiteServer, type SiteServer } from '../scripts/siteServer'
import { loadCatalog } from '../server/catalog/load'
import { loadConfig } from '../server/config'
import { openPglite } from '../server/db/database'
import { migrate } from '../server/db/migrate'
import {
  HOSTILE_API,
  HOSTILE_API_ID,
  HOSTILE_TEXTS,
  insertHostileApi,
} from '../server/testing/hostileApi'
import { launchBrowser, watchForProblems } from './support/browser'
import { similarApisBuilt } from './support/settle'

const baseUrl = inject('baseUrl')
let browser: Browser
let context: BrowserContext | undefined

beforeAll(async () => {
  browser = await launchBrowser()
})
afterEach(async () => {
  await context?.close()
  context = undefined
})
afterAll(async () => {
  await browser?.close()
})

type Violation = { directive: string; blocked: string; source: string }

type Watched = {
  page: Page
  /** securitypolicyviolation events, in the order they happened. */
  violations: Violation[]
  /** Console errors and uncaught errors. */
  problems: string[]
  dialogs: string[]
}

/** A fresh browser (no service worker yet, so the page comes from the server) that reports. */
const watchedPage = async (): Promise<Watched> => {
  context = await browser.newContext()
  const page = await context.newPage()
  const problems = watchForProblems(page)
  const violations: Violation[] = []
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
  await page.exposeFunction('reportCspViolation', (violation: Violation) =>
    violations.push(violation),
  )
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      ;(window as unknown as { reportCspViolation: (v: Violation) => void }).reportCspViolation({
        directive: event.violatedDirective,
        blocked: event.blockedURI || 'inline',
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      })
    })
  })
  return { page, violations, problems, dialogs }
}

const heading = (page: Page, name: string, level = 1) =>
  expect
    .poll(() => page.getByRole('heading', { level, name, exact: true }).first().isVisible(), {
      timeout: 60_000,
    })
    .toBe(true)

const nonceOf = (csp: string) =>
  /script-src 'self' 'nonce-([A-Za-z0-9+/]{22,}={0,2})'/.exec(csp)?.[1]

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The text of each inline script that runs (no src; no type, or a script type). */
const inlineScriptsOf = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(
      ([, attrs]) => !/\ssrc=/.test(attrs!) && !/\stype="application\/(ld\+)?json"/.test(attrs!),
    )
    .map(([, , text]) => text!)

/** Staff and mock-up pages: never stored, with a fresh nonce; every other page is public. */
const isPrivate = (path: string) => /^\/(bpm-login|dashboard|ads|social|monitor)\b/.test(path)

/** What every HTML response carries (server/app.ts's helmet, server/spa.ts's page policy). */
const expectSecurityHeaders = async (response: Response | null, path: string) => {
  expect(response, path).not.toBeNull()
  const headers = response!.headers()
  expect(headers['content-type'], path).toMatch(/^text\/html/)
  const csp = headers['content-security-policy'] ?? ''
  const html = await response!.text()
  const directives = new Map(
    csp.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/)
      return [name, values.join(' ')] as const
    }),
  )
  if (isPrivate(path)) {
    const nonce = nonceOf(csp)
    // A fresh nonce of at least 16 random bytes, and the page's own tags carry that one.
    expect(nonce, `${path}: ${csp}`).toBeDefined()
    expect(html, path).toContain(`nonce="${nonce}"`)
    expect(directives.get('script-src'), path).toBe(`'self' 'nonce-${nonce}'`)
    expect(directives.get('style-src'), path).toBe(`'self' 'nonce-${nonce}'`)
    // The nonce is per response: nobody may keep the page.
    expect(headers['cache-control'], path).toBe('no-store')
  } else {
    // Nothing per response: the inline scripts the page carries are allowed by their hashes,
    // and only they; Emotion's run-time sheets by the hash of an empty style element.
    expect(csp, path).not.toContain("'nonce-")
    expect(html, path).not.toContain('nonce=')
    const scripts = (directives.get('script-src') ?? '').split(' ')
    expect(scripts[0], path).toBe("'self'")
    expect(scripts.slice(1).sort(), path).toEqual(
      [...new Set(inlineScriptsOf(html).map(sha256))].sort(),
    )
    expect((directives.get('style-src') ?? '').split(' '), path).toEqual(
      expect.arrayContaining(["'self'", sha256('')]),
    )
    expect(headers['cache-control'], path).toMatch(/^public, .*s-maxage=\d+/)
    expect(headers.etag, path).toMatch(/^"[\w-]+"$/)
  }
  expect(directives.get('default-src'), path).toBe("'self'")
  expect(directives.get('object-src'), path).toBe("'none'")
  expect(directives.get('base-uri'), path).toBe("'self'")
  expect(directives.get('form-action'), path).toBe("'self'")
  expect(directives.get('frame-ancestors'), path).toBe("'none'")
  expect(csp, path).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
  expect(headers, path).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  })
  // HSTS only when the site is served over https (PUBLIC_SITE_URL); this one is not.
  expect(headers['strict-transport-security'], path).toBeUndefined()
}

// Every route of src/app/router.tsx, each with the heading that says it has loaded.
const PAGES = [
  { path: '/apis', heading: 'API Directory' },
  { path: '/apis/stripe-com', heading: 'Stripe API' },
  { path: '/apis/category/payments', heading: 'Payments' },
  { path: '/apis/category/payments/stripe-com', heading: 'Stripe API' },
  {
    path: '/apis/api-detail.html?api=stripe-com',
    heading: 'Stripe API',
    landsOn: '/apis/stripe-com',
  },
  { path: '/apis/tools', heading: 'API Tools' },
  { path: '/tools/tester', heading: 'API Tester' },
  { path: '/blog', heading: 'API Atlas Blog' },
  { path: '/blog/api-integration-guide-2024', heading: 'How to Integrate APIs in 2024' },
  { path: '/bpm-login', heading: 'Dashboard' },
  { path: '/dashboard', heading: 'Dashboard', landsOn: '/bpm-login' },
  { path: '/ads', heading: 'Ads manager' },
  { path: '/social', heading: 'Social manager' },
  { path: '/monitor', heading: 'Performance monitor' },
  { path: '/redirect', heading: 'Redirecting...', landsOn: '/apis' },
]

describe('every page in Chromium', () => {
  it.each(PAGES)(
    '$path loads under its security headers with no CSP violation or error',
    async ({ path, heading: name, landsOn }) => {
      const { page, violations, problems, dialogs } = await watchedPage()
      const response = await page.goto(`${baseUrl}${path}`)
      expect(response?.status()).toBe(200)
      await expectSecurityHeaders(response, path)
      await heading(page, name)
      if (landsOn) await page.waitForURL(`${baseUrl}${landsOn}`, { timeout: 60_000 })
      // Lazy chunks, fonts, the service worker and the Markdown of an API page have all arrived.
      await page.waitForLoadState('networkidle')
      expect(violations).toEqual([])
      expect(problems).toEqual([])
      expect(dialogs).toEqual([])
    },
  )

  it('gives every load of a staff page its own nonce', async () => {
    const nonces = await Promise.all(
      [1, 2, 3].map(async () => {
        const response = await fetch(`${baseUrl}/bpm-login`, { headers: { accept: 'text/html' } })
        return nonceOf(response.headers.get('content-security-policy') ?? '')
      }),
    )
    expect(new Set(nonces).size).toBe(3)
  })

  it('gives two visitors of a public page the same drawn page, and a 304 to its validator', async () => {
    const visit = (headers: Record<string, string>) =>
      fetch(`${baseUrl}/apis/stripe-com`, {
        headers: { accept: 'text/html', 'accept-encoding': 'br', ...headers },
      })
    const one = await visit({ cookie: 'mui-mode=dark', 'user-agent': 'Firefox/140' })
    const two = await visit({
      cookie: 'a=b',
      'user-agent': 'Chrome/140',
      'x-forwarded-for': '1.2.3.4',
    })
    const body = await one.text()
    // The page the app drew on the server, with its styles, as everyone gets it.
    expect(body).toContain('data-server-rendered=')
    expect(await two.text()).toBe(body)
    for (const header of ['etag', 'content-security-policy', 'cache-control', 'vary']) {
      expect(two.headers.get(header), header).toBe(one.headers.get(header))
    }
    const again = await visit({ 'if-none-match': one.headers.get('etag')! })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })
})

describe('a catalogue record full of markup, in Chromium', () => {
  let site: SiteServer | undefined
  let siteUrl: string
  let dataDir: string

  // The shared e2e server holds its database (one process per PGlite): this one gets its own,
  // with the record written in before it starts, as a catalogue import would leave it.
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'api-atlas-e2e-hostile-'))
    const config = loadConfig({ DATA_DIR: dataDir })
    const db = await openPglite(config.dataDir)
    try {
      await migrate(db, config.migrationsDir)
      await loadCatalog(db)
      await insertHostileApi(db)
    } finally {
      await db.close()
    }
    // The shared server's start built the site already.
    // A second fresh database; the hostile API's page needs no operation details.
    site = await startSiteServer({
      dataDir,
      env: { SKIP_BUILD: '1', OPERATIONS_SEED: 'off' },
      readyWithinMs: 150_000,
    })
    siteUrl = site.url
    await similarApisBuilt(siteUrl, HOSTILE_API_ID)
  }, 600_000)

  afterAll(async () => {
    if (site) await site.stop()
    else if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  /** Nothing of the record became script, a handler or a script URL in the live page. */
  const runnableInPage = (page: Page) =>
    page.evaluate(() => {
      const found: string[] = []
      // A script with a data type (the head's JSON-LD, the page's first answers until the app
      // reads them) is never run: only one the browser would run counts, and a data block must
      // still parse as JSON, so nothing in it closed it early.
      const DATA_TYPES = ['application/json', 'application/ld+json']
      for (const script of document.querySelectorAll('script')) {
        const text = script.textContent ?? ''
        if (DATA_TYPES.includes(script.type)) {
          try {
            JSON.parse(text)
          } catch {
            found.push(`data block that is not JSON: ${text.slice(0, 80)}`)
          }
        } else if (text.includes('__pwned')) {
          found.push(`script: ${text.slice(0, 80)}`)
        }
      }
      for (const element of document.querySelectorAll('*')) {
        for (const attribute of element.attributes) {
          const runs =
            attribute.name.startsWith('on') ||
            /^\s*(?:javascript|data|vbscript):/i.test(attribute.value)
          if (runs) found.push(`${element.tagName} ${attribute.name}="${attribute.value}"`)
        }
      }
      for (const element of document.querySelectorAll(
        'iframe, object, embed, form, base, meta[http-equiv], img[src="x"]',
      )) {
        found.push(`element: ${element.outerHTML.slice(0, 80)}`)
      }
      return found
    })

  const pwned = (page: Page) =>
    page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null)

  // DOMPurify parses the rendered Markdown in an inert DOMParser document, which Chromium gives
  // the page's CSP: the handlers and style it is about to strip are reported there as blocked,
  // though that document never runs anything. Those reports (and their console lines) are set
  // apart; any other report, from the live page, is a failure.
  const fromSanitizer = (violation: Violation) =>
    /\/assets\/MarkdownHtml-[\w-]+\.js:/.test(violation.source)
  const CSP_CONSOLE = /^console: (?:Executing inline event handler|Applying inline style) violates/

  const expectNothingRan = async ({ page, violations, problems, dialogs }: Watched) => {
    expect(await runnableInPage(page)).toEqual([])
    expect(await pwned(page)).toBeNull()
    expect(dialogs).toEqual([])
    expect(violations.filter((violation) => !fromSanitizer(violation))).toEqual([])
    for (const violation of violations.filter(fromSanitizer)) {
      expect(['script-src-attr', 'style-src-elem']).toContain(violation.directive)
    }
    expect(problems.filter((problem) => !CSP_CONSOLE.test(problem))).toEqual([])
  }

  it('shows its API page as text and runs none of it, even when a person clicks around', async () => {
    const watched = await watchedPage()
    const { page } = watched
    const response = await page.goto(`${siteUrl}/apis/${HOSTILE_API_ID}`)
    expect(response?.status()).toBe(200)
    await expectSecurityHeaders(response, `/apis/${HOSTILE_API_ID}`)

    // The server's HTML has the name and the description, rendered and sanitised on the server
    // (its heading moved two levels down), as a visitor reads it.
    await heading(page, HOSTILE_API.name)
    await heading(page, 'Intro', 4)
    await page.locator('html[data-app-ready]').waitFor({ timeout: 60_000 })
    // The name and summary read exactly as stored, markup and all.
    expect(await page.getByText(HOSTILE_API.summary, { exact: true }).isVisible()).toBe(true)
    expect(await page.getByText(HOSTILE_TEXTS.readable, { exact: true }).isVisible()).toBe(true)

    for (const text of [...HOSTILE_TEXTS.links, 'hover me']) {
      const target = page.getByText(text, { exact: true })
      expect(await target.isVisible(), text).toBe(true)
      await target.hover()
      await target.click()
    }
    await page.getByText('details', { exact: true }).click()
    await page.waitForLoadState('networkidle')

    expect(page.url()).toBe(`${siteUrl}/apis/${HOSTILE_API_ID}`)
    await expectNothingRan(watched)
  })

  it('lists it as text in the directory', async () => {
    const watched = await watchedPage()
    const { page } = watched
    await page.goto(`${siteUrl}/apis?search=hostile`)
    await heading(page, 'API Directory')
    // What is checked is the running app's list, not only the server's.
    await page.locator('html[data-app-ready]').waitFor({ timeout: 60_000 })
    await expect
      .poll(() => page.getByText(HOSTILE_API.name, { exact: true }).first().isVisible(), {
        timeout: 60_000,
      })
      .toBe(true)
    await page.waitForLoadState('networkidle')
    await expectNothingRan(watched)
    // No Markdown on a list: nothing for the sanitizer to strip, so not one report.
    expect(watched.violations).toEqual([])
  })
})
