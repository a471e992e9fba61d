import { describe, expect, inject, it } from 'vitest'
import { watchForProblems } from './support/browser'
import { openTester, useTesterUpstream } from './support/testerUpstream'
import { addHeader, headerRows } from './support/testerHeaders'

const baseUrl = inject('baseUrl')
const session = useTesterUpstream()

const TOKEN = 'sk_live_share-e2e-token-4242'
const KEY = 'qk-share-e2e-key-1717'

describe('a share link', () => {
  it('opens the same request for someone else, with placeholders where the secrets were', async () => {
    // The sharer: a request with a token and an API key typed in, sent once to see it works.
    const sharer = await session.browser.newContext({
      permissions: ['clipboard-read', 'clipboard-write'],
    })
    const page = await sharer.newPage()
    const problems = watchForProblems(page)
    await openTester(page)
    const requestUrl = `${session.upstream.origin}/echo?from=share&api_key=${KEY}`
    await page.getByRole('combobox', { name: 'Method' }).selectOption('POST')
    await page.getByRole('textbox', { name: 'URL' }).fill(requestUrl)
    await addHeader(page, 'Authorization', `Bearer ${TOKEN}`)
    await page.getByRole('tab', { name: 'Body' }).click()
    await page.getByRole('textbox', { name: 'Body' }).fill('{"name": "Ada"}')
    await page.getByRole('button', { name: 'Send Request' }).click()
    await page.getByLabel('Response summary').waitFor()
    expect(session.upstream.seen.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`)
    const sent = session.upstream.seen.length

    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Share this request' })
    await dialog.getByText('2 values replaced by placeholders: {{apiKey}}, {{token}}').waitFor()
    await dialog.getByRole('button', { name: 'Copy link' }).click()
    await dialog.getByText('Link copied to the clipboard.').waitFor()
    const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    expect(link).toMatch(new RegExp(`^${baseUrl}/tools/tester#share=1\\.[\\w-]+$`))
    expect(problems).toEqual([])
    await sharer.close()

    // Someone else, in a fresh context: the same request, not sent, placeholders named.
    const other = await session.browser.newContext()
    const theirs = await other.newPage()
    const theirProblems = watchForProblems(theirs)
    await openTester(theirs, link)
    await theirs.getByText('Opened from a share link').waitFor()
    await theirs
      .getByText(/Give these placeholders values .*: \{\{apiKey\}\}, \{\{token\}\}\./)
      .waitFor()
    expect(await theirs.getByRole('combobox', { name: 'Method' }).inputValue()).toBe('POST')
    expect(await theirs.getByRole('textbox', { name: 'URL' }).inputValue()).toBe(
      `${session.upstream.origin}/echo?from=share&api_key={{apiKey}}`,
    )
    expect(await headerRows(theirs)).toEqual({
      'Content-Type': 'application/json',
      Authorization: 'Bearer {{token}}',
    })
    await theirs.getByRole('tab', { name: 'Body' }).click()
    expect(await theirs.getByRole('textbox', { name: 'Body' }).inputValue()).toBe('{"name": "Ada"}')
    // The auth helper starts on the kind the sharer used.
    await theirs.getByRole('tab', { name: 'Auth' }).click()
    expect(await theirs.getByRole('combobox', { name: 'Authentication' }).inputValue()).toBe(
      'bearer',
    )
    // Nothing was sent, and the secrets are nowhere: not in the page, its fields or its address.
    expect(session.upstream.seen.length).toBe(sent)
    const everything = await theirs.evaluate(() =>
      [
        document.documentElement.outerHTML,
        ...[...document.querySelectorAll('input, textarea')].map(
          (field) => (field as HTMLInputElement).value,
        ),
        location.href,
      ].join('\n'),
    )
    for (const secret of [TOKEN, KEY]) {
      expect(everything).not.toContain(secret)
      expect(theirs.url()).not.toContain(secret)
    }
    // Their tester will not send it until the placeholders have values.
    await theirs.getByRole('button', { name: 'Send Request' }).click()
    await theirs.getByText(/Not sent: set \{\{apiKey\}\}, \{\{token\}\} first/).waitFor()
    expect(session.upstream.seen.length).toBe(sent)
    expect(theirProblems).toEqual([])
    await other.close()
  })

  it('says so when the link is damaged, and leaves the form as it was', async () => {
    const context = await session.browser.newContext()
    const page = await context.newPage()
    await openTester(page, `${baseUrl}/tools/tester#share=1.bm90LWRlZmxhdGVk`)
    await page.getByText('This share link could not be opened').waitFor()
    await page.getByText(/damaged or cut short/).waitFor()
    expect(await page.getByRole('textbox', { name: 'URL' }).inputValue()).toBe('')
    await context.close()
  })
})
