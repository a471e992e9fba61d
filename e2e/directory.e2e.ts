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

const visible = (page: Page, role: 'heading' | 'link', name: string | RegExp, level?: number) =>
  expect
    .poll(() => page.getByRole(role, { name, level, exact: true }).first().isVisible(), {
      timeout: 60_000,
    })
    .toBe(true)

const canonical = (page: Page) => page.locator('link[rel="canonical"]').getAttribute('href')

describe('the API directory', () => {
  it('finds Stripe by search, opens it, follows to its category and comes back', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)

    await page.goto(`${baseUrl}/apis`)
    await visible(page, 'heading', 'API Directory', 1)
    expect(await page.title()).toBe('API Directory | API Atlas')

    await page.getByRole('searchbox', { name: 'Search APIs' }).fill('Stripe')
    await page.waitForURL(`${baseUrl}/apis?search=Stripe`)
    const results = page.getByRole('list', { name: 'APIs' })
    await expect
      .poll(() => results.getByRole('link').first().textContent(), { timeout: 60_000 })
      .toBe('Stripe API')

    await results.getByRole('link', { name: 'Stripe API', exact: true }).click()
    await page.waitForURL(`${baseUrl}/apis/stripe-com`)
    await visible(page, 'heading', 'Stripe API', 1)
    expect(await page.title()).toBe('Stripe API | API Atlas')
    expect(await canonical(page)).toMatch(/\/apis\/stripe-com$/)
    expect(await page.getByRole('link', { name: 'Test API' }).getAttribute('href')).toBe(
      '/tools/tester?api=stripe-com',
    )

    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Payments' })
      .click()
    await page.waitForURL(`${baseUrl}/apis/category/payments`)
    await visible(page, 'heading', 'Payments', 1)
    // Stripe's category lists its APIs, each leading to its page under the category.
    expect(
      await page
        .getByRole('link', { name: /^View Details of / })
        .first()
        .getAttribute('href'),
    ).toMatch(/^\/apis\/category\/payments\/[^/]+$/)

    await page.goBack()
    await page.waitForURL(`${baseUrl}/apis/stripe-com`)
    await visible(page, 'heading', 'Stripe API', 1)
    await page.goBack()
    await page.waitForURL(`${baseUrl}/apis?search=Stripe`)
    // The listing comes back as it was, search box and results, from the cache.
    expect(await page.getByRole('searchbox', { name: 'Search APIs' }).inputValue()).toBe('Stripe')
    await visible(page, 'link', 'Stripe API')
    expect(problems).toEqual([])
    await context.close()
  })

  it.each([
    ['Twilio', /Twilio/],
    ['YouTube', /YouTube/],
  ])('finds %s in one search', async (term, name) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/apis?search=${term}`)
    const results = page.getByRole('list', { name: 'APIs' })
    await expect
      .poll(() => results.getByRole('link').first().textContent(), { timeout: 60_000 })
      .toMatch(name)
    await context.close()
  })

  it('opens the old address by name and gives the canonical /apis/{id}', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/apis/api-detail.html?api=stripe%20api`)
    await visible(page, 'heading', 'Stripe API', 1)
    expect(await canonical(page)).toMatch(/\/apis\/stripe-com$/)
    await context.close()
  })

  it('finds real APIs with CORS, Free and HTTPS ticked, list-only ones included', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await page.goto(`${baseUrl}/apis`)
    await visible(page, 'heading', 'API Directory', 1)
    for (const name of ['CORS', 'Free', 'HTTPS']) {
      // The box follows the address, which the click changes: wait for both.
      await page.getByRole('checkbox', { name }).click()
      await expect.poll(() => page.url()).toContain(`${name.toLowerCase()}=true`)
      await expect.poll(() => page.getByRole('checkbox', { name }).isChecked()).toBe(true)
    }
    const results = page.getByRole('list', { name: 'APIs' })
    await expect.poll(() => results.getByRole('listitem').count(), { timeout: 60_000 }).toBe(24)
    const first = results.getByRole('listitem').first()
    for (const badge of ['CORS', 'Free', 'HTTPS']) {
      expect(await first.getByText(badge, { exact: true }).isVisible(), badge).toBe(true)
    }

    // An API only the public-apis list knows: no operations, its docs, the tester at its address.
    await page.goto(`${baseUrl}/apis?search=dog%20ceo&cors=true&free=true&https=true`)
    await results.getByRole('link', { name: 'Dogs', exact: true }).click()
    await page.waitForURL(`${baseUrl}/apis/dogs-dog-ceo`)
    await visible(page, 'heading', 'Dogs', 1)
    await visible(page, 'link', 'its documentation')
    expect(await page.getByText(/describes no operations/).isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Test API' }).click()
    await page.waitForURL(`${baseUrl}/tools/tester?api=dogs-dog-ceo`)
    await expect
      .poll(() => page.getByRole('textbox', { name: 'URL' }).inputValue(), { timeout: 60_000 })
      .toBe('https://dog.ceo/dog-api')
    expect(problems).toEqual([])
    await context.close()
  })

  it('moves a grouped version’s old address to its entry, with that version chosen', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const response = await page.goto(`${baseUrl}/apis/github-com-ghes-3-8`)
    expect(response?.request().redirectedFrom()?.url()).toBe(`${baseUrl}/apis/github-com-ghes-3-8`)
    expect(page.url()).toBe(`${baseUrl}/apis/github-com-api-github-com?version=github-com-ghes-3-8`)
    await visible(page, 'heading', 'GitHub v3 REST API', 1)
    expect(await canonical(page)).toMatch(/\/apis\/github-com-api-github-com$/)
    const picker = page.getByRole('combobox', { name: 'Version (16)' })
    await expect.poll(() => picker.inputValue(), { timeout: 60_000 }).toBe('github-com-ghes-3-8')
    await visible(page, 'link', 'https://docs.github.com/enterprise-server@3.8/rest/')

    // The default version has the entry's own address.
    await picker.selectOption('github-com-api-github-com')
    await page.waitForURL(`${baseUrl}/apis/github-com-api-github-com`)
    await visible(page, 'link', 'https://docs.github.com/rest/')
    await context.close()
  })

  it('says API Not Found for an unknown id', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/apis/no-such-api-anywhere`)
    await visible(page, 'heading', 'API Not Found')
    await page.getByRole('button', { name: 'Go Back' }).click()
    await page.waitForURL(`${baseUrl}/apis`)
    await context.close()
  })

  it('shows the error and the way back for an unknown category', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/apis/category/no-such-category`)
    await visible(page, 'heading', 'Category not found')
    await page.getByRole('link', { name: 'Back to API Directory' }).click()
    await page.waitForURL(`${baseUrl}/apis`)
    await visible(page, 'heading', 'API Directory', 1)
    await context.close()
  })
})
