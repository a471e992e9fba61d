import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AnalyticsReport } from '@/contract/analyticsReport'
import { launchBrowser, watchForProblems } from './support/browser'
import {
  accessTokenFor,
  account,
  addStaff,
  DESKTOP_CHROME,
  openLogin,
  signIn,
} from './support/staff'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const SECTIONS = [
  'Visits over time by source',
  'Blog reads and conversions by network',
  'Most visited APIs',
  'Most visited categories',
  'Most tried operations',
]

/** The report as the server gives it to staff now. */
async function report(token: string, days = 7) {
  const response = await fetch(`${baseUrl}/api/analytics/report?days=${days}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: AnalyticsReport }).data
}

/** Signs in on the login page and opens the analytics from the dashboard's panel. */
async function openAnalyticsFromPanel(page: Page, email: string) {
  await openLogin(page)
  expect((await signIn(page, email)).status()).toBe(200)
  await page.waitForURL(`${baseUrl}/dashboard`)
  await page.getByRole('link', { name: 'View Analytics' }).click()
  await page.waitForURL(`${baseUrl}/analytics`)
  await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor()
  await page.getByRole('region', { name: 'Visits', exact: true }).waitFor()
}

describe('the staff analytics page', () => {
  it('lists searches made on the site that found nothing first, from the panel, with each chart', async () => {
    const email = account('grace')
    expect(await addStaff(email, 'Grace Hopper')).toMatch(/Created/i)
    const token = await accessTokenFor(email)
    const nothing = `zorblax quantum ${Date.now().toString(36)}`

    // A visitor searches the directory for something it lacks, then for something it has.
    const visitor = await browser.newContext({ userAgent: DESKTOP_CHROME })
    const page = await visitor.newPage()
    const problems = watchForProblems(page)
    await page.goto(`${baseUrl}/apis`)
    const box = page.getByRole('searchbox', { name: 'Search APIs' })
    await box.waitFor()
    await page.waitForFunction(() => sessionStorage.getItem('api-atlas.visit') !== null)
    const sent = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/analytics/events') &&
        (request.postData() ?? '').includes(nothing),
      { timeout: 60_000 },
    )
    await box.fill(nothing)
    await page.getByRole('heading', { name: 'No APIs found' }).waitFor()
    // The search settles once typing stops; the next batch carries it.
    await sent
    const sentFound = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/analytics/events') &&
        (request.postData() ?? '').includes('"query":"stripe"'),
      { timeout: 60_000 },
    )
    await box.fill('stripe')
    await page.waitForURL(`${baseUrl}/apis?search=stripe`)
    await sentFound
    await expect
      .poll(async () => (await report(token)).searches.map((row) => row.query), {
        timeout: 60_000,
      })
      .toEqual(expect.arrayContaining([nothing, 'stripe']))
    expect(problems).toEqual([])
    await visitor.close()

    const stored = (await report(token)).searches
    expect(stored.find((row) => row.query === nothing)).toEqual({
      query: nothing,
      searches: 1,
      results: 0,
    })
    expect(stored.find((row) => row.query === 'stripe')!.results).toBeGreaterThan(0)

    // Staff open the report from the dashboard's panel: every chart is drawn.
    const staff = await browser.newContext({ userAgent: DESKTOP_CHROME })
    const staffPage = await staff.newPage()
    const staffProblems = watchForProblems(staffPage)
    await openAnalyticsFromPanel(staffPage, email)
    for (const name of SECTIONS) {
      const chart = staffPage
        .getByRole('region', { name, exact: true })
        .getByRole('figure', { name: `${name}: chart` })
      await chart.waitFor()
      await expect.poll(() => chart.locator('svg path').count()).toBeGreaterThan(0)
    }
    // The searches: those that found nothing above every search that found something.
    const rows = staffPage.getByRole('table', { name: 'Searches' }).getByRole('row')
    await rows.filter({ hasText: nothing }).waitFor()
    const texts = await rows.allTextContents()
    const mine = texts.findIndex((text) => text.includes(nothing))
    const firstFound = texts.findIndex((text, i) => i > 0 && !text.includes('Nothing found'))
    expect(texts[mine]).toContain('Nothing found')
    expect(mine).toBeLessThan(firstFound)
    expect(texts[firstFound]).toBeDefined()
    expect(staffProblems).toEqual([])
    await staff.close()
  })

  it('shows a viewer the figures and nothing to change', async () => {
    const email = account('viewer')
    // npm run staff adds a viewer unless told otherwise.
    expect(await addStaff(email, 'Vera Viewer')).toMatch(/Created/i)
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME })
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await openAnalyticsFromPanel(page, email)
    await page.getByRole('button', { name: 'Table' }).click()
    await page.getByRole('table', { name: 'Visits over time by source' }).waitFor()
    await page.getByRole('button', { name: '90 days' }).click()
    await page.getByText(/ to \d{4}-\d{2}-\d{2} \(UTC days\)/).waitFor()
    expect(
      await page
        .getByRole('table', { name: 'Visits over time by source' })
        .getByRole('row')
        .count(),
    ).toBe(91)
    // Only the range, the view and a way back: no field, no action on the figures.
    expect(await page.getByRole('textbox').count()).toBe(0)
    const buttons = (await page.getByRole('main').getByRole('button').allTextContents()).map(
      (text) => text.trim(),
    )
    expect(buttons.sort()).toEqual(['30 days', '7 days', '90 days', 'Charts', 'Table'].sort())
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(
      /^api-atlas-analytics-90-days-to-\d{4}-\d{2}-\d{2}\.csv$/,
    )
    // The report route is read-only.
    const token = await accessTokenFor(email)
    const write = await fetch(`${baseUrl}/api/analytics/report?days=7`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(write.status).toBe(404)
    expect(problems).toEqual([])
    await context.close()
  })

  it('sends an anonymous visitor to sign in, and gives them no figures', async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME })
    const page = await context.newPage()
    await page.goto(`${baseUrl}/analytics`)
    await page.waitForURL(`${baseUrl}/bpm-login`)
    await page.getByRole('button', { name: 'Access Dashboard' }).waitFor()
    const response = await fetch(`${baseUrl}/api/analytics/report?days=7`)
    expect(response.status).toBe(401)
    // A staff page: never crawled, never in the sitemap.
    expect(await (await fetch(`${baseUrl}/robots.txt`)).text()).toContain('Disallow: /analytics')
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text()
    expect(sitemap).not.toContain('/analytics')
    await context.close()
  })
})
