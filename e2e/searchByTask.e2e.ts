import type { Browser, Locator } from 'playwright-core'
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

/** Providers a person knows for text messages, whichever of them the search puts first. */
const SMS_PROVIDERS = ['twilio.com', 'nexmo.com', 'vonage.com', 'amazonaws.com', 'telnyx.com']

/** The text of a result card's lines: its name, provider, summary and matched operations. */
const cardText = async (card: Locator) => (await card.textContent()) ?? ''

describe('search by task', () => {
  it('"send sms" shows an SMS operation of a known provider in the first three results, and its Try opens prefilled', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await page.goto(`${baseUrl}/apis?search=${encodeURIComponent('send sms')}`)
    // The results are the list's own items: each card's matched operations are a list inside it,
    // whose items are not results.
    const results = page.getByRole('list', { name: 'APIs' }).locator(':scope > li')
    await expect.poll(() => results.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(3)

    // The first card among the first three whose provider is known and whose matched operations
    // send a text message.
    let chosen: { card: Locator; operations: Locator } | undefined
    for (let index = 0; index < 3 && !chosen; index++) {
      const card = results.nth(index)
      const operations = card.getByRole('list', { name: /^Operations of .* that match$/ })
      if ((await operations.count()) === 0) continue
      const text = await cardText(card)
      if (!SMS_PROVIDERS.some((provider) => text.includes(provider))) continue
      if (!/sms|text message/i.test((await operations.textContent()) ?? '')) continue
      chosen = { card, operations }
    }
    expect(chosen, 'an SMS operation of a known provider in the first three results').toBeDefined()

    const operation = chosen!.operations
      .getByRole('listitem')
      .filter({ hasText: /sms|text message/i })
      .first()
    const explained = operation.getByRole('link').first()
    expect(await explained.getAttribute('href')).toMatch(/^\/apis\/[a-z0-9-]+\?op=[^#]+#op-/)
    await operation.getByRole('link', { name: /^Try / }).click()
    await page.waitForURL(/\/tools\/tester\?api=[a-z0-9-]+&op=/)
    const url = page.getByRole('textbox', { name: 'URL' })
    await expect.poll(() => url.inputValue(), { timeout: 60_000 }).toMatch(/^https?:\/\//)
    expect(problems).toEqual([])
    await context.close()
  })

  it("shows a provider's documents as one family, whose page lists and searches its parts", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await page.goto(`${baseUrl}/apis?search=twilio`)
    const results = page.getByRole('list', { name: 'APIs' }).locator(':scope > li')
    await expect.poll(() => results.count(), { timeout: 60_000 }).toBeGreaterThan(0)
    // Twilio's 37 documents are one result, not a wall of near-copies.
    const twilio = results.filter({ hasText: 'twilio.com' })
    expect(await twilio.count()).toBe(1)
    // The first pointer over a drawn result loads its part, which draws the links anew: a press
    // during that swap can be lost (a known fault), so the journey points first and waits.
    const family = twilio.getByRole('link', { name: /^All \d+ APIs from twilio\.com$/ })
    await family.hover()
    await page.waitForLoadState('networkidle')
    await family.click()

    await page.waitForURL(`${baseUrl}/apis/provider/twilio-com`)
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'twilio.com APIs' }).isVisible(), {
        timeout: 60_000,
      })
      .toBe(true)
    const parts = page.getByRole('list', { name: 'twilio.com APIs' })
    await expect.poll(() => parts.getByRole('listitem').count()).toBeGreaterThan(10)
    expect(await parts.getByRole('link', { name: 'Twilio - Api', exact: true }).count()).toBe(1)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      /\/apis\/provider\/twilio-com$/,
    )

    await page
      .getByRole('searchbox', { name: 'Search the APIs of twilio.com' })
      .fill('conversations')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL(`${baseUrl}/apis/provider/twilio-com?search=conversations`)
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: /match “conversations”/ })
            .count(),
        {
          timeout: 60_000,
        },
      )
      .toBe(1)
    expect(
      await parts.getByRole('link', { name: 'Twilio - Conversations', exact: true }).count(),
    ).toBe(1)
    expect(problems).toEqual([])
    await context.close()
  })
})
