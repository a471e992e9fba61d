// The one generator of code to copy, for an operation on the API page and for the tester's current
// request alike. httpsnippet-lite writes the code; it is downloaded only when code is asked for.

/** The languages offered, as httpsnippet-lite names their target and client. */
export const SNIPPET_LANGUAGES = [
  { label: 'cURL', target: 'shell', client: 'curl' },
  { label: 'JavaScript fetch', target: 'javascript', client: 'fetch' },
  { label: 'Python requests', target: 'python', client: 'requests' },
  { label: 'Go net/http', target: 'go', client: 'native' },
] as const
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number]
export type SnippetLabel = SnippetLanguage['label']

export type SnippetRequest = {
  method: string
  /** Absolute; a path's `{placeholders}` may be left in for the reader to fill. */
  url: string
  headers: Record<string, string>
  /** The body as text, or '' for none. */
  body: string
  /**
   * Whether redirects are followed. Unset: each language's own default (the API page's operations).
   * Set: the code says so where its language would otherwise do the other.
   */
  followRedirects?: boolean
}

const keepPlaceholders = (text: string) => text.replace(/%7B/gi, '{').replace(/%7D/gi, '}')

/**
 * The code's redirect behaviour made the request's: cURL follows none unless told (`--location`);
 * fetch, Python requests and Go's default client follow them unless told not to.
 */
function withRedirects(code: string, language: SnippetLanguage, follow: boolean | undefined) {
  if (follow === undefined) return code
  switch (language.client) {
    case 'curl':
      return follow ? code.replace(/^curl /, 'curl --location ') : code
    case 'fetch':
      // The options are written on one line when short, one property a line otherwise.
      return follow
        ? code
        : code.replace(
            /^const options = \{(\n +)?method: ('[^']*')(,?)/m,
            (_, newline: string | undefined, method: string, comma: string) =>
              newline
                ? `const options = {${newline}method: ${method},${newline}redirect: 'manual'${comma}`
                : `const options = {method: ${method}, redirect: 'manual'${comma}`,
          )
    case 'requests':
      return follow
        ? code
        : code.replace(/^(response = requests\.\w+\(.*)\)$/m, '$1, allow_redirects=False)')
    case 'native':
      return follow
        ? code
        : code.replace(
            /^(\t)res, _ := http\.DefaultClient\.Do\(req\)$/m,
            [
              '$1// Redirects are not followed: the first response is the answer.',
              '$1client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error {',
              '$1\treturn http.ErrUseLastResponse',
              '$1}}',
              '$1res, _ := client.Do(req)',
            ].join('\n'),
          )
  }
}

/** The request as code in the language asked for. Rejects when the URL is not an absolute one. */
export async function requestSnippet(
  request: SnippetRequest,
  language: SnippetLanguage,
): Promise<string> {
  // `{name}` is not valid in a URL; encoded for the parser, put back in the code.
  const address = request.url.trim().replace(/[{}]/g, (c) => encodeURIComponent(c))
  if (!URL.canParse(address) || !/^https?:/i.test(address)) {
    throw new Error('the URL is not a full address (https://…)')
  }
  const url = new URL(address)
  const contentType =
    Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ??
    'application/json'
  const { HTTPSnippet } = await import('httpsnippet-lite')
  const snippet = new HTTPSnippet({
    method: request.method,
    url: keepPlaceholders(`${url.origin}${url.pathname}`),
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: Object.entries(request.headers).map(([name, value]) => ({ name, value })),
    queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
    headersSize: -1,
    bodySize: -1,
    ...(request.body.trim() !== ''
      ? { postData: { mimeType: contentType, text: request.body } }
      : {}),
  })
  const code = await snippet.convert(language.target, language.client)
  const text = Array.isArray(code) ? code.join('\n') : (code ?? '')
  return withRedirects(keepPlaceholders(text), language, request.followRedirects)
}
