// Stripe's page as a reference on a phone and on a wide screen: on a phone the navigation of every
// operation, the operation and its side panel are stacked in that order, nothing scrolls sideways
// and the navigation still opens an operation; on both, the side panel's response example follows
// the status picked. Screenshots go to test-results/reference/ for a person to look at.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, watchForProblems } from './support/browser'

const baseUrl = inject('baseUrl')
const SHOTS = path.join(import.meta.dirname, '..', 'test-results', 'reference')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
  mkdirSync(SHOTS, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
})

/**
 * POST /v1/customers opened from its address, its side panel drawn inside the list of every
 * operation. The operation is drawn on its own first, while that list loads, and drawn again in
 * its row when the list arrives: a panel taken before then would be gone from the page.
 */
async function openCustomers(page: Page) {
  await page.goto(`${baseUrl}/apis/stripe-com#op-PostCustomers`)
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 })
  const panel = page
    .locator('details[id="op-PostCustomers"][open]')
    .getByRole('complementary', { name: 'Auth and code for POST /v1/customers' })
  await panel.getByRole('heading', { name: 'Response example' }).waitFor({ timeout: 60_000 })
  return panel
}

/** Every element whose text is laid out on more lines than its words need: a word broken. */
const brokenWords = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('td code, th')]
      .filter((cell) => {
        const words = (cell.textContent ?? '').trim().split(/\s+/).filter(Boolean)
        return words.length === 1 && cell.getClientRects().length > 1
      })
      .map((cell) => cell.textContent),
  )

describe("Stripe's reference, narrow and wide", () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`on a 360 px phone (${scheme}): navigation, operation and side panel stacked, no sideways scroll`, async () => {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        colorScheme: scheme,
        isMobile: true,
        hasTouch: true,
      })
      const page = await context.newPage()
      const problems = watchForProblems(page)
      const panel = await openCustomers(page)
      const toggle = page.getByRole('button', { name: /^Operations by tag \(/ })
      const operation = page.locator('[id="op-PostCustomers"]')
      const parameters = operation.getByRole('heading', { name: 'Request body' })
      const top = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!.y
      // Stacked: the navigation's button, then the operation's side panel, then its body.
      expect(await top(toggle)).toBeLessThan(await top(panel))
      expect(await top(panel)).toBeLessThan(await top(parameters))
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0)
      expect(await brokenWords(page)).toEqual([])

      // The response example follows the status picked.
      const picker = panel.getByRole('group', { name: 'Response status for POST /v1/customers' })
      await expect.poll(() => picker.getByRole('button').count()).toBeGreaterThan(1)
      await picker.getByRole('button', { name: 'default' }).click()
      await expect
        .poll(() => picker.getByRole('button', { name: 'default' }).getAttribute('aria-pressed'))
        .toBe('true')

      await page.screenshot({ path: path.join(SHOTS, `customers-360-${scheme}.png`) })

      // The navigation opens from its button and opens another operation.
      await toggle.click()
      const nav = page.getByRole('navigation', { name: 'Operations by tag' })
      await nav.waitFor()
      await page.screenshot({ path: path.join(SHOTS, `nav-360-${scheme}.png`) })
      const link = nav
        .getByRole('link')
        .filter({ hasNotText: /^POST.*customers$/ })
        .first()
      await link.click()
      await expect.poll(() => new URL(page.url()).hash).not.toBe('#op-PostCustomers')
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false')
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0)
      expect(problems).toEqual([])
      await context.close()
    })
  }

  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`at ${width} px (${scheme}): the page fits, and is kept as a screenshot`, async () => {
        const context = await browser.newContext({
          viewport: { width, height },
          colorScheme: scheme,
        })
        const page = await context.newPage()
        const panel = await openCustomers(page)
        await panel.scrollIntoViewIfNeeded()
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0)
        await page.screenshot({ path: path.join(SHOTS, `customers-${width}-${scheme}.png`) })
        await context.close()
      })
    }
  }
})
