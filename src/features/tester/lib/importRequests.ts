// What the import dialog takes: a Postman collection, a HAR file or a pasted cURL command.
import { TESTER_METHODS, type TesterMethod } from '@/contract/testerConstants'
import { parseCurl } from './curl'
import { emptyDraft, headersToText } from './draft'
import { ImportError, importCollection, type ImportResult } from './postman'
import type { SavedRequest } from './workbenchTypes'

export { ImportError }

type HarHeader = { name?: unknown; value?: unknown }
type HarEntry = {
  request?: {
    method?: unknown
    url?: unknown
    headers?: HarHeader[]
    postData?: { mimeType?: unknown; text?: unknown; params?: HarHeader[] }
  }
}

// Hop-by-hop and HTTP/2 pseudo-headers the server sets itself; cookies are the browser's session.
const LEFT_OUT_HEADERS = /^(:|content-length$|host$|connection$|accept-encoding$)/i

const isMethod = (value: string): value is TesterMethod =>
  (TESTER_METHODS as readonly string[]).includes(value)

function requestName(method: string, url: string) {
  try {
    const parsed = new URL(url)
    return `${method} ${parsed.host}${parsed.pathname}`
  } catch {
    return `${method} ${url}`
  }
}

/** A HAR file's entries as one collection; entries the tester cannot send are skipped, by number. */
export function importHar(
  har: unknown,
  name: string,
  newId: () => string = () => crypto.randomUUID(),
): ImportResult {
  const entries = (har as { log?: { entries?: unknown } } | null)?.log?.entries
  if (!Array.isArray(entries)) throw new ImportError('This HAR file has no "log.entries".')
  const skipped: string[] = []
  const leftOut: string[] = []
  const items: SavedRequest[] = []
  entries.forEach((entry: HarEntry, index) => {
    const label = `Entry ${index + 1}`
    const request = entry?.request
    const method = typeof request?.method === 'string' ? request.method.toUpperCase() : ''
    const url = typeof request?.url === 'string' ? request.url : ''
    if (!/^https?:\/\//i.test(url)) {
      skipped.push(`${label}: ${url ? `${url.split(':')[0]}: addresses` : 'no URL'} cannot be sent`)
      return
    }
    if (!isMethod(method)) {
      skipped.push(`${label} (${url}): the tester does not send ${method || 'unnamed'} requests`)
      return
    }
    const headers: Record<string, string> = {}
    let cookies = false
    for (const header of Array.isArray(request?.headers) ? request.headers : []) {
      if (typeof header?.name !== 'string' || LEFT_OUT_HEADERS.test(header.name)) continue
      if (/^cookie$/i.test(header.name)) {
        cookies = true
        continue
      }
      headers[header.name] = typeof header.value === 'string' ? header.value : ''
    }
    if (cookies) leftOut.push(`${label}: its cookies (the browser's session)`)
    const post = request?.postData
    let bodyText = typeof post?.text === 'string' ? post.text : ''
    if (!bodyText && Array.isArray(post?.params)) {
      bodyText = post.params
        .map(
          (p) =>
            `${encodeURIComponent(String(p.name))}=${encodeURIComponent(String(p.value ?? ''))}`,
        )
        .join('&')
    }
    items.push({
      kind: 'request',
      id: newId(),
      name: requestName(method, url),
      // HAR says nothing of redirects: the form's default, following them.
      draft: { ...emptyDraft, method, url, headersText: headersToText(headers), bodyText },
    })
  })
  return {
    collection: { id: newId(), name, items },
    variables: [],
    imported: items.length,
    skipped,
    leftOut,
  }
}

/**
 * Whatever was dropped or pasted: Postman JSON, HAR JSON, or a cURL command. `name` names the
 * collection a HAR file or a command goes into (the file's name, say).
 */
export function importText(
  text: string,
  name: string,
  newId: () => string = () => crypto.randomUUID(),
): ImportResult {
  const trimmed = text.trim()
  if (/^curl\s/i.test(trimmed)) {
    const draft = parseCurl(trimmed)
    if (!draft) throw new ImportError('This cURL command has no URL.')
    const item: SavedRequest = {
      kind: 'request',
      id: newId(),
      name: requestName(draft.method, draft.url),
      draft,
    }
    return {
      collection: { id: newId(), name, items: [item] },
      variables: [],
      imported: 1,
      skipped: [],
      leftOut: [],
    }
  }
  let json: unknown
  try {
    json = JSON.parse(trimmed)
  } catch {
    throw new ImportError(
      'Not a Postman collection, a HAR file or a cURL command: it is neither JSON nor starts with "curl".',
    )
  }
  if (json && typeof json === 'object' && 'log' in json) return importHar(json, name, newId)
  return importCollection(json, newId)
}
