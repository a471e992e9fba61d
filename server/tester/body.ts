// The upstream's answer as the tester shows it: read up to a cap, decoded, and typed as JSON,
// text or base64.
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'
import type { TestResponseData } from '../../src/contract/tester'
import { jsonTooDeep } from '../jsonLimits'

// Text we show as text; anything else that is not valid UTF-8 is base64.
const TEXTUAL =
  /^text\/|[/+](json|xml|javascript|ecmascript|x-www-form-urlencoded|graphql|yaml|csv|html)\b/i
const JSONISH = /[/+]json\b/i
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/

export const decodeBody = (
  bytes: Buffer,
  contentType: string | null,
  truncated: boolean,
): Pick<TestResponseData, 'data' | 'bodyEncoding'> => {
  if (bytes.length === 0) return { data: null, bodyEncoding: 'none' }
  let text: string | undefined
  if (contentType && TEXTUAL.test(contentType)) {
    text = bytes.toString('utf8')
  } else if (!contentType || !/^(image|audio|video|font)\//i.test(contentType)) {
    try {
      const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      if (!decoded.includes('\0')) text = decoded
    } catch {
      // not text
    }
  }
  // Control characters (NUL and the like, not tabs or line ends) are six bytes each once escaped
  // in the JSON answer: two megabytes of NULs became 12.6 MB. Such a body is shown as base64,
  // which is 4/3 of its size whatever it holds.
  if (text !== undefined && CONTROL.test(text)) text = undefined
  if (text === undefined) return { data: bytes.toString('base64'), bodyEncoding: 'base64' }
  // An answer nested deeper than anything the reply's serializer may walk is shown as text.
  if (
    !truncated &&
    (JSONISH.test(contentType ?? '') || (!contentType && /^\s*[[{]/.test(text))) &&
    !jsonTooDeep(text)
  ) {
    try {
      return { data: JSON.parse(text) as unknown, bodyEncoding: 'json' }
    } catch {
      // JSON in name only: show the text
    }
  }
  return { data: text, bodyEncoding: 'text' }
}

export const decoderFor = (
  encoding: string,
): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null => {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip()
    case 'deflate':
      return zlib.createInflate()
    case 'br':
      return zlib.createBrotliDecompress()
    default:
      return null
  }
}

/** Reads at most `cap` decoded bytes; counts wire bytes; a compression bomb stops at the cap. */
export const readCapped = async (
  body: Readable,
  encoding: string,
  cap: number,
): Promise<{ bytes: Buffer; wire: number; truncated: boolean }> => {
  let wire = 0
  body.on('data', (chunk: Buffer) => {
    wire += chunk.length
  })
  const decoder = decoderFor(encoding)
  const source: Readable = decoder ? body.pipe(decoder) : body
  if (decoder) body.once('error', (error) => decoder.destroy(error))
  const chunks: Buffer[] = []
  let size = 0
  let truncated = false
  for await (const chunk of source as AsyncIterable<Buffer>) {
    if (size + chunk.length > cap) {
      chunks.push(chunk.subarray(0, cap - size))
      size = cap
      truncated = true
      break
    }
    chunks.push(chunk)
    size += chunk.length
  }
  if (truncated) {
    decoder?.destroy()
    body.destroy()
  }
  return { bytes: Buffer.concat(chunks, size), wire, truncated }
}

export const headerBytes = (headers: Record<string, string | string[] | undefined>) =>
  Object.entries(headers).reduce((sum, [name, value]) => {
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value]
    return sum + values.reduce((s, v) => s + name.length + v.length + 4, 0)
  }, 0)

export const cleanHeaders = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, value] as const],
    ),
  )

export const firstValue = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value
