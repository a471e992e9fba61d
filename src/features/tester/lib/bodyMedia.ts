// How a request body is written for its media type. The Content-Type header is the one place
// that says what the body is: the body's editor follows it, and what is sent is encoded by it.

export type BodyMedia = 'json' | 'form' | 'multipart' | 'xml' | 'text'

export const MEDIA_TYPES: Record<BodyMedia, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  xml: 'application/xml',
  text: 'text/plain',
}

/** The body's kind for a Content-Type value (parameters such as charset ignored). */
export function mediaOf(contentType: string | undefined): BodyMedia {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  if (type === '' || /[/+]json$/.test(type)) return 'json'
  if (type === 'application/x-www-form-urlencoded') return 'form'
  if (type.startsWith('multipart/')) return 'multipart'
  if (/[/+]xml$/.test(type)) return 'xml'
  return 'text'
}

/** The Content-Type among `headers`, whatever its case: its name and value. */
export function contentTypeOf(
  headers: Record<string, string> | null,
): [name: string, value: string] | undefined {
  return Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')
}

/** A multipart part: a text field, or a file read into base64. */
export type BodyPart =
  | { name: string; value: string }
  | { name: string; file: { name: string; type: string; base64: string } }

/** Form rows for a JSON value: objects as `a[b][c]`, arrays of values as `a[]`, others as `a[0][b]`. */
export function formRows(value: unknown, prefix = ''): [string, string][] {
  if (value === null || value === undefined) return prefix ? [[prefix, '']] : []
  if (Array.isArray(value)) {
    const scalars = value.every((v) => v === null || typeof v !== 'object')
    return value.flatMap((item, i) => formRows(item, scalars ? `${prefix}[]` : `${prefix}[${i}]`))
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) =>
      formRows(v, prefix ? `${prefix}[${key}]` : key),
    )
  }
  return [[prefix, String(value)]]
}

/** The form body's text for rows: what is sent, as `application/x-www-form-urlencoded`. */
export function formText(rows: [string, string][]): string {
  return new URLSearchParams(rows).toString()
}

/** A form body's rows, decoded. */
export function formBodyRows(text: string): [string, string][] {
  return [...new URLSearchParams(text.trim())]
}

/** Rows back into JSON: `a[b]` nests, `a[]` and `a[0]` make arrays; every value stays a string. */
export function rowsToJson(rows: [string, string][]): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [name, value] of rows) {
    const parts = [
      name.replace(/\[.*$/, ''),
      ...[...name.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!),
    ]
    let node: Record<string, unknown> | unknown[] = root
    parts.forEach((key, i) => {
      const last = i === parts.length - 1
      const next = parts[i + 1]
      const child = next === '' || (next !== undefined && /^\d+$/.test(next)) ? [] : {}
      if (Array.isArray(node)) {
        if (key === '') {
          if (last) node.push(value)
          else node.push(child)
          node = last ? node : (node[node.length - 1] as typeof node)
          return
        }
        const index = Number(key)
        if (last) node[index] = value
        else node = (node[index] ??= child) as typeof node
        return
      }
      if (last) node[key] = value
      else node = (node[key] ??= child) as typeof node
    })
  }
  return root
}

const encoder = new TextEncoder()

function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

const quoted = (text: string) => text.replace(/["\r\n]/g, (c) => encodeURIComponent(c))

/** A multipart body (RFC 7578) with its boundary, as base64 bytes to send. */
export function multipartBody(parts: BodyPart[], boundary: string): string {
  const chunks: Uint8Array[] = []
  for (const part of parts) {
    // A file part with no file chosen is left out, as a browser's form would leave it.
    if (part.name.trim() === '' || ('file' in part && part.file.name === '')) continue
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"`
    if ('file' in part) {
      head += `; filename="${quoted(part.file.name)}"\r\nContent-Type: ${part.file.type || 'application/octet-stream'}`
    }
    chunks.push(encoder.encode(`${head}\r\n\r\n`))
    chunks.push('file' in part ? base64ToBytes(part.file.base64) : encoder.encode(part.value))
    chunks.push(encoder.encode('\r\n'))
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`))
  const total = chunks.reduce((sum, c) => sum + c.length, 0)
  const out = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return bytesToBase64(out)
}
