import { describe, expect, it } from 'vitest'
import { importHar, importText } from './importRequests'

const ids = () => {
  let n = 0
  return () => `id-${++n}`
}

const har = {
  log: {
    version: '1.2',
    entries: [
      {
        request: {
          method: 'POST',
          url: 'https://api.example.com/v1/items?x=1',
          headers: [
            { name: ':authority', value: 'api.example.com' },
            { name: 'Content-Type', value: 'application/json' },
            { name: 'Cookie', value: 'session=abc' },
            { name: 'Content-Length', value: '9' },
          ],
          postData: { mimeType: 'application/json', text: '{"a":1}' },
        },
      },
      { request: { method: 'GET', url: 'data:image/png;base64,AAAA', headers: [] } },
      { request: { method: 'CONNECT', url: 'https://proxy.example.com/', headers: [] } },
      {
        request: {
          method: 'POST',
          url: 'http://example.com/form',
          headers: [],
          postData: {
            mimeType: 'application/x-www-form-urlencoded',
            params: [{ name: 'q', value: 'a b' }],
          },
        },
      },
    ],
  },
}

describe('HAR import', () => {
  it('turns each request into a saved one, skipping what cannot be sent, by entry number', () => {
    const result = importHar(har, 'network', ids())
    expect(result.imported).toBe(2)
    expect(result.collection.name).toBe('network')
    const [first, second] = result.collection.items
    expect(first).toMatchObject({
      name: 'POST api.example.com/v1/items',
      draft: { method: 'POST', url: 'https://api.example.com/v1/items?x=1', bodyText: '{"a":1}' },
    })
    expect(first?.kind === 'request' && JSON.parse(first.draft.headersText)).toEqual({
      'Content-Type': 'application/json',
    })
    expect(second).toMatchObject({ draft: { bodyText: 'q=a%20b' } })
    expect(result.skipped).toEqual([
      'Entry 2: data: addresses cannot be sent',
      'Entry 3 (https://proxy.example.com/): the tester does not send CONNECT requests',
    ])
    expect(result.leftOut).toEqual(["Entry 1: its cookies (the browser's session)"])
  })

  it('says when a file has no entries', () => {
    expect(() => importHar({}, 'x')).toThrow('This HAR file has no "log.entries".')
  })
})

describe('pasted text', () => {
  it('takes a cURL command as one request', () => {
    const result = importText(
      "curl -X PUT https://api.example.com/v1/items/7 -H 'X-Key: {{key}}' -d '{\"a\":2}'",
      'Pasted',
      ids(),
    )
    expect(result.imported).toBe(1)
    expect(result.collection.items[0]).toMatchObject({
      name: 'PUT api.example.com/v1/items/7',
      draft: { method: 'PUT', bodyText: '{"a":2}' },
    })
  })

  it('tells HAR from Postman JSON, and says what it cannot read', () => {
    expect(importText(JSON.stringify(har), 'h', ids()).imported).toBe(2)
    expect(() => importText('hello', 'x')).toThrow(/neither JSON nor starts with "curl"/)
    expect(() => importText('curl -H "A: b"', 'x')).toThrow('This cURL command has no URL.')
  })
})
