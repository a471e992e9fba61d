// The tester's header rows, as a visitor uses them: the one editor of a request's headers. Rows
// are reached by their fields' form names (header.N.name, header.N.value), which stay the same
// from the server's form to the running one, so these work before the app runs too.
import type { Page } from 'playwright-core'

const field = (page: Page, index: number, part: 'name' | 'value') =>
  page.locator(`#panel-headers input[name="header.${index}.${part}"]`)

/** Types a header into the blank row at the end: its name, then its value. */
export async function addHeader(page: Page, name: string, value: string) {
  const blank = (await page.locator('#panel-headers input[name$=".name"]').count()) - 1
  await field(page, blank, 'name').fill(name)
  await field(page, blank, 'value').fill(value)
}

/** The header rows shown, named ones, as an object. */
export async function headerRows(page: Page): Promise<Record<string, string>> {
  const count = await page.locator('#panel-headers input[name$=".name"]').count()
  const rows: Record<string, string> = {}
  for (let index = 0; index < count; index++) {
    const name = await field(page, index, 'name').inputValue()
    if (name.trim() !== '') rows[name] = await field(page, index, 'value').inputValue()
  }
  return rows
}

/** Replaces the whole set at once, pasted as JSON into the rows' text view. */
export async function replaceHeaders(page: Page, headers: Record<string, string>) {
  await page.getByRole('button', { name: 'Bulk edit' }).click()
  await page.getByRole('textbox', { name: 'Headers (bulk edit)' }).fill(JSON.stringify(headers))
  await page.getByRole('button', { name: 'Edit as rows' }).click()
}

/** A row's field, by its place in the list. */
export const headerField = field
