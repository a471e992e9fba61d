// No public page shows a React hydration error, a console error or an uncaught exception,
// whether it is loaded directly or reached inside the app. Every public page of the route table is
// visited both ways (scripts/firstLoad.ts BROWSER_PAGES lists a real address for each, with the
// tester filled from an API and a searched, filtered listing).
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { BROWSER_PAGES, PUBLIC_ROUTES } from '../scripts/firstLoad'
import { launchBrowser, watchForProblems } from './support/browser'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const ADDRESSES = [
  ...BROWSER_PAGES.map((page) => page.url),
  // The old address answers 301 to the API's page; the browser follows it.
  '/apis/api-detail.html?api=stripe-com',
]

/** Waits until the app runs the page, its heading shows and nothing more is loading. */
async function settled(page: Page) {
  await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 30_000 })
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 30_000 }).toBe(0)
}

describe('every public page, without an error', () => {
  it('lists a real address for each public page of the route table', () => {
    const covered = new Set(BROWSER_PAGES.map((page) => page.id))
    expect(PUBLIC_ROUTES.filter((route) => !covered.has(route.id)).map((r) => r.id)).toEqual([
      'apiDetailLegacy',
    ])
  })

  it.each(ADDRESSES)('%s, loaded directly', async (address) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    const response = await page.goto(`${baseUrl}${address}`)
    expect(response?.status()).toBe(200)
    await settled(page)
    expect(problems).toEqual([])
    await context.close()
  })

  it('each of them reached inside the app, one after another', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await page.goto(`${baseUrl}/blog`)
    await settled(page)
    for (const address of BROWSER_PAGES.map((entry) => entry.url)) {
      // The router follows the history, as it does for the back button: no page load.
      await page.evaluate((to) => {
        window.history.pushState({}, '', to)
        window.dispatchEvent(new PopStateEvent('popstate', { state: {} }))
      }, address)
      await expect
        .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
        .toBe(address)
      await settled(page)
      expect(problems, address).toEqual([])
    }
    await context.close()
  })

  it('a visitor’s clicks through them: blog, directory, category, a search, API page, tester', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    let loads = 0
    page.on('load', () => (loads += 1))
    await page.goto(`${baseUrl}/blog`)
    await settled(page)
    await page.getByRole('link', { name: 'How to Integrate APIs in 2024' }).first().click()
    await page.getByRole('heading', { level: 1, name: 'How to Integrate APIs in 2024' }).waitFor()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'APIs' }).click()
    await page.getByRole('heading', { level: 1, name: 'API Directory' }).waitFor()
    await page.getByRole('link', { name: /^Payments \(/ }).click()
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor()
    await settled(page)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'APIs' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/apis')
    await settled(page)
    await page.getByRole('searchbox', { name: 'Search APIs' }).fill('stripe')
    await expect
      .poll(() => page.getByRole('status').first().textContent(), { timeout: 30_000 })
      .toMatch(/ for “stripe”$/)
    // A click, then the state it leads to: the box shows the filter the address holds, and on a
    // busy machine the router takes longer to get there than check() waits.
    const https = page.getByRole('checkbox', { name: 'HTTPS' })
    await https.click()
    await expect
      .poll(() => new URL(page.url()).searchParams.toString())
      .toBe('search=stripe&https=true')
    await expect.poll(() => https.isChecked()).toBe(true)
    await page.getByRole('link', { name: 'Stripe API' }).first().click()
    await page.getByRole('heading', { level: 1, name: 'Stripe API' }).waitFor()
    await settled(page)
    await page.getByRole('link', { name: 'Test API' }).click()
    await page.getByRole('heading', { level: 1, name: 'API Tester' }).waitFor()
    await expect
      .poll(() => page.getByRole('textbox', { name: 'URL' }).inputValue(), { timeout: 30_000 })
      .toMatch(/^https:\/\/api\.stripe\.com/)
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Tools' })
      .click()
    await page.getByRole('heading', { level: 1, name: 'API Tools' }).waitFor()
    await settled(page)
    // One page load, the first: everything after it happened inside the app.
    expect(loads).toBe(1)
    expect(problems).toEqual([])
    await context.close()
  })
})
