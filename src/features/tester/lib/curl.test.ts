import { describe, expect, it } from 'vitest'
import { emptyDraft, headersToText, toSnippetRequest } from './draft'
import { requestSnippet, SNIPPET_LANGUAGES } from '@/components/CodeSnippets/requestSnippet'
import { parseCurl, shellWords } from './curl'

describe('cURL import and export', () => {
  it('splits quoted words as a shell does', () => {
    expect(shellWords(`curl -H 'A: b c' "x\\"y" z\\ w`)).toEqual([
      'curl',
      '-H',
      'A: b c',
      'x"y',
      'z w',
    ])
  })

  it('imports method, URL, headers and body', () => {
    const draft = parseCurl(
      `curl -X PUT 'https://api.example.com/items/1' \\\n  -H 'Authorization: Bearer t' -H "Content-Type: application/json" -d '{"a":1}'`,
    )
    expect(draft).toEqual({
      method: 'PUT',
      url: 'https://api.example.com/items/1',
      headersText: JSON.stringify(
        { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
        null,
        2,
      ),
      bodyText: '{"a":1}',
      followRedirects: false,
    })
  })

  it('defaults to POST with data and GET without, and ignores what is not curl', () => {
    expect(parseCurl('curl https://x.example -d a=1')?.method).toBe('POST')
    expect(parseCurl('curl -L https://x.example')).toMatchObject({
      method: 'GET',
      followRedirects: true,
    })
    expect(parseCurl('https://x.example')).toBeNull()
  })

  it('reads back the cURL code the tester offers to copy as the same request', async () => {
    const draft = {
      ...emptyDraft,
      method: 'POST' as const,
      url: 'https://api.example.com/items?q=a%20b',
      headersText: headersToText({ 'Content-Type': 'application/json', 'X-Note': "it's" }),
      bodyText: '{"name":"O\'Brien"}',
    }
    const curl = SNIPPET_LANGUAGES.find((l) => l.client === 'curl')!
    const code = await requestSnippet(toSnippetRequest(draft), curl)
    expect(parseCurl(code)).toEqual({ ...draft, url: 'https://api.example.com/items?q=a+b' })
    const notFollowing = { ...draft, followRedirects: false }
    expect(parseCurl(await requestSnippet(toSnippetRequest(notFollowing), curl))).toEqual({
      ...notFollowing,
      url: 'https://api.example.com/items?q=a+b',
    })
  })
})
