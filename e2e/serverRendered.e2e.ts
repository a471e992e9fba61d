// The public pages arrive drawn by the app's own components (server/seo/ssr.ts), under
// the page's strict CSP, and the browser takes them over without a mismatch or a second drawing.
import { createHash } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { SERVER_RENDERED_ATTRIBUTE } from '../src/shared/ssr'
import { ENTRY_SCRIPT, holdBack, launchBrowser, watchForProblems } from './support/browser'
import { addHeader, headerField, headerRows } from './support/testerHeaders'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const PAGES: { path: string; heading: string }[] = [
  { path: '/apis', heading: 'API Directory' },
  { path: '/apis?search=stripe&https=true', heading: 'API Directory' },
  { path: '/apis/stripe-com', heading: 'Stripe API' },
  { path: '/apis/category/payments/stripe-com', heading: 'Stripe API' },
  { path: '/apis/category/payments', heading: 'Payments' },
  { path: '/apis/tools', heading: 'API Tools' },
  { path: '/tools/tester', heading: 'API Tester' },
  // Filled from the API, with the note saying so (an alert drawn without Paper's style attribute).
  { path: '/tools/tester?api=stripe-com', heading: 'API Tester' },
  // Its notes on the checker (off, or without the internet) are flat alerts, with no style attribute.
  { path: '/tools/monitoring', heading: 'API Monitoring' },
  { path: '/blog', heading: 'API Atlas Blog' },
  { path: '/blog/api-integration-guide-2024', heading: 'How to Integrate APIs in 2024' },
]

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** Uses the tester's server-drawn form: POST to `url`, one header, redirects not followed. */
async function useServerForm(page: Page, url: string) {
  await page.getByRole('combobox', { name: 'Method' }).selectOption('POST')
  await page.getByRole('textbox', { name: 'URL' }).fill(url)
  await addHeader(page, 'X-Journey', 'e2e')
  await page.getByRole('checkbox', { name: 'Follow redirects' }).uncheck()
}

/** The running form holds what useServerForm chose, its header row included. */
async function expectFormKept(page: Page) {
  expect(await page.getByRole('combobox', { name: 'Method' }).inputValue()).toBe('POST')
  expect(await page.getByRole('checkbox', { name: 'Follow redirects' }).isChecked()).toBe(false)
  expect(await headerRows(page)).toEqual({
    'Content-Type': 'application/json',
    'X-Journey': 'e2e',
  })
  // The row is the running form's: a blank row follows it to add the next.
  expect(await page.getByRole('textbox', { name: 'New header' }).inputValue()).toBe('')
}

const rootOf = (html: string) => /<div id="root"([^>]*)>/.exec(html)?.[1] ?? ''

