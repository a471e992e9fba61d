// The tester's response side in Chromium, against a local upstream: the JSON tree filtered by
// JSONPath, checks without code passing and failing, and an HTML answer previewed without any of
// its scripts running or anything it names loading.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { watchForProblems } from './support/browser'
import { openTester, useTesterUpstream } from './support/testerUpstream'

const session = useTesterUpstream()

async function send(page: Page, path: string) {
  await page.getByRole('textbox', { name: 'URL' }).fill(`${session.upstream.origin}${path}`)
  await page.getByRole('button', { name: 'Send Request' }).click()
  await page.getByLabel('Response summary').waitFor()
}

describe('the tester’s response viewer', () => {
  it('filters a JSON answer by JSONPath and shows checks passing and failing', async () => {
    const context = await session.browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await openTester(page)

    await page.getByRole('tab', { name: 'Checks' }).click()
    const add = page.getByRole('group', { name: 'Add a check' })
    await add.getByRole('button', { name: 'Status' }).click()
    await add.getByRole('button', { name: 'JSON path' }).click()
    const pathCheck = page.getByRole('group', { name: 'Check 2: JSON path' })
    await pathCheck.getByRole('textbox', { name: 'JSON path' }).fill('$.items[0].name')
    await pathCheck.getByRole('combobox', { name: 'Condition' }).selectOption('equals')
    await pathCheck.getByRole('textbox', { name: 'Expected value' }).fill('gamma')

    await send(page, '/items')
    const tree = page.getByRole('group', { name: 'JSON body' })
    // Objects this deep start folded.
    await expect.poll(() => tree.textContent()).toContain('"items": [ 3 items')

    await page
      .getByRole('textbox', { name: 'JSONPath filter' })
      .fill('$.items[?(@.price > 10)].name')
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'selected by the filter' }).textContent(),
      )
      .toContain('2 values selected by the filter')
    const filtered = await tree.textContent()
    expect(filtered).toContain('"beta"')
    expect(filtered).toContain('"gamma"')
    expect(filtered).not.toContain('alpha')

    expect(await page.getByLabel('Response summary').textContent()).toContain(
      'Checks: 1 of 2 passed',
    )
    await page.getByRole('tab', { name: 'Checks (1/2)' }).click()
    const results = page.getByRole('list', { name: 'Check results' }).getByRole('listitem')
    expect(await results.nth(0).textContent()).toBe('Pass: Status is 200Actual: 200')
    expect(await results.nth(1).textContent()).toBe(
      'Fail: $.items[0].name equals gammaActual: "alpha"',
    )
    expect(problems).toEqual([])
    await context.close()
  })

  it('previews an HTML answer in a sandbox where its script never runs', async () => {
    const context = await session.browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await openTester(page)
    await send(page, '/page')

    const frame = page.getByTitle('HTML preview')
    await frame.waitFor()
    expect(await frame.getAttribute('sandbox')).toBe('')
    const preview = page.frameLocator('iframe[title="HTML preview"]')
    await preview.getByRole('heading', { name: 'Hello from upstream' }).waitFor()
    expect(await preview.locator('body').getAttribute('data-script-ran')).toBeNull()
    // Send another request and wait for it, so any beacon the preview might send would be in.
    await send(page, '/fast')
    await expect.poll(() => session.upstream.seen.some((r) => r.url === '/fast')).toBe(true)
    expect(session.upstream.seen.filter((r) => r.url.startsWith('/beacon'))).toEqual([])
    // What Chromium says about it is only the sandbox and the frame's policy doing their work.
    expect(
      problems.filter(
        (p) =>
          !/Blocked script execution in 'about:srcdoc'|Loading the image '[^']*\/beacon\?from=img' violates/.test(
            p,
          ),
      ),
    ).toEqual([])
    await context.close()
  })
})
