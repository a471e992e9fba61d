import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { AnalyticsReport } from '@/contract/analyticsReport'
import { watchForProblems } from './support/browser'
import {
  accessTokenFor,
  account,
  addStaff,
  DESKTOP_CHROME,
  openLogin,
  signIn,
} from './support/staff'
import { openTester, useTesterUpstream } from './support/testerUpstream'

const baseUrl = inject('baseUrl')
// The tester sends the journey's operation to a local upstream (globalSetup allows its port).
const session = useTesterUpstream()
let browser: Browser
beforeAll(() => {
  browser = session.browser
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

/** The next batch of events the page sends that holds `text`. */
const batchWith = (page: Page, text: string) =>
  page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/analytics/events') && (request.postData() ?? '').includes(text),
    { timeout: 60_000 },
  )

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
    // No word of it is in the catalogue: search matches any of a query's words.
    const nothing = `zorblax qwvx${Date.now().toString(36)}`

    // A visitor searches the directory for something it lacks, then for something it has.
    const visitor = await browser.newContext({ userAgent: DESKTOP_CHROME })
    const page = await visitor.newPage()
    const problems = watchForProblems(page)
    await page.goto(`${baseUrl}/apis`)
    const box = page.getByRole('searchbox', { name: 'Search APIs' })
    await box.waitFor()
    await page.waitForFunction(() => sessionStorage.getItem('api-atlas.visit') !== null)
    const sent = batchWith(page, nothing)
    await box.fill(nothing)
    await page.getByRole('heading', { name: 'No APIs found' }).waitFor()
    // The search settles once typing stops; the next batch carries it.
    await sent
    const sentFound = batchWith(page, '"query":"stripe"')
    await box.fill('stripe')
    await page.waitForURL(`${baseUrl}/apis?search=stripe`)
    await sentFound

    // A category's page, then an API's page inside it.
    const category = batchWith(page, '"path":"/apis/category/payments"')
    await page.goto(`${baseUrl}/apis/category/payments`)
    await category
    const viewed = batchWith(page, '/apis/category/payments/')
    await page
      .getByRole('link', { name: /^View Details/ })
      .first()
      .click()
    await page.waitForURL(/\/apis\/category\/payments\/.+/)
    await viewed

    // An operation of the catalogue, prefilled in the tester and sent to the local upstream.
    // The first of Stripe's entries whose document has a GET operation.
    const { apis } = (
      (await (await fetch(`${baseUrl}/api/apis?search=stripe&limit=10`)).json()) as {
        data: { apis: { id: string }[] }
      }
    ).data
    let apiId = ''
    let operation: { operationKey: string; method: string } | undefined
    for (const api of apis) {
      const answer = await fetch(`${baseUrl}/api/apis/${api.id}/operations?limit=50`)
      if (!answer.ok) continue
      const { operations } = (
        (await answer.json()) as {
          data: { operations: { operationKey: string; method: string }[] }
        }
      ).data
      operation = operations.find((candidate) => candidate.method.toLowerCase() === 'get')
      apiId = api.id
      if (operation) break
    }
    if (!operation) throw new Error('No Stripe entry with a GET operation in the catalogue')
    await openTester(
      page,
      `${baseUrl}/tools/tester?api=${apiId}&op=${encodeURIComponent(operation.operationKey)}`,
    )
    const url = page.getByRole('textbox', { name: 'URL' })
    await expect.poll(() => url.inputValue()).not.toBe('')
    await url.fill(`${session.upstream.origin}/echo?from=analytics`)
    const tried = batchWith(page, '"operation_tried"')
    await page.getByRole('button', { name: 'Send Request' }).click()
    await page.getByLabel('Response summary').waitFor()
    await tried
    await expect
      .poll(async () => (await report(token)).searches.map((row) => row.query), {
        timeout: 60_000,
      })
      .toEqual(expect.arrayContaining([nothing, 'stripe']))
    const figures = await report(token)
    expect(figures.categories.map((category) => category.id)).toContain('payments')
    expect(figures.apis.length).toBeGreaterThan(0)
    expect(figures.operations).toContainEqual(
      expect.objectContaining({ apiId, operationKey: operation.operationKey, successes: 1 }),
    )
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
      await expect.poll(() => chart.locator('svg rect, svg path').count()).toBeGreaterThan(0)
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
    await expect
      .poll(() =>
        page.getByRole('table', { name: 'Visits over time by source' }).getByRole('row').count(),
      )
      .toBe(91)
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
