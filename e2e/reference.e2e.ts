import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  FIRST_LOAD_BUDGET_BYTES,
  FIRST_LOAD_SCRIPT_REQUESTS,
  kb,
  measureTransfer,
} from '../scripts/firstLoad'
import { ENTRY_SCRIPT, holdBack, launchBrowser, watchForProblems } from './support/browser'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

// The budget layer (scripts/firstLoad.budget.test.ts) measures every public page on a server
// started without the operations' seed, which takes minutes to load beside the other layers; an
// operation's address is measured here, on the journeys' server, which has them.
describe("an operation's address", () => {
  it('is drawn with the operation open, in at most 170 KB of JavaScript and 20 scripts', async () => {
    const address = '/apis/stripe-com?op=PostCustomers'
    const html = await (await fetch(`${baseUrl}${address}`)).text()
    expect(html).toContain('id="op-PostCustomers"')
    const load = await measureTransfer(browser, baseUrl, address)
    const files = load.scripts
      .toSorted((a, b) => b.bytes - a.bytes)
      .map((script) => `${new URL(script.url).pathname} ${kb(script.bytes)}`)
      .join(', ')
    expect(load.scripts.length, files).toBeLessThanOrEqual(FIRST_LOAD_SCRIPT_REQUESTS)
    expect(load.bytes, `${kb(load.bytes)}: ${files}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES)
  })
})

describe("Stripe's page as a reference", () => {
  it('a row opens in place; "create a customer" finds POST /v1/customers, auth and code before its schema; its address reopens it', async () => {
    // One tab for the whole journey, wide enough for the side panel.
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await page.goto(`${baseUrl}/apis/stripe-com`)
    await page.locator('html[data-app-ready]').waitFor({ timeout: 60_000 })
    const endpoints = page.getByRole('region', { name: 'Endpoints' })

    // A row of the compact list opens its operation in place, with no "Explain all" first.
    const row = endpoints.getByRole('list', { name: 'Endpoints' }).getByRole('button').first()
    const rowPath = (await row.locator('code').textContent())!
    await row.click()
    const rowPanel = endpoints.getByRole('complementary', {
      name: new RegExp(`^Auth and code for [A-Z]+ ${rowPath.replace(/[{}/.]/g, '\\$&')}$`),
    })
    await rowPanel.getByRole('heading', { name: 'Code to copy' }).waitFor({ timeout: 60_000 })
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#op-/)
    const rowAddress = page.url()

    // Ctrl+K: the search dialog, over every operation of the document.
    await page.keyboard.press('Control+k')
    const dialog = page.getByRole('dialog', { name: 'Search the operations of Stripe API' })
    await dialog.getByRole('searchbox', { name: 'Search operations' }).fill('create a customer')
    const best = dialog.getByRole('list', { name: 'Matching operations' }).getByRole('button')
    await expect.poll(() => best.first().textContent()).toMatch(/^POST\/v1\/customersCreates/)
    await best.first().click()
    await dialog.waitFor({ state: 'detached' })

    const panel = endpoints.getByRole('complementary', {
      name: 'Auth and code for POST /v1/customers',
    })
    const open = page.locator('[id="op-PostCustomers"]')
    await panel.getByRole('heading', { name: 'Authentication' }).waitFor({ timeout: 60_000 })
    await open.getByRole('heading', { name: 'Responses' }).waitFor()
    await expect.poll(() => new URL(page.url()).hash).toBe('#op-PostCustomers')
    // The address names it for the server too, which never sees the fragment.
    expect(new URL(page.url()).searchParams.get('op')).toBe('PostCustomers')
    // Its auth and code are beside the operation, above the long response schema, not after it.
    const auth = (await panel.getByRole('heading', { name: 'Authentication' }).boundingBox())!
    const code = (await panel.getByRole('heading', { name: 'Code to copy' }).boundingBox())!
    const responses = (await open.getByRole('heading', { name: 'Responses' }).boundingBox())!
    expect(auth.y).toBeLessThan(responses.y)
    expect(code.y).toBeLessThan(responses.y)

    // Back goes to the operation before, forward to this one.
    await page.goBack()
    await expect.poll(() => page.url()).toBe(rowAddress)
    await page.goForward()
    await expect.poll(() => new URL(page.url()).hash).toBe('#op-PostCustomers')

    // The address alone reopens it.
    await page.reload()
    await endpoints
      .getByRole('complementary', { name: 'Auth and code for POST /v1/customers' })
      .getByRole('heading', { name: 'Authentication' })
      .waitFor({ timeout: 60_000 })
    expect(problems).toEqual([])
    await context.close()
  })

  it('the navigation marks the operation an address opens as the one being read', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    const page = await context.newPage()
    const problems = watchForProblems(page)
    const endpoints = page.getByRole('region', { name: 'Endpoints' })
    const marked = endpoints
      .getByRole('navigation', { name: 'Operations by tag' })
      .locator('[aria-current="location"]')
    // Each scrolled to below the page's header, where the end of the row above it lies under the
    // header: that row is not the one being read.
    for (const [key, text] of [
      ['PostCustomers', 'POSTCreates a new customer object.'],
      ['PostRefunds', 'POSTCreate a refund.'],
    ]) {
      await page.goto(`${baseUrl}/apis/stripe-com?op=${key}#op-${key}`)
      await endpoints.getByText(/^\d+ operations$/).waitFor({ timeout: 60_000 })
      await expect.poll(() => marked.textContent(), { timeout: 60_000 }).toBe(text)
    }
    expect(problems).toEqual([])
    await context.close()
  })

  it("an operation's address is drawn by the server: read without script, then taken over by the app", async () => {
    const address = `${baseUrl}/apis/stripe-com?op=PostCustomers`
    // A crawler, or a visitor whose browser runs no script: the operation is in the page itself.
    const reader = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1400, height: 900 },
    })
    const still = await reader.newPage()
    expect((await still.goto(address))!.status()).toBe(200)
    const drawn = still.locator('[id="op-PostCustomers"]')
    await drawn.getByText('/v1/customers', { exact: true }).first().waitFor()
    await drawn.getByText('Creates a new customer object.').first().waitFor()
    await still
      .getByRole('complementary', { name: 'Auth and code for POST /v1/customers' })
      .getByRole('heading', { name: 'Authentication' })
      .waitFor()
    await reader.close()

    // The same address in a browser that runs the app: the page it hydrates is the same one, and
    // the rest of the operations follow.
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    const page = await context.newPage()
    const problems = watchForProblems(page)
    // The app's entry is held back until the visitor has pressed a field of the drawn operation.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    // So is the list of every operation, until the presses are seen carried out, so that they are
    // then seen to outlast its arrival too.
    const releaseList = await holdBack(page, /\/api\/apis\/stripe-com\/operations\?/)
    await page.goto(address, { waitUntil: 'domcontentloaded' })
    const endpoints = page.getByRole('region', { name: 'Endpoints' })
    await endpoints.getByRole('button', { name: 'address', exact: true }).first().click()
    // And chooses the levels shown, a choice that outlasts the app taking the operation over.
    const levels = endpoints.getByLabel('Levels shown').first()
    await levels.selectOption('2')
    expect(await page.locator('html[data-app-ready]').count()).toBe(0)
    release()
    await page.locator('html[data-app-ready]').waitFor({ timeout: 60_000 })
    // The press is carried out once the app runs: the field opens on its options.
    await endpoints.getByRole('group', { name: 'address: any of' }).first().waitFor()
    await endpoints.locator('select:has(option[value="2"]:checked)').first().waitFor()
    await endpoints
      .getByRole('complementary', { name: 'Auth and code for POST /v1/customers' })
      .getByRole('heading', { name: 'Code to copy' })
      .waitFor()
    // The list arrives around the operation: the operation stays where the reader sees it, as
    // they left it, its field open and its levels chosen.
    const operation = endpoints.locator('[id="op-PostCustomers"]')
    const topBefore = (await operation.boundingBox())!.y
    releaseList()
    await endpoints.getByRole('navigation', { name: 'Operations by tag' }).waitFor({
      timeout: 60_000,
    })
    await endpoints.getByText(/^\d+ operations$/).waitFor()
    await expect
      .poll(async () => Math.abs((await operation.boundingBox())!.y - topBefore))
      .toBeLessThan(2)
    await operation.getByRole('group', { name: 'address: any of' }).first().waitFor()
    expect(
      await operation.locator('select:has(option[value="2"]:checked)').count(),
    ).toBeGreaterThan(0)
    expect(problems).toEqual([])
    await context.close()
  })

  it('an address naming the operation by its fragment alone is asked for again, and drawn by the server', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    const page = await context.newPage()
    const problems = watchForProblems(page)
    // The app never runs here: what shows is the server's page.
    await holdBack(page, ENTRY_SCRIPT)
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).search)
    })
    await page.goto(`${baseUrl}/apis/stripe-com#op-PostCustomers`, { waitUntil: 'commit' })
    await page
      .getByRole('complementary', { name: 'Auth and code for POST /v1/customers' })
      .getByRole('heading', { name: 'Authentication' })
      .waitFor()
    expect(await page.locator('html[data-app-ready]').count()).toBe(0)
    expect(documents).toEqual(['', '?op=PostCustomers'])
    expect(new URL(page.url()).hash).toBe('#op-PostCustomers')
    expect(problems).toEqual([])
    await context.close()
  })
})
