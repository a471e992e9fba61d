// A public page answers a visitor from its first paint. The tests act the moment the
// browser reports the first contentful paint: once with the app's scripts held back (the page is
// then only the server's markup and the early-input script, as on a slow phone), once as it comes.
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { ENTRY_SCRIPT, firstPaint, holdBack, watchForProblems } from './support/browser'
import { useTesterUpstream } from './support/testerUpstream'
import { addHeader } from './support/testerHeaders'

const baseUrl = inject('baseUrl')
const session = useTesterUpstream()

/**
 * A fresh visitor at `path`, acting from the first paint; with `early`, the app waits for release;
 * with `slowdown`, the page's processor runs that many times slower (as on a cheap phone), so the
 * visitor acts while React is taking the page over: it then stops the presses that land on markup
 * it has not hydrated yet.
 */
async function visit(path: string, { early, slowdown }: { early: boolean; slowdown?: number }) {
  const context = await session.browser.newContext()
  const page = await context.newPage()
  if (slowdown) {
    const session = await context.newCDPSession(page)
    await session.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
  }
  const problems = watchForProblems(page)
  const release = early ? await holdBack(page, ENTRY_SCRIPT) : () => {}
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' })
  await firstPaint(page)
  return { page, problems, release, close: () => context.close() }
}

const appRuns = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))
const focusedField = (page: Page) =>
  page.evaluate(() => {
    const field = document.activeElement
    return field instanceof HTMLInputElement ? { type: field.type, value: field.value } : null
  })

