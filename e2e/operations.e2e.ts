import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { watchForProblems } from './support/browser'
import { useTesterUpstream } from './support/testerUpstream'

const baseUrl = inject('baseUrl')
const session = useTesterUpstream()

/** Follows an operation's Try it to the tester and waits for the form to be filled. */
const tryIt = async (page: Page) => {
  await page.getByRole('link', { name: 'Try it' }).click()
  await page.waitForURL(/\/tools\/tester\?api=/)
  const url = page.getByRole('textbox', { name: 'URL' })
  await expect.poll(() => url.inputValue(), { timeout: 60_000 }).toMatch(/^https?:\/\//)
  return url
}

/** Points the request at the local upstream instead of the API's server, keeping path and query. */
const sendToUpstream = async (page: Page, server: string) => {
  const url = page.getByRole('textbox', { name: 'URL' })
  const value = await url.inputValue()
  expect(value.startsWith(server)).toBe(true)
  const sent = `${session.upstream.origin}${value.slice(new URL(server).origin.length)}`
  await url.fill(sent)
  const before = session.upstream.seen.length
  await page.getByRole('button', { name: 'Send Request' }).click()
  await page.getByLabel('Response summary').waitFor({ timeout: 60_000 })
  await expect.poll(() => session.upstream.seen.length).toBeGreaterThan(before)
  return session.upstream.seen.at(-1)!
}

describe('every operation explained and one click from a request', () => {
  it("explains GitHub's create-an-issue and sends it", async () => {
    const context = await session.browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await page.goto(`${baseUrl}/apis/github-com-api-github-com#op-issues.2Fcreate`)
    const panel = page.locator('[id="op-issues.2Fcreate"]')
    await expect
      .poll(() => panel.getByRole('heading', { name: 'Request body' }).isVisible(), {
        timeout: 60_000,
      })
      .toBe(true)
    expect(await panel.getByRole('table').textContent()).toContain('owner')
    expect(
      await panel
        .getByRole('group', { name: 'Request body application/json fields' })
        .textContent(),
    ).toContain('title')

    // The list says how many operations GitHub has: all of them.
    const status = page.getByRole('status').filter({ hasText: /operations$/ })
    expect(await status.textContent()).toMatch(/^(8\d\d|9\d\d|\d,\d{3}) operations$/)

    const url = await tryIt(page)
    // Opened with realistic values in the path, never its placeholders.
    expect(await url.inputValue()).toMatch(
      /^https:\/\/api\.github\.com\/repos\/[^/{}]+\/[^/{}]+\/issues$/,
    )
    expect(page.url()).toBe(
      `${baseUrl}/tools/tester?api=github-com-api-github-com&op=issues%2Fcreate`,
    )
    const paths = page.getByRole('region', { name: 'Path parameters' })
    await paths.getByRole('textbox', { name: 'owner' }).fill('octocat')
    await paths.getByRole('textbox', { name: 'repo' }).fill('hello-world')
    await expect
      .poll(() => url.inputValue())
      .toBe('https://api.github.com/repos/octocat/hello-world/issues')

    const seen = await sendToUpstream(page, 'https://api.github.com')
    expect(seen.method).toBe('POST')
    expect(seen.url).toBe('/repos/octocat/hello-world/issues')
    expect(seen.headers['content-type']).toContain('application/json')
    expect(JSON.parse(seen.body)).toMatchObject({ title: expect.any(String) })
    expect(problems).toEqual([])
    await context.close()
  })

  it('explains an API first published as Swagger 2.0 and sends its operation', async () => {
    const context = await session.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/apis/airport-web-appspot-com`)
    await page.getByRole('button', { name: 'Explain the operation' }).click()
    const summary = page.locator('summary').first()
    await summary.waitFor({ timeout: 60_000 })
    await summary.click()
    await page.getByRole('heading', { name: 'Parameters' }).waitFor({ timeout: 60_000 })
    const url = await tryIt(page)
    expect(await page.getByRole('combobox', { name: 'Method' }).inputValue()).toBe('GET')
    const fields = page.getByRole('region', { name: 'Path parameters' }).getByRole('textbox')
    // The path parameters' part loads with the operation: wait for it before listing its fields.
    await fields.first().waitFor({ timeout: 60_000 })
    for (const field of await fields.all()) await field.fill('SFO')
    await expect.poll(() => url.inputValue()).toContain('SFO')
    const seen = await sendToUpstream(page, 'https://airport-web.appspot.com/_ah/api')
    expect(seen.method).toBe('GET')
    expect(seen.url).toContain('SFO')
    await context.close()
  })

  it('puts an API key that goes in the query string there, as a placeholder, and sends it', async () => {
    const context = await session.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/apis/adyen-com-transferservice#op-get-grants`)
    const panel = page.locator('[id="op-get-grants"]')
    await panel.getByRole('heading', { name: 'Authentication' }).waitFor({ timeout: 60_000 })
    expect(await panel.getByText('API key in the clientKey query parameter').count()).toBe(1)
    const url = await tryIt(page)
    expect(await url.inputValue()).toContain('clientKey=YOUR_API_KEY')
    // The page's own address names the operation, never a key.
    expect(page.url()).not.toContain('clientKey')
    const server = (await url.inputValue()).split('/grants')[0]!
    const seen = await sendToUpstream(page, server)
    expect(seen.url).toContain('clientKey=YOUR_API_KEY')
    await context.close()
  })
})
