// GraphQL in the tester, in Chromium through the real server: the schema by introspection of a
// local upstream (graphql-js executing it), suggestions from it, and the query's answer.
import { describe, expect, inject, it } from 'vitest'
import { watchForProblems } from './support/browser'
import { useTesterUpstream } from './support/testerUpstream'

const baseUrl = inject('baseUrl')
const session = useTesterUpstream()

describe('GraphQL in the tester', () => {
  it("loads an endpoint's schema through the server, suggests its fields and sends a query", async () => {
    const context = await session.browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await page.goto(`${baseUrl}/tools/tester`)
    await page.getByRole('textbox', { name: 'URL' }).fill(`${session.upstream.origin}/graphql`)
    await page.getByRole('tab', { name: 'Body' }).click()
    await page.getByRole('switch', { name: 'GraphQL query' }).click()
    await page.getByRole('button', { name: 'Load schema' }).click()
    const status = page.getByText(/^Schema loaded: /)
    await status.waitFor()
    expect(await status.textContent()).toContain('Query fields: books, book.')
    // The introspection went to the upstream, as a JSON POST through our server.
    const asked = session.upstream.seen.find((seen) => seen.body.includes('__schema'))
    expect(asked?.method).toBe('POST')
    expect(asked?.headers['content-type']).toBe('application/json')

    const query = page.getByRole('textbox', { name: 'Query' })
    await query.click()
    await query.pressSequentially('{ bo')
    const list = page.getByRole('listbox', { name: 'Suggestions from the schema' })
    await list.waitFor()
    await expect
      .poll(() => list.getByRole('option').allTextContents())
      .toEqual([expect.stringMatching(/^book/), expect.stringMatching(/^books/)])
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    expect(await query.inputValue()).toBe('{ books')
    await query.pressSequentially(' { ti')
    await list.getByRole('option', { name: /^title/ }).click()
    await query.pressSequentially(' year } }')
    expect(await page.getByRole('combobox', { name: 'Method' }).inputValue()).toBe('POST')

    await page.getByRole('button', { name: 'Send Request' }).click()
    const body = page.getByRole('group', { name: 'JSON body' })
    await body.waitFor()
    await page.getByRole('button', { name: 'Expand all' }).click()
    await expect.poll(() => body.textContent()).toContain('"title": "Introduction to Algorithms"')
    expect(JSON.parse(session.upstream.seen.at(-1)!.body)).toEqual({
      query: '{ books { title year } }',
    })
    expect(problems).toEqual([])
    await context.close()
  })
})