describe.each([
  { when: 'before the app runs', early: true },
  { when: 'as the page comes', early: false },
  { when: 'while the app takes it over, on a slow processor', early: false, slowdown: 6 },
])('a visitor acting at the first paint, $when', ({ early, slowdown }) => {
  it('types a URL and headers into the tester and sends them: the label stays clear and the request goes', async () => {
    const { page, problems, release, close } = await visit('/tools/tester', { early, slowdown })
    // Each variant's own address: the upstream counts what each one sent.
    const sent = `/echo?from=first-paint-${early}-${slowdown ?? 1}`
    const url = `${session.upstream.origin}${sent}`
    await page.getByRole('textbox', { name: 'URL' }).pressSequentially(url)
    // A header typed into the server's blank row, kept by the early-input script.
    await addHeader(page, 'X-Early', 'kept')
    // The label sits on the field's border from the start, never on what was typed: it ends in
    // the field's upper half (a label in the field, as a placeholder, would end below it).
    const label = (await page.locator('label[for="tester-url"]').boundingBox())!
    const field = (await page.locator('#tester-url').boundingBox())!
    expect(label.y + label.height).toBeLessThanOrEqual(field.y + field.height / 2)
    // A tab pressed now is the tab shown once the form runs.
    const requestParts = page.getByRole('tablist', { name: 'Request parts' })
    await requestParts.getByRole('tab', { name: 'Body' }).click()
    await page.getByRole('button', { name: 'Send Request' }).click()
    if (early) {
      // Taken, not lost: the page did not reload, and the press is held for the app.
      expect(await appRuns(page)).toBe(false)
      expect(new URL(page.url()).search).toBe('')
      expect(
        await page.evaluate(() => document.documentElement.getAttribute('data-early-submit')),
      ).toBe('tester-request')
      release()
    }
    const summary = page.getByLabel('Response summary')
    await summary.waitFor({ timeout: 60_000 })
    expect(await summary.textContent()).toContain('200')
    const seen = session.upstream.seen.filter((request) => request.url === sent)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.headers['x-early']).toBe('kept')
    expect(
      await page.evaluate(() => document.documentElement.hasAttribute('data-early-submit')),
    ).toBe(false)
    expect(
      await requestParts.getByRole('tab', { name: 'Body' }).getAttribute('aria-selected'),
    ).toBe('true')
    expect(await page.locator('#panel-body').isVisible()).toBe(true)
    expect(problems).toEqual([])
    await close()
  })

  it('types a URL at once and the headers as the page runs: both are sent', async () => {
    const { page, problems, release, close } = await visit('/tools/tester', { early, slowdown })
    const sent = `/echo?from=page-runs-${early}-${slowdown ?? 1}`
    await page.getByRole('textbox', { name: 'URL' }).fill(`${session.upstream.origin}${sent}`)
    release()
    // The page's screen runs, and the form, a part of it hydrated just after, not yet:
    // fill selects the server's headers, then focuses them, and the focus leaving the URL field
    // fires the URL's change, on which React hydrates the form there and then, in between.
    await page.waitForFunction(
      () => document.documentElement.hasAttribute('data-app-ready'),
      undefined,
      { timeout: 60_000 },
    )
    await addHeader(page, 'X-Early', 'kept')
    await page.getByRole('button', { name: 'Send Request' }).click()
    await page.getByLabel('Response summary').waitFor({ timeout: 60_000 })
    const seen = session.upstream.seen.filter((request) => request.url === sent)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.headers['x-early']).toBe('kept')
    expect(problems).toEqual([])
    await close()
  })

  it('presses / on the directory and searches: the box has it, and the results follow', async () => {
    const { page, problems, release, close } = await visit('/apis', { early, slowdown })
    // Once the search box is on the screen (see Ctrl+L below: the first paint can precede it).
    await page.locator('[data-early-focus="/"]').waitFor()
    await page.keyboard.press('/')
    await page.keyboard.type('weather')
    expect(await focusedField(page)).toEqual({ type: 'search', value: 'weather' })
    if (early) {
      expect(await appRuns(page)).toBe(false)
      release()
    }
    await expect
      .poll(() => new URL(page.url()).searchParams.get('search'), { timeout: 60_000 })
      .toBe('weather')
    await expect
      .poll(() => page.getByRole('status').first().textContent(), { timeout: 60_000 })
      .toMatch(/ for “weather”$/)
    expect(await focusedField(page)).toEqual({ type: 'search', value: 'weather' })
    expect(problems).toEqual([])
    await close()
  })

  it('ticks a filter and picks an auth kind on the directory: the listing follows both', async () => {
    const { page, problems, release, close } = await visit('/apis', { early, slowdown })
    // The side filters (a desktop's width) wait as drawn until used, or take up what was chosen.
    const cors = page.getByRole('checkbox', { name: 'CORS' })
    await cors.click()
    await page.getByRole('combobox', { name: 'Authentication' }).selectOption('apiKey')
    if (early) {
      expect(await appRuns(page)).toBe(false)
      release()
    }
    await expect
      .poll(
        () => {
          const params = new URL(page.url()).searchParams
          return [params.get('cors'), params.get('auth')]
        },
        { timeout: 60_000 },
      )
      .toEqual(['true', 'apiKey'])
    await expect.poll(() => cors.isChecked()).toBe(true)
    expect(problems).toEqual([])
    await close()
  })

  it('shows all of an API page’s endpoints when asked to', async () => {
    const { page, problems, release, close } = await visit('/apis/stripe-com', { early, slowdown })
    const showAll = page.getByRole('button', { name: /^Show all \d+ endpoints$/ })
    await showAll.click()
    if (early) {
      expect(await appRuns(page)).toBe(false)
      release()
    }
    await expect.poll(() => showAll.count(), { timeout: 60_000 }).toBe(0)
    const rows = page.getByRole('list', { name: 'Endpoints' }).getByRole('listitem')
    expect(await rows.count()).toBeGreaterThan(50)
    expect(problems).toEqual([])
    await close()
  })

  it('opens the tester’s collections when asked to', async () => {
    const { page, problems, release, close } = await visit('/tools/tester', { early, slowdown })
    await page.getByRole('button', { name: 'Collections' }).click()
    if (early) {
      expect(await appRuns(page)).toBe(false)
      release()
    }
    const panel = page.getByRole('region', { name: 'Collections' })
    await panel
      .getByText(/Save a request \(Ctrl\+S\) to start a collection/)
      .waitFor({ timeout: 60_000 })
    // Asked for, so focused: the panel's heading, where a screen reader goes on from.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('tester-collections-heading')
    expect(problems).toEqual([])
    await close()
  })

  it('takes the tester’s keys: Ctrl+L to the URL, Ctrl+Enter sends, Ctrl+S saves', async () => {
    const { page, problems, release, close } = await visit('/tools/tester', { early, slowdown })
    const sent = `/echo?from=first-paint-keys-${early}-${slowdown ?? 1}`
    // Pressed once the field is on the screen: the first paint can come while a slow processor is
    // still reading the page's markup, before the form is in it, and a Ctrl+L then is the browser's.
    await page.locator('#tester-url').waitFor()
    await page.keyboard.press('Control+L')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tester-url')
    await page.keyboard.type(`${session.upstream.origin}${sent}`)
    await page.keyboard.press('Control+Enter')
    // Not the browser's Save page: the tester's own Save, once its part runs.
    await page.keyboard.press('Control+S')
    if (early) {
      expect(await appRuns(page)).toBe(false)
      const marks = await page.evaluate(() => ({
        submit: document.documentElement.getAttribute('data-early-submit'),
        click: document.documentElement.getAttribute('data-early-click'),
      }))
      expect(marks).toEqual({ submit: 'tester-request', click: 'tester:save' })
      release()
    }
    await page.getByRole('dialog', { name: 'Save request' }).waitFor({ timeout: 60_000 })
    const summary = page.getByLabel('Response summary')
    await summary.waitFor({ timeout: 60_000 })
    expect(await summary.textContent()).toContain('200')
    expect(session.upstream.seen.filter((request) => request.url === sent)).toHaveLength(1)
    expect(problems).toEqual([])
    await close()
  })

  it('follows a blog link, and shows at once that the press was taken', async () => {
    const { page, problems, close } = await visit('/blog', { early, slowdown })
    // Told on the console: while a page is leaving, nothing can be evaluated in it.
    const barShown = new Promise<void>((resolve) =>
      page.on('console', (message) => message.text() === 'atlas-leaving' && resolve()),
    )
    await page.evaluate(() =>
      new MutationObserver(() => {
        if (document.documentElement.hasAttribute('data-leaving')) console.debug('atlas-leaving')
      }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-leaving'] }),
    )
    const link = page.locator('main a[href^="/blog/"]:not([href$=".xml"])').first()
    const article = new URL(`${baseUrl}${await link.getAttribute('href')}`)
    // The next page is held until the bar shows (or, once the app runs, the app follows the link).
    const nextPage = await holdBack(page, new RegExp(`${article.pathname}$`))
    // Without waiting for the navigation it starts, which is held.
    await link.click({ noWaitAfter: true })
    if (early) await barShown
    nextPage()
    await page.waitForURL(article.href, { timeout: 60_000 })
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 })
    expect(problems).toEqual([])
    await close()
  })

  it('explains every operation of an API when asked to', async () => {
    const { page, problems, release, close } = await visit('/apis/stripe-com', { early, slowdown })
    const explain = page.getByRole('button', { name: /^Explain all \d+ operations$/ })
    await explain.click()
    if (early) {
      expect(await appRuns(page)).toBe(false)
      release()
    }
    await page.getByRole('textbox', { name: 'Filter operations' }).waitFor({ timeout: 60_000 })
    expect(await explain.count()).toBe(0)
    expect(problems).toEqual([])
    await close()
  })

  it('copies an API’s base URL, and says so', async () => {
    const { page, problems, release, close } = await visit('/apis/stripe-com', { early, slowdown })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('button', { name: 'Copy base URL' }).click()
    if (early) {
      expect(await appRuns(page)).toBe(false)
      // Copied already: the browser allows it only while the press is fresh.
      await expect
        .poll(() => page.evaluate(() => navigator.clipboard.readText()))
        .toBe('https://api.stripe.com')
      release()
    }
    await page.getByText('Copied to the clipboard').waitFor({ timeout: 60_000 })
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://api.stripe.com')
    expect(problems).toEqual([])
    await close()
  })

  it('filters an API page’s endpoints with what was typed', async () => {
    const { page, problems, release, close } = await visit('/apis/stripe-com', { early, slowdown })
    await page.getByRole('textbox', { name: 'Filter endpoints' }).pressSequentially('refunds')
    if (early) {
      expect(await appRuns(page)).toBe(false)
      release()
    }
    await expect
      .poll(() => page.getByText(/^\d+ of \d+ endpoints match$/).textContent(), {
        timeout: 60_000,
      })
      .toMatch(/^[1-9]\d* of \d+ endpoints match$/)
    expect(problems).toEqual([])
    await close()
  })
})
