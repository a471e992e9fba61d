import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, watchForProblems } from './support/browser'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const visible = (page: Page, role: 'heading' | 'link', name: string, level?: number) =>
  expect
    .poll(() => page.getByRole(role, { name, level, exact: true }).first().isVisible(), {
      timeout: 60_000,
    })
    .toBe(true)

const structuredDataTypes = (page: Page) =>
  page
    .locator('script[type="application/ld+json"]')
    .allTextContents()
    .then((texts) => texts.map((text) => (JSON.parse(text) as { '@type': string })['@type']))

describe('the blog', () => {
  it('opens the featured article, follows a related article, then a directory link', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)

    await page.goto(`${baseUrl}/blog`)
    await visible(page, 'heading', 'API Atlas Blog', 1)
    expect(await page.title()).toBe('Blog | API Atlas')
    expect(
      await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href'),
    ).toBe('/blog/rss.xml')
    expect(await page.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(
      '/blog/rss.xml',
    )
    // The featured cover is the page's largest image: it arrives, at its own size.
    const cover = page.locator('article img').first()
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth), {
        timeout: 60_000,
      })
      .toBeGreaterThan(0)
    expect(await cover.getAttribute('src')).toBe('/blog/images/api-integration-guide-2024.webp')

    await page.getByRole('link', { name: 'How to Integrate APIs in 2024', exact: true }).click()
    await page.waitForURL(`${baseUrl}/blog/api-integration-guide-2024`)
    await visible(page, 'heading', 'How to Integrate APIs in 2024', 1)
    await visible(page, 'heading', 'Choosing an API', 2)
    expect(await page.title()).toBe('How to Integrate APIs in 2024 | API Atlas')
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      /\/blog\/api-integration-guide-2024$/,
    )
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(
      /^https?:\/\/.+\/blog\/images\/api-integration-guide-2024\.jpg$/,
    )
    await expect
      .poll(() => structuredDataTypes(page))
      .toEqual(['Article', 'BreadcrumbList', 'FAQPage'])
    expect(
      await page.getByRole('navigation', { name: 'Table of contents' }).getByRole('link').count(),
    ).toBe(7)

    await page
      .getByRole('region', { name: 'Related articles' })
      .getByRole('link', { name: 'How to Test APIs Effectively' })
      .click()
    await page.waitForURL(`${baseUrl}/blog/how-to-test-apis-effectively`)
    await visible(page, 'heading', 'How to Test APIs Effectively', 1)
    await visible(page, 'heading', 'Start by exploring', 2)

    // A directory link inside the article's text opens the API's page in the app.
    await page.getByRole('link', { name: 'GitHub', exact: true }).first().click()
    await page.waitForURL(`${baseUrl}/apis/github-com-api-github-com`)
    await visible(page, 'heading', 'GitHub v3 REST API', 1)

    await page.goBack()
    await page.waitForURL(`${baseUrl}/blog/how-to-test-apis-effectively`)
    await visible(page, 'heading', 'How to Test APIs Effectively', 1)
    expect(problems).toEqual([])
    await context.close()
  })

  it('opens the tester on the API whose request an article shows', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/blog/how-to-test-apis-effectively`)
    await page.getByRole('link', { name: 'API tester', exact: true }).first().click()
    await page.waitForURL(`${baseUrl}/tools/tester?api=github-com-api-github-com`)
    await expect
      .poll(() => page.getByRole('textbox', { name: 'URL' }).inputValue(), { timeout: 60_000 })
      .toBe('https://api.github.com/')
    await context.close()
  })

  it('says Post Not Found for an unknown slug and leads back to the blog', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/blog/no-such-post-anywhere`)
    await visible(page, 'heading', 'Post Not Found')
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe(
      'noindex,nofollow',
    )
    await page.getByRole('link', { name: 'Back to Blog' }).click()
    await page.waitForURL(`${baseUrl}/blog`)
    await visible(page, 'heading', 'API Atlas Blog', 1)
    await context.close()
  })

  it('shows the fallback image in place of a cover that does not load', async () => {
    const context = await browser.newContext()
    await context.route('**/blog/images/api-integration-guide-2024*.webp', (route) =>
      route.fulfill({ status: 404, body: '' }),
    )
    const page = await context.newPage()
    await page.goto(`${baseUrl}/blog`)
    const cover = page.locator('article img').first()
    await expect
      .poll(() => cover.getAttribute('src'), { timeout: 60_000 })
      .toBe('/blog/images/fallback.webp')
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)
    await context.close()
  })

  it('serves a feed with every article, linked on the public address', async () => {
    const { siteUrl } = (await (await fetch(`${baseUrl}/api/config`)).json()) as {
      siteUrl: string
    }
    const response = await fetch(`${baseUrl}/blog/rss.xml`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    const feed = await response.text()
    const links = [...feed.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1])
    expect(links).toHaveLength(5)
    for (const link of links) expect(link!.startsWith(`${siteUrl}/blog/`)).toBe(true)
  })
})
