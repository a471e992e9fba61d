import { mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { watchForProblems } from './support/browser'
import { addUpstreamEnvironment, openTester, useTesterUpstream } from './support/testerUpstream'
import { replaceHeaders } from './support/testerHeaders'

const session = useTesterUpstream()

const SECRET = 's3cr3t-workbench-token'

/** Exports the collection through its menu and returns the downloaded file's path and JSON. */
async function exportCollection(page: Page, name: string, withVariables: boolean) {
  await page.getByRole('button', { name: `Actions for collection ${name}` }).click()
  await page.getByRole('menuitem', { name: 'Export' }).click()
  const dialog = page.getByRole('dialog', { name: `Export “${name}”` })
  if (withVariables) await dialog.getByRole('checkbox', { name: /Include the variables/ }).check()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download JSON' }).click(),
  ])
  // Kept apart from the context's own download folder, which goes with the context.
  const path = join(mkdtempSync(join(tmpdir(), 'atlas-export-')), download.suggestedFilename())
  await download.saveAs(path)
  const text = await readFile(path, 'utf8')
  return { path, text, json: JSON.parse(text) as { item: unknown[]; variable?: unknown[] } }
}

/** The collection's requests as exported, without the ids each browser gives them. */
const withoutIds = (json: { item: unknown[] }) =>
  JSON.parse(JSON.stringify(json.item).replace(/"_postman_id":"[^"]*",?/g, ''))

describe('the tester’s environments and collections', () => {
  it('fills variables from an environment, saves two requests, exports and imports them elsewhere', async () => {
    const context = await session.browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await openTester(page)

    // An environment with the upstream's address and a secret token.
    const environments = await addUpstreamEnvironment(page, session.upstream.origin, SECRET)
    expect(
      await environments.getByLabel('Value of token', { exact: true }).getAttribute('type'),
    ).toBe('password')
    await environments.getByRole('button', { name: 'Done' }).click()

    // A request that uses both, sent through our server: the upstream gets the values.
    await page.getByRole('textbox', { name: 'URL' }).fill('{{base}}/echo?from=workbench')
    await replaceHeaders(page, { Authorization: 'Bearer {{token}}' })
    await page.getByText('Uses {{base}}, {{token}} from Local upstream.').waitFor()
    await page.getByRole('button', { name: 'Send Request' }).click()
    await page.getByLabel('Response summary').waitFor()
    expect(session.upstream.seen.at(-1)?.url).toBe('/echo?from=workbench')
    expect(session.upstream.seen.at(-1)?.headers.authorization).toBe(`Bearer ${SECRET}`)
    // The upstream echoed the token back: the page shows it masked, history keeps the name.
    expect(await page.locator('body').textContent()).not.toContain(SECRET)
    await page
      .getByRole('region', { name: 'History' })
      .getByText('{{base}}/echo?from=workbench')
      .waitFor()

    // Saved with Ctrl+S into a new collection, then a second request saved as new.
    await page.keyboard.press('Control+s')
    const save = page.getByRole('dialog', { name: 'Save request' })
    await save.getByRole('textbox', { name: 'Request name' }).fill('Echo')
    await save.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('textbox', { name: 'URL' }).fill('{{base}}/fast')
    await page.getByRole('button', { name: 'Save as new…' }).click()
    await save.getByRole('textbox', { name: 'Request name' }).fill('Fast')
    await save.getByRole('button', { name: 'Save' }).click()
    const collection = page.getByRole('region', { name: 'Collection My requests' })
    await collection.getByRole('button', { name: 'GET Fast' }).waitFor()
    expect(
      await collection.getByRole('button', { name: /^GET (Echo|Fast)$/ }).allTextContents(),
    ).toEqual(['GETEcho', 'GETFast'])

    // They survive a reload (IndexedDB), with the environment chosen.
    await page.reload()
    await page.locator('html[data-app-ready]').waitFor({ timeout: 60_000 })
    await page
      .getByRole('region', { name: 'Collection My requests' })
      .getByRole('button', { name: 'GET Echo' })
      .waitFor()
    await expect
      .poll(() =>
        page
          .getByRole('combobox', { name: 'Environment' })
          .evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent),
      )
      .toBe('Local upstream')

    const exported = await exportCollection(page, 'My requests', true)
    expect(exported.text).not.toContain(SECRET)
    expect(exported.json.item).toHaveLength(2)
    expect(exported.json.variable).toEqual([
      { key: 'base', value: session.upstream.origin, type: 'string' },
      { key: 'token', value: '', type: 'secret' },
    ])
    expect(problems).toEqual([])
    await context.close()

    // A fresh browser profile imports the file and has the same collection.
    const other = await session.browser.newContext()
    const fresh = await other.newPage()
    const freshProblems = watchForProblems(fresh)
    await openTester(fresh)
    await fresh.getByRole('button', { name: 'Collections' }).click()
    const panel = fresh.getByRole('region', { name: 'Collections' })
    await panel.getByText(/Save a request \(Ctrl\+S\) to start a collection/).waitFor()
    await panel.getByRole('button', { name: 'Import' }).click()
    const importing = fresh.getByRole('dialog', { name: 'Import requests' })
    await importing.getByLabel('Collection or HAR file').setInputFiles(exported.path)
    const status = importing.getByRole('status')
    await status.waitFor()
    expect(await status.textContent()).toContain('Imported 2 requests into “My requests”')
    await importing.getByRole('button', { name: 'Close' }).click()
    const again = await exportCollection(fresh, 'My requests', false)
    expect(withoutIds(again.json)).toEqual(withoutIds(exported.json))

    // The imported request works in the new profile once its secret is typed again.
    await fresh
      .getByRole('region', { name: 'Collection My requests' })
      .getByRole('button', { name: 'GET Echo' })
      .click()
    await fresh.getByText(/Not set: \{\{token\}\}/).waitFor()
    expect(freshProblems).toEqual([])
    await other.close()
  })
})
