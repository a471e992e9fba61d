import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, watchForProblems } from './support/browser'

const baseUrl = inject('baseUrl')
let browser: Browser
let context: BrowserContext

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await context?.close()
})

/**
 * Records every request for data the page makes from now on: anything but the app's own code. A
 * lazily loaded chunk (the monitor's chart, say) may still arrive on a busy machine after the page
 * looked settled; that is code, not sample data fetched from somewhere.
 */
function recordDataRequests(page: Page) {
  const requests: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    const isOwnCode =
      url.origin === new URL(baseUrl).origin &&
      url.pathname.startsWith('/assets/') &&
      request.method() === 'GET'
    if (!isOwnCode) requests.push(`${request.method()} ${request.url()}`)
  })
  return requests
}

/** Opens a dashboard and waits until it has settled; from then on every request for data is
 * recorded. */
async function open(path: string, heading: string) {
  context = await browser.newContext()
  const page = await context.newPage()
  const problems = watchForProblems(page)
  await page.goto(`${baseUrl}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  await page.waitForLoadState('networkidle')
  const requests = recordDataRequests(page)
  return { page, problems, requests }
}

describe('the ads manager', () => {
  it('creates, starts and views a campaign, keeps it over a reload, and resets', async () => {
    const { page, problems, requests } = await open('/ads', 'Ads manager')
    expect(await page.title()).toBe('Ads manager | API Atlas')
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe(
      'noindex,nofollow',
    )
    const budget = page.getByRole('region', { name: 'Total Budget' })
    expect(await budget.innerText()).toContain('$3,800.00')

    await page.getByRole('button', { name: 'Create Campaign' }).click()
    const created = page.getByRole('row', { name: /^New Campaign/ })
    expect(await created.innerText()).toContain('Draft')
    expect(await budget.innerText()).toContain('$4,300.00')
    await page.getByRole('button', { name: 'Resume New Campaign' }).click()
    await page.getByRole('button', { name: 'Pause New Campaign' }).waitFor()
    expect(await created.innerText()).toContain('Active')

    await page.getByRole('button', { name: 'View API Directory - Brand' }).click()
    const dialog = page.getByRole('dialog', { name: /API Directory - Brand/ })
    expect(await dialog.innerText()).toContain('45,000')
    expect(await dialog.innerText()).toContain('3.00%')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })

    expect(requests).toEqual([])
    expect(problems).toEqual([])

    await page.reload()
    await page.getByRole('button', { name: 'Pause New Campaign' }).waitFor()
    await page.getByRole('button', { name: 'Reset demo data' }).click()
    await created.waitFor({ state: 'detached' })
    expect(await page.getByRole('row').count()).toBe(4)
  })
})

describe('the social manager', () => {
  it('filters, creates a post, schedules and publishes it, without a request', async () => {
    const { page, problems, requests } = await open('/social', 'Social manager')
    await page.getByRole('tab', { name: 'Twitter' }).click()
    expect(await page.getByRole('article').count()).toBe(1)
    await page.getByRole('tab', { name: 'All Platforms' }).click()
    expect(await page.getByRole('article').count()).toBe(4)
    const summary = page.getByRole('region', { name: 'Analytics Summary' })
    expect(await summary.innerText()).toContain('228')

    await page.getByRole('combobox', { name: 'Platform' }).selectOption('facebook')
    await page.getByLabel('Schedule Time').fill('2026-03-02T14:45')
    await page.getByRole('textbox', { name: 'Content' }).fill('Meet the API tester.')
    await page.getByRole('textbox', { name: 'Hashtags' }).fill('#API  #Tools')
    await page.getByRole('button', { name: 'Create Post' }).click()

    const post = page.getByRole('article').first()
    expect(await post.getByRole('heading').innerText()).toBe('Facebook Post')
    expect(await post.innerText()).toContain('Mar 2, 2026, 2:45 PM')
    expect(await post.getByRole('listitem').allInnerTexts()).toEqual(['#API', '#Tools'])
    await post.getByRole('button', { name: 'Schedule' }).click()
    await post.getByRole('button', { name: 'Publish Now' }).click()
    await post.getByText('Published').waitFor()
    expect(await post.innerText()).toContain('Comments')

    expect(requests).toEqual([])
    expect(problems).toEqual([])

    await page.reload()
    expect(await page.getByRole('article').first().innerText()).toContain('Meet the API tester.')
  })
})

describe('the performance monitor', () => {
  it('refreshes every 5 seconds, pauses, and handles alerts, without a request', async () => {
    context = await browser.newContext()
    // Every draw at the middle of its range: new figures on each refresh, but never the 10% chance
    // of a new alert, which would otherwise stand beside the seeded one one run in ten.
    await context.addInitScript(() => {
      Math.random = () => 0.5
    })
    // An alert left from an earlier visit, as the page saved it.
    await context.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return
      sessionStorage.setItem('seeded', '1')
      localStorage.setItem(
        'api-atlas.demo.monitor',
        JSON.stringify({
          active: true,
          metrics: {
            pageLoadTime: 1245,
            apiResponseTime: 320,
            errorRate: 0.8,
            uptime: 99.92,
            memoryUsage: 54.3,
            cpuUsage: 27.6,
          },
          alerts: [
            {
              id: 'alert-1',
              type: 'memory',
              message: 'Memory usage above 80%',
              severity: 'medium',
              timestamp: new Date().toISOString(),
              acknowledged: false,
            },
          ],
          history: [],
        }),
      )
    })
    const page = await context.newPage()
    // The page's clock is the test's: time moves when the test says, so a busy machine cannot make
    // a refresh early or late, and "nothing happens while paused" needs no waiting.
    await page.clock.install()
    const problems = watchForProblems(page)
    await page.goto(`${baseUrl}/monitor`)
    await page.getByRole('heading', { level: 1, name: 'Performance monitor' }).waitFor()
    await page.waitForLoadState('networkidle')
    const requests = recordDataRequests(page)

    expect(await page.getByRole('status').innerText()).toBe('Monitoring Active')
    const pageLoad = page.getByRole('region', { name: 'Page Load Time' })
    expect(await pageLoad.innerText()).toContain('1,245 ms')
    // The first refresh comes 5 s after the page opened, with new figures and a chart.
    await page.clock.runFor(5_000)
    await page.getByRole('figure', { name: 'Response times (ms)' }).waitFor()
    expect(await pageLoad.innerText()).not.toContain('1,245 ms')
    expect(await pageLoad.innerText()).toMatch(/\d ms/)

    await page.getByRole('button', { name: 'Pause' }).click()
    expect(await page.getByRole('status').innerText()).toBe('Paused')
    const paused = await pageLoad.innerText()
    // Three refreshes' worth of time: a paused monitor draws none of them.
    await page.clock.runFor(15_000)
    expect(await pageLoad.innerText()).toBe(paused)

    const alerts = page.getByRole('list', { name: 'Recent alerts' })
    await alerts.getByRole('button', { name: 'Acknowledge: Memory usage above 80%' }).click()
    await alerts.getByText('Acknowledged').waitFor()
    await alerts.getByRole('button', { name: 'Dismiss: Memory usage above 80%' }).click()
    await page.getByText('No alerts in the last 24 hours').waitFor()

    expect(requests).toEqual([])
    expect(problems).toEqual([])

    // Paused and alert-free, as it was left.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Performance monitor' }).waitFor()
    expect(await page.getByRole('status').innerText()).toBe('Paused')
    expect(await page.getByText('No alerts in the last 24 hours').isVisible()).toBe(true)
  })
})
