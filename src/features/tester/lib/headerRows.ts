// The request's headers as the form edits them: name and value rows, the one editor. The model
// keeps them as a JSON object's text (headersText), written only from the rows; the bulk view is
// the same rows as `Name: Value` lines, and any text reads back as rows, so the two cannot differ.
import { headersToText, parseHeaders } from './draft'

export type HeaderRow = [name: string, value: string]

/** The rows a model's headers hold, or null when its text is no JSON object (an old request). */
export function headerRowsOf(headersText: string): HeaderRow[] | null {
  const headers = parseHeaders(headersText)
  return headers ? Object.entries(headers) : null
}

/** A row that would send a value under no name: an error on the row, never sent. */
export const isUnnamed = ([name, value]: HeaderRow) => name.trim() === '' && value !== ''

/** The model's text for the rows: the named ones, a later row of the same name winning. */
export function headersTextOf(rows: HeaderRow[]): string {
  return headersToText(
    Object.fromEntries(
      rows.filter(([name]) => name.trim() !== '').map(([name, value]) => [name, value]),
    ),
  )
}

/** The rows as bulk-edit text: one `Name: Value` line each. */
export const bulkTextOf = (rows: HeaderRow[]) =>
  rows.map(([name, value]) => `${name}: ${value}`).join('\n')

/**
 * Bulk-edit text as rows: each non-blank line is a name, a colon and a value (a line without a
 * colon is a name with an empty value; one starting with a colon, a value with no name). A JSON
 * object is read as its entries.
 */
export function rowsOfBulkText(text: string): HeaderRow[] {
  // A whole set pasted as JSON, as the tester once kept it and other tools write it.
  if (text.trim().startsWith('{')) {
    const headers = parseHeaders(text)
    if (headers) return Object.entries(headers)
  }
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const colon = line.indexOf(':')
      if (colon < 0) return [line.trim(), '']
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()]
    })
}

/** The name attribute of a row's field in the server's form, read before the app runs. */
export const headerFieldName = (index: number, part: 'name' | 'value') => `header.${index}.${part}`

const HEADER_FIELD = /^header\.(\d+)\.(name|value)$/

/**
 * The header rows among a form's fields by name (header.0.name, header.0.value, …), in order;
 * null when the form shows none.
 */
export function headerRowsOfFields(values: Record<string, unknown>): HeaderRow[] | null {
  const rows = new Map<number, HeaderRow>()
  for (const [field, value] of Object.entries(values)) {
    const match = HEADER_FIELD.exec(field)
    if (!match || typeof value !== 'string') continue
    const index = Number(match[1])
    const row = rows.get(index) ?? ['', '']
    row[match[2] === 'name' ? 0 : 1] = value
    rows.set(index, row)
  }
  if (rows.size === 0) return null
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row)
}