describe('a public page drawn by the server', () => {
  it.each(PAGES)(
    '$path comes drawn, with its styles in the head and no style attributes',
    async ({ path, heading }) => {
      const response = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } })
      const html = await response.text()
      expect(response.status).toBe(200)
      expect(rootOf(html)).toContain(SERVER_RENDERED_ATTRIBUTE)
      const body = html.slice(html.indexOf('<div id="root"'))
      expect(body).toContain(`>${heading}</h1>`)
      // The policy blocks style attributes in HTML, and inline code whose hash it does not name.
      expect(body).not.toMatch(/<[^>]+\sstyle="/)
      expect(body).not.toMatch(/<script(?![^>]*type="application\/(?:json|ld\+json)")/)
      expect(body).not.toContain('<style')
      const head = html.slice(0, html.indexOf('</head>'))
      const styles = [...head.matchAll(/<style data-emotion="at[^"]*"[^>]*>([^<]*)<\/style>/g)]
      expect(styles.length).toBeGreaterThan(0)
      // Each style element the server wrote is allowed by its hash, and no nonce is needed.
      const styleSrc = /(?:^|; )style-src ([^;]*)/.exec(
        response.headers.get('content-security-policy') ?? '',
      )?.[1]
      for (const [, css] of styles) expect(styleSrc).toContain(sha256(css!))
      expect(html).not.toContain('nonce=')
      // Only the rules of classes the page's elements carry: a composition's inner step (MUI's
      // Link folds its class into Typography's) is left for the browser to write if it needs it.
      const drawn = new Set(
        [...body.matchAll(/\sclass="([^"]*)"/g)].flatMap(([, names]) => names!.split(' ')),
      )
      const scoped =
        /<style data-emotion="at-served ([^"]*)"[^>]*>/.exec(head)?.[1]?.split(' ') ?? []
      expect(scoped.length).toBeGreaterThan(0)
      expect(scoped.filter((name) => !drawn.has(`at-${name}`))).toEqual([])
      // The theme's variables come in the site's stylesheet, which the browser caches, not inline.
      expect(head).not.toContain('--mui-palette-primary-main:')
      const stylesheet = /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(head)?.[1]
      const sheet = await (await fetch(`${baseUrl}${stylesheet}`)).text()
      expect(sheet).toMatch(/\[data-dark\]\{[^}]*--mui-palette-primary-main:/)
      // So does MUI's baseline, after them.
      expect(sheet).toMatch(/\*,(\*)?::?before,(\*)?::?after\{box-sizing:inherit/)
      expect(sheet).toMatch(/\}body\{[^}]*color:var\(--mui-palette-text-primary\)[^}]*margin:0/)
      expect(head).not.toContain('box-sizing:inherit')
    },
  )

  it.each(PAGES)(
    '$path is taken over by the app without errors, and works',
    async ({ path, heading }) => {
      const context = await browser.newContext()
      const page = await context.newPage()
      const problems = watchForProblems(page)
      // Every style tag taken out of the page as the app starts, by its rules: one moved is a
      // style sheet removed and added again, after which the browser restyles every element its
      // rules could match.
      await page.addInitScript(() => {
        const moved: string[] = []
        Object.assign(window, { movedStyles: moved })
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.removedNodes) {
              if (node instanceof HTMLStyleElement) moved.push(node.textContent ?? '')
            }
          }
        }).observe(document, { childList: true, subtree: true })
      })
      // React's hydration reports a mismatch as a console error (recoverable) or throws.
      await page.goto(`${baseUrl}${path}`)
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible())
        .toBe(true)
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 })
      // The header stays as the server drew it until it is used (HydrateOnUse): a press on the
      // mode toggle hydrates it and is then handled, and the toggle says which way it flips next.
      const dark = () => page.evaluate(() => document.documentElement.hasAttribute('data-dark'))
      const before = await dark()
      const toggle = page.getByRole('banner').getByRole('button', { name: /^Switch / })
      await toggle.click()
      await expect.poll(dark).toBe(!before)
      await expect
        .poll(() => toggle.getAttribute('aria-label'))
        .toBe(`Switch to ${before ? 'dark' : 'light'} mode`)
      expect(problems).toEqual([])
      // The server's rules and the baseline stay where they are; an input's global style of
      // keyframes alone (MUI's autofill detection) may move, restyling nothing.
      const moved = await page.evaluate(
        () => (window as unknown as { movedStyles: string[] }).movedStyles,
      )
      expect(
        moved.filter((css) => !/^(@keyframes [\w-]+\{[^{}]*\{[^{}]*\}\})+$/.test(css)),
      ).toEqual([])
      await context.close()
    },
  )

  it('draws a searched and filtered listing with its results, which the app takes over without asking again', async () => {
    const path = '/apis?search=stripe&https=true'
    const html = await (
      await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } })
    ).text()
    const body = html.slice(html.indexOf('<div id="root"'))
    expect(body).toMatch(/>\d+ APIs? for “stripe”</)
    expect(body).toContain('href="/apis/stripe-com"')
    // The filter is drawn as set.
    expect(body).toMatch(/<input[^>]*name="https"[^>]*checked/)

    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    const listings: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/apis') listings.push(request.url())
    })
    await page.goto(`${baseUrl}${path}`)
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 })
    await page.waitForLoadState('networkidle')
    expect(await page.getByRole('link', { name: 'Stripe API' }).first().isVisible()).toBe(true)
    expect(await page.getByRole('checkbox', { name: 'HTTPS' }).isChecked()).toBe(true)
    // The listing came with the page; the app did not fetch it again.
    expect(listings).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('keeps what a visitor typed and chose in the directory before its controls ran', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    // The search box and filters wait until the visitor has used the server's fields.
    const release = await holdBack(page, /\/assets\/ListingControls-[\w-]+\.js$/)
    await page.goto(`${baseUrl}/apis`)
    await page.getByRole('combobox', { name: 'Authentication' }).selectOption({ label: 'API key' })
    await page.getByRole('checkbox', { name: 'HTTPS' }).check()
    await page.getByRole('searchbox', { name: 'Search APIs' }).fill('weather')
    expect(new URL(page.url()).search).toBe('')

    release()
    await expect
      .poll(() => new URL(page.url()).searchParams.toString(), { timeout: 60_000 })
      .toBe('search=weather&auth=apiKey&https=true')
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toMatch(/ for “weather”$/)
    expect(await page.getByRole('checkbox', { name: 'HTTPS' }).isChecked()).toBe(true)
    expect(problems).toEqual([])
    await context.close()
  })

  it('keeps what a visitor typed into an API page’s endpoint filter, with Show all pressed before the list ran', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    const releaseApp = await holdBack(page, ENTRY_SCRIPT)
    const releaseFilter = await holdBack(page, /\/assets\/EndpointFilter-[\w-]+\.js$/)
    await page.goto(`${baseUrl}/apis/stripe-com`, { waitUntil: 'commit' })
    const filter = page.getByRole('textbox', { name: 'Filter endpoints' })
    await filter.fill('charges')
    const showAll = page.getByRole('button', { name: /^Show all \d+ endpoints$/ })
    await showAll.click()
    releaseApp()
    // The list runs and shows them all while the filter's code is still on its way: that update
    // must not reach the filter's part, which React would then draw afresh, empty.
    await expect.poll(() => showAll.count(), { timeout: 60_000 }).toBe(0)
    releaseFilter()
    await expect
      .poll(() => page.getByText(/^\d+ of \d+ endpoints match$/).isVisible(), { timeout: 60_000 })
      .toBe(true)
    expect(await filter.inputValue()).toBe('charges')
    expect(problems).toEqual([])
    await context.close()
  })

  it('keeps what a visitor typed and chose in the tester before its form ran', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    // The form, answer and history wait until the visitor has used the server's form.
    const release = await holdBack(page, /\/assets\/TesterWorkspace-[\w-]+\.js$/)
    await page.goto(`${baseUrl}/tools/tester`)
    // React's hydration puts a text area's server text back; the form must take up this anyway.
    await useServerForm(page, 'https://api.example.com/v1/items?page=2')
    release()
    // Once the form runs, what was typed drives it: the query tab counts the URL's parameter.
    await expect
      .poll(() => page.getByRole('tab', { name: 'Query (1)' }).isVisible(), { timeout: 60_000 })
      .toBe(true)
    await expect
      .poll(() => page.getByRole('button', { name: 'Send Request' }).isEnabled())
      .toBe(true)
    await expectFormKept(page)
    expect(problems).toEqual([])
    await context.close()
  })

  // What was typed during the takeover, at the moment where it was lost. The page is told to
  // press a key at that very moment (a visitor's timing, made certain), and the test then waits
  // for the form to show that key.
  it('keeps the whole form when a key lands just after the app took what was typed', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    // The moment the form's mount takes what the early-input script kept (earlyTyped set to
    // null), the visitor adds a character to the URL: the form must then hold all they typed.
    await page.addInitScript(() => {
      const kept: Record<string, unknown> = {}
      const typed = new Proxy(kept, {
        set(target, form: string, fields: unknown) {
          target[form] = fields
          if (fields === null)
            setTimeout(() => {
              const url = document.getElementById('tester-url') as HTMLInputElement
              url.focus()
              url.setSelectionRange(url.value.length, url.value.length)
              document.execCommand('insertText', false, '2')
            })
          return true
        },
      })
      Object.defineProperty(HTMLElement.prototype, 'earlyTyped', {
        configurable: true,
        get: () => typed,
        set: () => {},
      })
    })
    const release = await holdBack(page, /\/assets\/TesterWorkspace-[\w-]+\.js$/)
    await page.goto(`${baseUrl}/tools/tester`, { waitUntil: 'commit' })
    await useServerForm(page, 'https://api.example.com/v1/items?page=')
    release()
    // The key has landed, and the form's state has it: the query tab counts the parameter.
    await expect
      .poll(() => page.getByRole('tab', { name: 'Query (1)' }).isVisible(), { timeout: 60_000 })
      .toBe(true)
    await expect
      .poll(() => page.getByRole('textbox', { name: 'URL' }).inputValue())
      .toBe('https://api.example.com/v1/items?page=2')
    await expectFormKept(page)
    expect(problems).toEqual([])
    await context.close()
  })

  it('types over what a visitor selected in a header row before the form ran, once it runs', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    const release = await holdBack(page, /\/assets\/TesterWorkspace-[\w-]+\.js$/)
    await page.goto(`${baseUrl}/tools/tester`)
    await page.getByRole('textbox', { name: 'URL' }).fill('https://api.example.com/v1/items?page=2')
    // The server's Content-Type value selected whole and not typed into yet.
    const value = headerField(page, 0, 'value')
    await value.focus()
    await page.keyboard.press('ControlOrMeta+A')
    release()
    // The form runs, hydrated in between: the query tab counts the typed URL's parameter.
    await expect
      .poll(() => page.getByRole('tab', { name: 'Query (1)' }).isVisible(), { timeout: 60_000 })
      .toBe(true)
    await page.keyboard.insertText('text/csv')
    expect(await value.inputValue()).toBe('text/csv')
    await expect.poll(() => headerRows(page)).toEqual({ 'Content-Type': 'text/csv' })
    expect(problems).toEqual([])
    await context.close()
  })
})
