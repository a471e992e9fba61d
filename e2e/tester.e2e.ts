import { describe, expect, inject, it } from 'vitest'
import { watchForProblems } from './support/browser'
import { useTesterUpstream } from './support/testerUpstream'
import { addHeader } from './support/testerHeaders'

const baseUrl = inject('baseUrl')
const session = useTesterUpstream()

describe('the API tester', () => {
  it('sends a request through the server to an API and shows the answer', async () => {
    const context = await session.browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await page.goto(`${baseUrl}/tools/tester`)
    await expect
      .poll(() => page.getByRole('heading', { name: 'API Tester', level: 1 }).isVisible(), {
        timeout: 60_000,
      })
      .toBe(true)
    expect(await page.title()).toBe('API Tester | API Atlas')

    await page
      .getByRole('textbox', { name: 'URL' })
      .fill(`${session.upstream.origin}/echo?from=e2e`)
    await addHeader(page, 'X-Journey', 'e2e')
    await page.getByRole('button', { name: 'Send Request' }).click()

    const summary = page.getByLabel('Response summary')
    await summary.waitFor()
    expect(await summary.textContent()).toContain('200')
    expect(await summary.textContent()).toContain('OK')
    const body = await page.getByRole('group', { name: 'JSON body' }).textContent()
    expect(body).toContain('"url": "/echo?from=e2e"')
    expect(body).toContain('"x-journey": "e2e"')
    expect(session.upstream.seen.at(-1)?.headers['x-journey']).toBe('e2e')

    // The history keeps it after a reload.
    await page.reload()
    await expect
      .poll(() => page.getByRole('region', { name: 'History' }).textContent(), { timeout: 60_000 })
      .toContain(`${session.upstream.origin}/echo?from=e2e`)
    expect(problems).toEqual([])
    await context.close()
  })

  it('refuses a private address it was not told to allow, and says why', async () => {
    const context = await session.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/tools/tester`)
    await page
      .getByRole('textbox', { name: 'URL' })
      .fill('http://169.254.169.254/latest/meta-data/')
    await page.getByRole('button', { name: 'Send Request' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'Request blocked' })
    await alert.waitFor()
    expect(await alert.textContent()).toContain(
      'Requests to private or local network addresses are not allowed',
    )
    await context.close()
  })
})
