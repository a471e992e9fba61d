// Running a collection: four saved requests with checks, run in order through our
// server to the local upstream, each one's status, time and checks shown, one check failing.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { watchForProblems } from './support/browser'
import { addUpstreamEnvironment, openTester, useTesterUpstream } from './support/testerUpstream'
import { replaceHeaders } from './support/testerHeaders'

const session = useTesterUpstream()

const SECRET = 's3cr3t-runner-token'

/** Saves the form as a new request named `name` in "My requests". */
async function saveAs(page: Page, name: string, first: boolean) {
  if (first) await page.keyboard.press('Control+s')
  else await page.getByRole('button', { name: 'Save as new…' }).click()
  const save = page.getByRole('dialog', { name: 'Save request' })
  await save.getByRole('textbox', { name: 'Request name' }).fill(name)
  await save.getByRole('button', { name: 'Save' }).click()
  await page
    .getByRole('region', { name: 'Collection My requests' })
    .getByRole('button', { name: `GET ${name}` })
    .waitFor()
}

describe('running a collection', () => {
  it('runs saved requests in order and shows each status, time and check, and the summary', async () => {
    const context = await session.browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await openTester(page)

    // The upstream's address and a secret token, as a person keeps them.
    const environments = await addUpstreamEnvironment(page, session.upstream.origin, SECRET)
    await environments.getByRole('button', { name: 'Done' }).click()

    // "Log in": the upstream sets two cookies, which the jar then sends with the next requests.
    await page.getByRole('textbox', { name: 'URL' }).fill('{{base}}/cookies')
    await replaceHeaders(page, { Authorization: 'Bearer {{token}}' })
    await page.getByRole('tab', { name: 'Checks' }).click()
    const add = page.getByRole('group', { name: 'Add a check' })
    await add.getByRole('button', { name: 'Status' }).click()
    const status = page.getByRole('group', { name: 'Check 1: Status is' })
    await status.getByRole('textbox', { name: 'Status code' }).fill('204')
    await saveAs(page, 'Log in', true)

    // "Items": status 200 and the first item's name, both passing.
    await page.getByRole('textbox', { name: 'URL' }).fill('{{base}}/items')
    await status.getByRole('textbox', { name: 'Status code' }).fill('200')
    await add.getByRole('button', { name: 'JSON path' }).click()
    const itemName = page.getByRole('group', { name: 'Check 2: JSON path' })
    await itemName.getByRole('textbox', { name: 'JSON path' }).fill('$.items[0].name')
    await itemName.getByRole('combobox', { name: 'Condition' }).selectOption('equals')
    await itemName.getByRole('textbox', { name: 'Expected value' }).fill('"alpha"')
    await saveAs(page, 'Items', false)

    // "Fast": a check that fails on purpose ({"ok":true} is not false).
    await page.getByRole('textbox', { name: 'URL' }).fill('{{base}}/fast')
    const okCheck = page.getByRole('group', { name: 'Check 2: JSON path' })
    await okCheck.getByRole('textbox', { name: 'JSON path' }).fill('$.ok')
    await okCheck.getByRole('textbox', { name: 'Expected value' }).fill('false')
    await saveAs(page, 'Fast', false)

    // "Echo": the header the upstream sets.
    await page.getByRole('textbox', { name: 'URL' }).fill('{{base}}/echo?from=runner')
    await page.getByRole('button', { name: 'Remove check 2' }).click()
    await add.getByRole('button', { name: 'Header' }).click()
    const header = page.getByRole('group', { name: 'Check 2: Header contains' })
    await header.getByRole('textbox', { name: 'Header name' }).fill('x-upstream')
    await header.getByRole('textbox', { name: 'Contains' }).fill('yes')
    await saveAs(page, 'Echo', false)

    const seenBefore = session.upstream.seen.length
    const collection = page.getByRole('region', { name: 'Collection My requests' })
    await collection.getByRole('button', { name: 'Actions for collection My requests' }).click()
    await page.getByRole('menuitem', { name: 'Run collection' }).click()
    const runner = page.getByRole('dialog', { name: 'Run “My requests”' })
    await runner.getByText('3 of 4 requests passed their checks').waitFor()

    // In order, one at a time, variables filled: the upstream saw each with the token, and the
    // cookies the first answer set went with the ones after it.
    const seen = session.upstream.seen.slice(seenBefore)
    expect(seen.map((r) => r.url)).toEqual(['/cookies', '/items', '/fast', '/echo?from=runner'])
    expect(seen.every((r) => r.headers.authorization === `Bearer ${SECRET}`)).toBe(true)
    expect(seen.map((r) => r.headers.cookie)).toEqual([
      undefined,
      'a=1; b=2',
      'a=1; b=2',
      'a=1; b=2',
    ])

    const row = (name: string) =>
      runner.getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) })
    const cells = async (name: string) => await row(name).getByRole('cell').allTextContents()
    const [login, items, fast, echo] = [
      await cells('Log in'),
      await cells('Items'),
      await cells('Fast'),
      await cells('Echo'),
    ]
    expect(login.slice(0, 3)).toEqual(['Log in', 'GET', '204'])
    expect(login[4]).toBe('Pass: Status is 204 (actual 204)')
    expect(items.slice(0, 3)).toEqual(['Items', 'GET', '200'])
    expect(items[3]).toMatch(/^\d+ ms$|^\d+\.\d\d s$/)
    expect(items[4]).toBe(
      'Pass: Status is 200 (actual 200)Pass: $.items[0].name equals "alpha" (actual "alpha")',
    )
    expect(fast.slice(0, 3)).toEqual(['Fast', 'GET', '200'])
    expect(fast[3]).toMatch(/^\d+ ms$|^\d+\.\d\d s$/)
    expect(fast[4]).toBe('Pass: Status is 200 (actual 200)Fail: $.ok equals false (actual true)')
    expect(echo.slice(0, 3)).toEqual(['Echo', 'GET', '200'])
    expect(echo[4]).toBe(
      'Pass: Status is 200 (actual 200)Pass: Header x-upstream contains "yes" (actual yes)',
    )

    // A row shows its answer in the response viewer: the echoed token is masked there too.
    await runner.getByRole('button', { name: 'Echo', exact: true }).click()
    const result = runner.getByRole('region', { name: 'Result of Echo' })
    await result.getByLabel('Response summary').waitFor()
    expect(await result.getByLabel('Response summary').textContent()).toContain(
      'Checks: 2 of 2 passed',
    )
    expect(await page.locator('body').textContent()).not.toContain(SECRET)

    // Run again goes through them all once more.
    await runner.getByRole('button', { name: 'Run again' }).click()
    await expect.poll(() => session.upstream.seen.length - seenBefore).toBe(8)
    await runner.getByText('3 of 4 requests passed their checks').waitFor()
    expect(problems).toEqual([])
    await context.close()
  })
})
