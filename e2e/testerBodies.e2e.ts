// Operations of the catalogue tried as a person would: the form filled from the operation, the
// request's host swapped for the loopback upstream (allowed through TESTER_ALLOWED_HOSTS), and what
// arrived there read back. Each body arrives as its Content-Type says, with no "string" values.
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { watchForProblems } from './support/browser'
import { useTesterUpstream } from './support/testerUpstream'

const baseUrl = inject('baseUrl')
const session = useTesterUpstream()

/** Opens the tester on one operation and waits until its URL is filled from the catalogue. */
async function openOperation(page: Page, api: string, operation: string, path: RegExp) {
  await page.goto(`${baseUrl}/tools/tester?api=${api}&op=${encodeURIComponent(operation)}`)
  await page.locator('html[data-app-ready]').waitFor({ timeout: 60_000 })
  const url = page.getByRole('textbox', { name: 'URL' })
  await expect.poll(() => url.inputValue(), { timeout: 60_000 }).toMatch(path)
  // The same request, to the stand-in upstream instead of the provider.
  const filled = new URL((await url.inputValue()).replace(/[{}]/g, ''))
  await url.fill(`${session.upstream.origin}${filled.pathname}${filled.search}`)
  return url
}

/** Sends, then waits for the answer's status and says whether it is in the viewport. */
async function sendAndSeeStatus(page: Page) {
  const before = session.upstream.seen.length
  await page.getByRole('button', { name: 'Send Request' }).click()
  const summary = page.getByLabel('Response summary')
  await summary.waitFor({ timeout: 60_000 })
  await expect.poll(() => session.upstream.seen.length).toBeGreaterThan(before)
  const box = await summary.boundingBox()
  const viewport = page.viewportSize()!
  return {
    seen: session.upstream.seen.at(-1)!,
    inView: box !== null && box.y >= 0 && box.y + box.height <= viewport.height,
  }
}

const noPlaceholders = (values: string[]) => values.filter((v) => v === 'string' || v === '0')

