import { describe, expect, it } from 'vitest'
import { requestSnippet, SNIPPET_LANGUAGES, type SnippetRequest } from './requestSnippet'

const language = (label: (typeof SNIPPET_LANGUAGES)[number]['label']) =>
  SNIPPET_LANGUAGES.find((l) => l.label === label)!

const post: SnippetRequest = {
  method: 'POST',
  url: 'https://api.github.com/repos/{owner}/{repo}/issues?per_page=10',
  headers: { 'Content-Type': 'application/json', Authorization: 'Bearer YOUR_TOKEN' },
  body: '{\n  "title": "Found a bug"\n}',
}

describe('code to copy for a request', () => {
  it('writes each language with the method, URL, query, headers and body', async () => {
    const curl = await requestSnippet(post, language('cURL'))
    expect(curl).toContain('curl --request POST')
    expect(curl).toContain("--url 'https://api.github.com/repos/{owner}/{repo}/issues?per_page=10'")
    expect(curl).toContain("--header 'Authorization: Bearer YOUR_TOKEN'")
    expect(curl).toContain('"title": "Found a bug"')

    const fetch = await requestSnippet(post, language('JavaScript fetch'))
    expect(fetch).toContain("method: 'POST'")
    expect(fetch).toContain('await fetch(url, options)')

    const python = await requestSnippet(post, language('Python requests'))
    expect(python).toContain('import requests')
    expect(python).toContain('querystring = {"per_page":"10"}')
    expect(python).toMatch(
      /requests\.post\(url, json=payload, headers=headers, params=querystring\)/,
    )

    const go = await requestSnippet(post, language('Go net/http'))
    expect(go).toContain('http.NewRequest("POST", url, payload)')
    expect(go).toContain('req.Header.Add("Authorization", "Bearer YOUR_TOKEN")')
  })

  it('sends a body that is not JSON as text, and none when there is none', async () => {
    const text = { ...post, body: 'name=value' }
    expect(await requestSnippet(text, language('Python requests'))).toContain(
      'requests.post(url, data=payload',
    )
    const get = { ...post, method: 'GET', body: '' }
    expect(await requestSnippet(get, language('cURL'))).not.toContain('--data')
    expect(await requestSnippet(get, language('Go net/http'))).toContain(
      'http.NewRequest("GET", url, nil)',
    )
  })

  it('leaves each language its redirect default when the request does not say', async () => {
    for (const l of SNIPPET_LANGUAGES) {
      const code = await requestSnippet(post, l)
      expect(code).not.toMatch(/--location|redirect: 'manual'|allow_redirects|CheckRedirect/)
    }
  })

  it('follows redirects, or not, as the request says, in every language', async () => {
    const follow = { ...post, followRedirects: true }
    const stay = { ...post, followRedirects: false }
    expect(await requestSnippet(follow, language('cURL'))).toMatch(
      /^curl --location --request POST/,
    )
    expect(await requestSnippet(stay, language('cURL'))).not.toContain('--location')

    expect(await requestSnippet(stay, language('JavaScript fetch'))).toContain(
      "method: 'POST',\n  redirect: 'manual',",
    )
    expect(await requestSnippet(follow, language('JavaScript fetch'))).not.toContain('redirect')
    // Short options are written on one line.
    const short = { method: 'GET', url: 'https://api.example.com/a', headers: {}, body: '' }
    expect(
      await requestSnippet({ ...short, followRedirects: false }, language('JavaScript fetch')),
    ).toContain("const options = {method: 'GET', redirect: 'manual'};")
    expect(
      await requestSnippet(
        { ...short, headers: { Accept: 'text/plain' }, followRedirects: false },
        language('JavaScript fetch'),
      ),
    ).toContain(
      "const options = {method: 'GET', redirect: 'manual', headers: {Accept: 'text/plain'}};",
    )
    expect(
      await requestSnippet(
        { ...short, method: 'PROPFIND', followRedirects: false },
        language('Python requests'),
      ),
    ).toContain('response = requests.request("PROPFIND", url, allow_redirects=False)')

    expect(await requestSnippet(stay, language('Python requests'))).toMatch(
      /requests\.post\(url, .*, allow_redirects=False\)$/m,
    )
    expect(await requestSnippet(follow, language('Python requests'))).not.toContain(
      'allow_redirects',
    )

    const go = await requestSnippet(stay, language('Go net/http'))
    expect(go).toContain('return http.ErrUseLastResponse')
    expect(go).toContain('res, _ := client.Do(req)')
    expect(go).not.toContain('http.DefaultClient')
    expect(await requestSnippet(follow, language('Go net/http'))).toContain(
      'http.DefaultClient.Do(req)',
    )
  })

  it('says plainly when the URL is not a full address', async () => {
    await expect(
      requestSnippet({ ...post, url: 'api.example.com/items' }, language('cURL')),
    ).rejects.toThrow('the URL is not a full address (https://…)')
  })
})
