import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  ENTRY_SCRIPT,
  firstPaint,
  holdBack,
  launchBrowser,
  watchForProblems,
} from './support/browser'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const ROWS = 14

/** The app has taken the page over: the journeys below press toggles the app handles. */
const appReady = (page: Page) =>
  page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 })

/** Each body row of the comparison: its header and the text of each cell. */
const rowsOf = (page: Page) =>
  page.locator('table tbody tr').evaluateAll((rows) =>
    rows.map((row) => ({
      label: row.querySelector('th')?.textContent ?? '',
      cells: [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
    })),
  )

describe('comparing APIs', () => {
  it('a three-API comparison shows every row, with a source on each', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)

    // Picked from the payments category's cards with their Compare toggles.
    await page.goto(`${baseUrl}/apis/category/payments`)
    await appReady(page)
    const toggles = page.getByRole('button', { name: /^Compare / })
    await expect.poll(() => toggles.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(3)
    const picked: string[] = []
    for (let index = 0; index < 3; index += 1) {
      const toggle = toggles.nth(index)
      picked.push((await toggle.getAttribute('aria-label'))!.replace(/^Compare /, ''))
      await toggle.click()
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true')
    }
    const tray = page.getByRole('region', { name: 'APIs to compare' })
    await tray.getByRole('link', { name: 'Compare 3 APIs' }).click()
    await page.waitForURL(/\/apis\/compare\?ids=[^,]+,[^,]+,[^,]+$/)
    const address = page.url()

    const table = page.getByRole('table', { name: /^Comparison of / })
    await expect.poll(() => table.isVisible(), { timeout: 60_000 }).toBe(true)
    for (const name of picked) {
      expect(await table.getByRole('columnheader', { name }).count()).toBe(1)
    }
    const rows = await rowsOf(page)
    expect(rows).toHaveLength(ROWS)
    for (const row of rows) {
      expect(row.cells, row.label).toHaveLength(3)
      for (const cell of row.cells)
        expect(cell, row.label).toMatch(/Source: .+\. As of \d{4}-\d{2}-\d{2}/)
    }
    expect(rows.find((row) => row.label === 'Answers as documented')!.cells[0]).toMatch(/^unknown/)

    // The share address is drawn by the server: the table is in its HTML, before any script.
    const html = await (await fetch(address)).text()
    expect(html).toContain('Comparison of ')
    expect(html.match(/Source: /g)?.length).toBe(ROWS * 3)
    // And the same rows as data.
    const ids = new URL(address).searchParams.get('ids')!
    const answer = (await (await fetch(`${baseUrl}/api/compare?ids=${ids}`)).json()) as {
      rows: { values: { value: string; source: string; asOf: string }[] }[]
    }
    expect(answer.rows).toHaveLength(ROWS)
    expect(answer.rows.every((row) => row.values.every((cell) => cell.source && cell.asOf))).toBe(
      true,
    )
    expect(problems).toEqual([])
    await context.close()
  })

  it('a Compare pressed on the server’s page before the app ran is carried out once it runs', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    const release = await holdBack(page, ENTRY_SCRIPT)
    await page.goto(`${baseUrl}/apis/category/payments`, { waitUntil: 'commit' })
    await firstPaint(page)
    const toggle = page.getByRole('button', { name: /^Compare / }).first()
    const name = (await toggle.getAttribute('aria-label'))!.replace(/^Compare /, '')
    await toggle.click()
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    release()
    await appReady(page)
    // Once, not undone by the same press reaching the hydrated toggle.
    await expect.poll(() => toggle.getAttribute('aria-pressed'), { timeout: 60_000 }).toBe('true')
    const tray = page.getByRole('region', { name: 'APIs to compare' })
    await expect.poll(() => tray.getByText(name).count(), { timeout: 60_000 }).toBeGreaterThan(0)
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    expect(problems).toEqual([])
    await context.close()
  })

  it('a similar-APIs link opens a comparison', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)

    // A first start builds the similar-APIs vocabulary once the operations are loaded; while it
    // runs, the database sheds calls that wait too long. The journey starts once it is built.
    await expect
      .poll(
        async () => {
          const response = await fetch(`${baseUrl}/api/apis/stripe-com/similar`)
          if (!response.ok) return 0
          return ((await response.json()) as { data: { similar: unknown[] } }).data.similar.length
        },
        { timeout: 300_000, interval: 2_000 },
      )
      .toBeGreaterThan(0)

    await page.goto(`${baseUrl}/apis/stripe-com`)
    const panel = page.getByRole('region', { name: 'Similar APIs' })
    await panel.scrollIntoViewIfNeeded()
    const list = panel.getByRole('list', { name: 'APIs similar to Stripe API' })
    await expect.poll(() => list.isVisible(), { timeout: 60_000 }).toBe(true)
    const items = await list.getByRole('listitem').count()
    expect(items).toBeGreaterThan(0)
    expect(items).toBeLessThanOrEqual(5)

    const link = list.getByRole('link', { name: /^Compare with Stripe API and / }).first()
    const other = (await link.textContent())!.replace(/^Compare with Stripe API and /, '')
    await link.click()
    await page.waitForURL(/\/apis\/compare\?ids=stripe-com,[^,]+$/)
    const table = page.getByRole('table', { name: /^Comparison of / })
    await expect.poll(() => table.isVisible(), { timeout: 60_000 }).toBe(true)
    expect(await table.getByRole('columnheader', { name: 'Stripe API' }).count()).toBe(1)
    expect(await table.getByRole('columnheader', { name: other }).count()).toBe(1)
    expect(await rowsOf(page)).toHaveLength(ROWS)
    expect(problems).toEqual([])
    await context.close()
  }, 420_000)
})
