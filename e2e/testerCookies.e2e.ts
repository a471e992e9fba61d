import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { watchForProblems } from './support/browser'
import { openTester, useTesterUpstream } from './support/testerUpstream'

const baseUrl = inject('baseUrl')
const session = useTesterUpstream()

/** A cookie of our own site: it must never reach an upstream. */
const OWN_COOKIE = 'atlas-own-cookie-value'

/** Sends `path` of the upstream and waits for the answer to this send. */
async function send(page: Page, path: string) {
  const seen = session.upstream.seen.length
  await page.getByRole('textbox', { name: 'URL' }).fill(`${session.upstream.origin}${path}`)
  await page.getByRole('button', { name: 'Send Request' }).click()
  await expect.poll(() => session.upstream.seen.length).toBeGreaterThan(seen)
  await page.getByLabel('Response summary').waitFor()
  return session.upstream.seen.at(-1)
}

describe('the tester’s cookie jar', () => {
  it('keeps the cookies an answer set, sends them back, edited, and never our own', async () => {
    const context = await session.browser.newContext()
    await context.addCookies([{ name: 'atlas_session', value: OWN_COOKIE, url: baseUrl }])
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await openTester(page)

    // The upstream sets two cookies: the answer says the jar took them.
    await send(page, '/cookies')
    await page.getByText('2 cookies saved to the jar for 127.0.0.1.').waitFor()

    // The next request to that host carries them.
    const echoed = await send(page, '/echo-cookies')
    expect(echoed?.headers.cookie).toBe('a=1; b=2')

    // The jar lists them; one value edited there goes with the next request.
    await page.getByRole('button', { name: 'Cookies', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Cookies' })
    const table = dialog.getByRole('table', { name: '127.0.0.1 (2 cookies)' })
    await table.getByRole('cell', { name: 'a', exact: true }).waitFor()
    await table.getByRole('button', { name: 'Edit the value of a (127.0.0.1/)' }).click()
    await dialog.getByRole('textbox', { name: 'Value of a' }).fill('edited')
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await table.getByRole('cell', { name: 'edited', exact: true }).waitFor()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect((await send(page, '/echo-cookies'))?.headers.cookie).toBe('a=edited; b=2')

    // The jar is kept in the browser: after a reload it still goes with a request.
    await page.reload()
    await page.locator('html[data-app-ready]').waitFor({ timeout: 60_000 })
    await page.getByRole('combobox', { name: 'Environment' }).waitFor()
    expect((await send(page, '/echo-cookies'))?.headers.cookie).toBe('a=edited; b=2')

    // Our own site's cookie was sent to our server, never on to the upstream.
    expect(JSON.stringify(session.upstream.seen)).not.toContain(OWN_COOKIE)
    // Nor did the upstream's cookies become our site's.
    const ours = await context.cookies(baseUrl)
    expect(ours.map((c) => c.name)).toEqual(['atlas_session'])
    expect(problems).toEqual([])
    await context.close()
  })
})
