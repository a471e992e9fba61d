import { describe, expect, it } from 'vitest'
import { emptyDraft, toTestRequest } from './draft'
import { mediaOf } from './bodyMedia'
import { formBodyRows, formRows, formText, rowsToJson } from './formEncoding'
import { multipartBody } from './multipart'

describe('bodies by media type', () => {
  it('reads the body kind from the Content-Type, parameters aside', () => {
    expect(mediaOf('application/json; charset=utf-8')).toBe('json')
    expect(mediaOf('application/vnd.api+json')).toBe('json')
    expect(mediaOf('application/x-www-form-urlencoded')).toBe('form')
    expect(mediaOf('multipart/form-data; boundary=x')).toBe('multipart')
    expect(mediaOf('text/xml')).toBe('xml')
    expect(mediaOf('text/csv')).toBe('text')
  })

  it('writes nested objects as bracketed form keys, as Stripe reads them, and back', () => {
    const rows = formRows({ name: 'Jenny', metadata: { order_id: '6735' }, expand: ['a', 'b'] })
    expect(rows).toEqual([
      ['name', 'Jenny'],
      ['metadata[order_id]', '6735'],
      ['expand[]', 'a'],
      ['expand[]', 'b'],
    ])
    const text = formText(rows)
    expect(text).toBe('name=Jenny&metadata%5Border_id%5D=6735&expand%5B%5D=a&expand%5B%5D=b')
    expect(formBodyRows(text)).toEqual(rows)
    expect(rowsToJson(rows)).toEqual({
      name: 'Jenny',
      metadata: { order_id: '6735' },
      expand: ['a', 'b'],
    })
    expect(rowsToJson([['items[0][price]', 'p_1']])).toEqual({ items: [{ price: 'p_1' }] })
  })

  it('sends a form body as typed, never parsed as JSON', () => {
    const request = toTestRequest({
      ...emptyDraft,
      method: 'POST',
      url: 'https://api.stripe.com/v1/customers',
      headersText: '{"Content-Type": "application/x-www-form-urlencoded"}',
      bodyText: 'email=jenny.rosen%40example.com',
    })
    expect(request.body).toBe('email=jenny.rosen%40example.com')
    expect(request.bodyEncoding).toBeUndefined()
  })

  it('encodes a multipart body with the boundary its Content-Type names', () => {
    const request = toTestRequest(
      {
        ...emptyDraft,
        method: 'POST',
        url: 'https://example.com/upload',
        headersText: '{"Content-Type": "multipart/form-data"}',
        parts: [
          { name: 'purpose', value: 'evidence' },
          { name: 'file', file: { name: 'a.txt', type: 'text/plain', base64: btoa('hi') } },
          { name: 'skipped', file: { name: '', type: '', base64: '' } },
        ],
      },
      multipartBody,
    )
    const type = request.headers!['Content-Type']!
    const boundary = /boundary=(.+)$/.exec(type)![1]!
    expect(request.bodyEncoding).toBe('base64')
    const sent = atob(request.body as string)
    expect(sent).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nevidence\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhi\r\n` +
        `--${boundary}--\r\n`,
    )
  })
})
