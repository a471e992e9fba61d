import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, watchForProblems } from './support/browser'

const baseUrl = inject('baseUrl')
const ARTICLE = 'How to Integrate APIs in 2024'

let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  context = await browser.newContext()
  page = await context.newPage()
})
afterAll(async () => {
  await browser?.close()
})

const heading = (name: string | RegExp) =>
  expect
    .poll(() => page.getByRole('heading', { level: 1, name }).first().isVisible(), {
      timeout: 60_000,
    })
    .toBe(true)

const appRendered = (name: string) =>
  expect
    .poll(() => page.getByRole('link', { name }).first().isVisible(), { timeout: 60_000 })
    .toBe(true)

const apiLinks = () => page.getByRole('list', { name: 'APIs' }).getByRole('link')

describe('a returning visitor without a network', () => {
  it('is served by the service worker at /sw.js once the first page has loaded', async () => {
    const problems = watchForProblems(page)
    await page.goto(`${baseUrl}/apis`)
    await heading('API Directory')

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(scope).toBe(`${baseUrl}/`)
    const script = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL,
    )
    expect(script).toBe(`${baseUrl}/sw.js`)
    // The worker claims the open page, so the visit from here on goes through it.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
        timeout: 60_000,
      })
      .toBe(true)
    // The stand-in for a cover that cannot load is kept from the start, before any article.
    await expect
      .poll(
        () => page.evaluate(async () => (await caches.match('/blog/images/fallback.webp'))?.ok),
        {
          timeout: 60_000,
        },
      )
      .toBe(true)
    expect(problems).toEqual([])
  })

  it('keeps the pages read online', async () => {
    const problems = watchForProblems(page)
    await page.reload()
    await heading('API Directory')
    await expect.poll(() => apiLinks().count(), { timeout: 60_000 }).toBeGreaterThan(0)

    await page.goto(`${baseUrl}/apis/stripe-com`)
    // The server's HTML already has the heading; the app's own answer is what the visitor reads on.
    await appRendered('View Documentation')

    await page.goto(`${baseUrl}/blog`)
    await heading(/blog/i)
    // The server's HTML lists the articles too; the app's list is the one that moves within the app.
    await appRendered('Subscribe')
    await page.getByRole('link', { name: ARTICLE, exact: true }).click()
    await heading(ARTICLE)
    await expect.poll(() => page.url()).toMatch(/\/blog\/api-integration-guide-2024$/)
    expect(problems).toEqual([])
  })

  it('reads the directory and the visited pages offline', async () => {
    await context.setOffline(true)

    // The article was opened inside the app, never loaded as a page: the kept shell serves the
    // address and the kept article chunk fills it.
    await page.reload()
    await heading(ARTICLE)
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'Choosing an API' }).isVisible(), {
        timeout: 60_000,
      })
      .toBe(true)
    // Its cover was kept when it was read online.
    await expect
      .poll(
        () =>
          page
            .getByRole('article')
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) =>
              img.complete && img.naturalWidth > 0 ? img.currentSrc : '',
            ),
        { timeout: 60_000 },
      )
      .toMatch(/\/blog\/images\/api-integration-guide-2024(-600)?\.webp$/)
    await page.goto(`${baseUrl}/blog`)
    await heading(/blog/i)

    await page.goto(`${baseUrl}/apis/stripe-com`)
    await appRendered('View Documentation')
    await page.reload()
    await appRendered('View Documentation')

    await page.goto(`${baseUrl}/apis`)
    await heading('API Directory')
    await expect.poll(() => apiLinks().count(), { timeout: 60_000 }).toBeGreaterThan(0)

    // From the kept directory, the app moves on without the network.
    await apiLinks().first().click()
    await expect
      .poll(() => page.url(), { timeout: 60_000 })
      .toMatch(new RegExp(`^${baseUrl}/apis/[^/?]+$`))
  })

  it('opens a page never visited in the site itself, saying the visitor is offline', async () => {
    await page.goto(`${baseUrl}/apis/category/payments`)
    await expect
      .poll(() => page.getByRole('heading', { name: 'You are offline' }).isVisible(), {
        timeout: 60_000,
      })
      .toBe(true)
    await expect(page.getByRole('link', { name: 'API Atlas' }).isVisible()).resolves.toBe(true)
    // The pages kept for offline reading are offered, by their titles.
    await expect
      .poll(
        () =>
          page
            .getByRole('link', { name: /Stripe/ })
            .first()
            .isVisible(),
        {
          timeout: 30_000,
        },
      )
      .toBe(true)
    // Back online, the page loads by itself.
    await context.setOffline(false)
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: /Payments/ }).isVisible(), {
        timeout: 60_000,
      })
      .toBe(true)
  })
})