describe('trying the operations people come for', () => {
  it("Stripe's create-a-customer arrives form-encoded, with a nested metadata key", async () => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await openOperation(page, 'stripe-com', 'PostCustomers', /\/v1\/customers$/)

    // The auth the operation asks for first (Basic), set in its one place.
    await page.getByRole('tab', { name: 'Auth' }).click()
    expect(await page.getByLabel('Authentication').inputValue()).toBe('basic')
    await page.getByRole('textbox', { name: 'User name' }).fill('sk_test_4eC39HqLyjWDarjtT1zdp7dc')
    await page.getByRole('tab', { name: 'Headers' }).click()
    // The header list shows it, read-only, with the way back to the tab that sets it.
    await page.getByRole('button', { name: 'Set in Auth' }).waitFor()

    await page.getByRole('tab', { name: 'Body' }).click()
    expect(await page.getByLabel('Body type').inputValue()).toBe('form')
    await page.getByLabel('Add an optional field').selectOption('metadata')
    await page.getByLabel('Add an optional field').selectOption('email')
    await page.getByText(/Sent as application\/x-www-form-urlencoded/).waitFor()

    const { seen, inView } = await sendAndSeeStatus(page)
    expect(seen.method).toBe('POST')
    expect(seen.url).toBe('/v1/customers')
    expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(seen.headers.authorization).toBe(
      `Basic ${Buffer.from('sk_test_4eC39HqLyjWDarjtT1zdp7dc:').toString('base64')}`,
    )
    const form = new URLSearchParams(seen.body)
    expect(form.get('metadata[order_id]')).toBe('6735')
    expect(form.get('email')).toBe('jenny.rosen@example.com')
    expect(noPlaceholders([...form.values()])).toEqual([])
    expect(inView).toBe(true)
    expect(problems).toEqual([])
    await context.close()
  })

  it("Twilio's create-message arrives form-encoded with To, From and Body", async () => {
    const context = await session.browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await openOperation(page, 'twilio-com-api', 'CreateMessage', /\/Messages\.json$/)
    await page.getByRole('tab', { name: 'Body' }).click()
    expect(await page.getByLabel('Body type').inputValue()).toBe('form')
    await page.getByLabel('Add an optional field').selectOption('From')
    await page.getByLabel('Add an optional field').selectOption('Body')

    const { seen, inView } = await sendAndSeeStatus(page)
    expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded')
    const form = new URLSearchParams(seen.body)
    expect(form.get('To')).toMatch(/^\+\d{8,15}$/)
    expect(form.get('From')).toMatch(/^\+\d{8,15}$/)
    expect(form.get('Body')).toBe('Hello from API Atlas')
    expect(noPlaceholders([...form.values()])).toEqual([])
    // Narrow: the answer came into view after Send.
    expect(inView).toBe(true)
    await context.close()
  })

  it("GitHub's create-an-issue arrives as JSON with a real-looking title", async () => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const url = await openOperation(
      page,
      'github-com-api-github-com',
      'issues/create',
      /\/repos\/[^/]+\/[^/]+\/issues$/,
    )
    // Path parameters start with realistic values, not {owner}.
    expect(await url.inputValue()).toMatch(/\/repos\/octocat\/hello-world\/issues$/)
    await page.getByRole('tab', { name: 'Body' }).click()
    expect(await page.getByLabel('Body type').inputValue()).toBe('json')

    const { seen, inView } = await sendAndSeeStatus(page)
    expect(seen.headers['content-type']).toBe('application/json')
    const body = JSON.parse(seen.body) as Record<string, unknown>
    expect(body.title).toBe('Found a bug')
    expect(Object.values(body)).not.toContain('string')
    expect(inView).toBe(true)
    await context.close()
  })

  it('a multipart upload arrives with its file', async () => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await page.goto(`${baseUrl}/tools/tester`)
    await page.locator('html[data-app-ready]').waitFor({ timeout: 60_000 })
    await page.getByRole('combobox', { name: 'Method' }).selectOption('POST')
    await page.getByRole('textbox', { name: 'URL' }).fill(`${session.upstream.origin}/echo`)
    await page.getByRole('tab', { name: 'Body' }).click()
    await page.getByLabel('Body type').selectOption('multipart')
    await page.getByRole('button', { name: 'Add a text field' }).click()
    await page.getByRole('textbox', { name: 'Part name' }).nth(0).fill('purpose')
    await page.getByRole('textbox', { name: 'Value' }).last().fill('dispute_evidence')
    await page.getByRole('button', { name: 'Add a file' }).click()
    await page.getByRole('textbox', { name: 'Part name' }).nth(1).fill('file')
    await page.getByLabel('File for file').setInputFiles({
      name: 'receipt.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Paid in full, thank you.\n'),
    })
    await page.getByRole('button', { name: 'File: receipt.txt' }).waitFor()

    const { seen } = await sendAndSeeStatus(page)
    const type = seen.headers['content-type'] ?? ''
    expect(type).toMatch(/^multipart\/form-data; boundary=/)
    const boundary = type.split('boundary=')[1]!
    expect(seen.body).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"`)
    expect(seen.body).toContain('dispute_evidence')
    expect(seen.body).toContain(
      'Content-Disposition: form-data; name="file"; filename="receipt.txt"\r\nContent-Type: text/plain\r\n\r\nPaid in full, thank you.\n',
    )
    expect(seen.body.trimEnd().endsWith(`--${boundary}--`)).toBe(true)
    expect(problems).toEqual([])
    await context.close()
  })

  it('keeps Send disabled on a blank URL, and Enter there says why', async () => {
    const context = await session.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/tools/tester`)
    const send = page.getByRole('button', { name: 'Send Request' })
    // From the server's page on, before the app runs.
    await send.waitFor()
    expect(await send.isDisabled()).toBe(true)
    await page.locator('html[data-app-ready]').waitFor({ timeout: 60_000 })
    // The app has taken the server's form over (src/lib/earlyInput.ts marks it so).
    await page.waitForFunction(
      () =>
        (document.documentElement as HTMLElement & { earlyTyped?: Record<string, unknown> })
          .earlyTyped?.['tester-request'] === null,
      undefined,
      { timeout: 60_000 },
    )
    const url = page.getByRole('textbox', { name: 'URL' })
    await url.focus()
    await page.keyboard.press('Enter')
    await page.getByText('Enter the address to send the request to.').waitFor()
    await url.fill(`${session.upstream.origin}/echo`)
    expect(await send.isDisabled()).toBe(false)
    await context.close()
  })
})
