import { describe, expect, it } from 'vitest'
import {
  bulkTextOf,
  headerFieldName,
  headerRowsOf,
  headerRowsOfFields,
  headersTextOf,
  isUnnamed,
  rowsOfBulkText,
} from './headerRows'

describe('header rows', () => {
  it('reads the model’s text as rows, and none from text that is no JSON object', () => {
    expect(headerRowsOf('{"Accept": "text/csv", "X-A": "1"}')).toEqual([
      ['Accept', 'text/csv'],
      ['X-A', '1'],
    ])
    expect(headerRowsOf('')).toEqual([])
    expect(headerRowsOf('{"Accept": ')).toBeNull()
  })

  it('writes only named rows to the model: a value with no name is never sent', () => {
    const rows: [string, string][] = [
      ['Accept', 'text/csv'],
      ['', 'Basic c2VjcmV0'],
    ]
    expect(JSON.parse(headersTextOf(rows))).toEqual({ Accept: 'text/csv' })
    expect(rows.filter(isUnnamed)).toEqual([['', 'Basic c2VjcmV0']])
    expect(isUnnamed(['', ''])).toBe(false)
  })

  it('shows the rows as Name: Value lines and reads any text back as rows', () => {
    const rows: [string, string][] = [
      ['Accept', 'application/json'],
      ['X-Time', '12:30'],
    ]
    expect(bulkTextOf(rows)).toBe('Accept: application/json\nX-Time: 12:30')
    expect(rowsOfBulkText(bulkTextOf(rows))).toEqual(rows)
    expect(rowsOfBulkText('X-Flag\n\n: orphan\n')).toEqual([
      ['X-Flag', ''],
      ['', 'orphan'],
    ])
  })

  it('reads a pasted JSON object as its entries', () => {
    expect(rowsOfBulkText('{"X-Journey": "e2e"}')).toEqual([['X-Journey', 'e2e']])
  })

  it('reads the server form’s row fields in order, unnamed ones kept', () => {
    expect(
      headerRowsOfFields({
        url: 'https://x.example',
        [headerFieldName(1, 'value')]: 'kept',
        [headerFieldName(0, 'name')]: 'Content-Type',
        [headerFieldName(0, 'value')]: 'application/json',
        [headerFieldName(1, 'name')]: 'X-Early',
        [headerFieldName(2, 'name')]: '',
        [headerFieldName(2, 'value')]: 'no name',
      }),
    ).toEqual([
      ['Content-Type', 'application/json'],
      ['X-Early', 'kept'],
      ['', 'no name'],
    ])
    expect(headerRowsOfFields({ url: 'https://x.example' })).toBeNull()
  })
})
