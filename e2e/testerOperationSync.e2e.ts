import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { watchForProblems } from './support/browser'
import { useTesterUpstream } from './support/testerUpstream'

const baseUrl = inject('baseUrl')
const session = useTesterUpstream()

const API = 'github-com-api-github-com'
const OPERATION = 'issues/create'
/** The path the saved request is made to have been saved against: the catalogue's before a rename. */
const OLD_PATH = '/repos/{owner}/{repo}/issues-old'

/**
 * Makes the request saved in this browser look as if it had been saved from an older version of
 * its operation: the shape it remembers gets the old path, and its URL the old path with the
 * person's own values. A real catalogue change needs a new seed; what the tester compares is the
 * shape kept with the request against the operation the server describes now.
 */
const saveAgainstOlderCatalogue = (page: Page) =>
  page.evaluate(`new Promise((resolve, reject) => {
    const opening = indexedDB.open('api-atlas-tester')
    opening.onerror = () => reject(opening.error)
    opening.onsuccess = () => {
      const db = opening.result
      const store = db.transaction('workbench', 'readwrite').objectStore('workbench')
      const reading = store.get('collections')
      reading.onsuccess = () => {
        const collections = reading.result
        const request = collections[0].items.find((item) => item.source)
        request.source = { ...request.source, digest: '00000000',
          shape: { ...request.source.shape, path: ${JSON.stringify(OLD_PATH)} } }
        request.draft = { ...request.draft, url: request.draft.url.replace(/\\/issues$/, '/issues-old') }
        const writing = store.put(collections, 'collections')
        writing.onsuccess = () => { db.close(); resolve(request.draft.url) }
        writing.onerror = () => reject(writing.error)
      }
    }
  })`)

/** The operation path the saved request remembers, as kept in IndexedDB. */
const savedPath = (page: Page) =>
  page.evaluate(`new Promise((resolve, reject) => {
    const opening = indexedDB.open('api-atlas-tester')
    opening.onerror = () => reject(opening.error)
    opening.onsuccess = () => {
      const db = opening.result
      const reading = db.transaction('workbench').objectStore('workbench').get('collections')
      reading.onsuccess = () => {
        db.close()
        resolve(reading.result[0].items.find((item) => item.source).source.shape.path)
      }
      reading.onerror = () => reject(reading.error)
    }
  })`)

describe('a request saved from an operation', () => {
  it('says what changed in the directory since it was saved, and updates it keeping the values', async () => {
    const context = await session.browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await page.goto(`${baseUrl}/tools/tester?api=${API}&op=${encodeURIComponent(OPERATION)}`)
    await page.locator('html[data-app-ready]').waitFor({ timeout: 60_000 })
    const url = page.getByRole('textbox', { name: 'URL' })
    await expect.poll(() => url.inputValue(), { timeout: 60_000 }).toMatch(/\/repos\/.+\/issues$/)
    await page.getByRole('textbox', { name: 'owner', exact: true }).fill('octo')
    await page.getByRole('textbox', { name: 'repo', exact: true }).fill('hello')
    await expect.poll(() => url.inputValue()).toMatch(/\/repos\/octo\/hello\/issues$/)

    await page.keyboard.press('Control+s')
    const save = page.getByRole('dialog', { name: 'Save request' })
    await save.getByRole('textbox', { name: 'Request name' }).fill('Create issue')
    await save.getByRole('button', { name: 'Save' }).click()
    const collection = page.getByRole('region', { name: 'Collection My requests' })
    await collection.getByRole('button', { name: 'POST Create issue' }).waitFor()
    // Saved from the operation as the catalogue has it now: nothing to say.
    expect(await collection.getByText('Changed in the directory').count()).toBe(0)

    const oldUrl = await saveAgainstOlderCatalogue(page)
    expect(oldUrl).toMatch(/\/repos\/octo\/hello\/issues-old$/)
    await page.reload()
    await page.locator('html[data-app-ready]').waitFor({ timeout: 60_000 })
    const changed = page
      .getByRole('region', { name: 'Collection My requests' })
      .getByRole('status')
      .filter({ hasText: 'Changed in the directory' })
    await changed.waitFor({ timeout: 60_000 })
    expect(await changed.textContent()).toContain(
      `Path renamed: ${OLD_PATH} → /repos/{owner}/{repo}/issues`,
    )

    await changed.getByRole('button', { name: 'Update' }).click()
    await changed.waitFor({ state: 'detached' })
    await page
      .getByRole('region', { name: 'Collection My requests' })
      .getByRole('button', { name: 'POST Create issue' })
      .click()
    // The catalogue's new path, with the person's owner and repo kept.
    await expect.poll(() => url.inputValue()).toMatch(/\/repos\/octo\/hello\/issues$/)

    // The update is kept in the browser: the request now remembers the catalogue's path.
    await expect.poll(() => savedPath(page)).toBe('/repos/{owner}/{repo}/issues')
    expect(problems).toEqual([])
    await context.close()
  })
})
