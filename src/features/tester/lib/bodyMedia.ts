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

/** A multipart part: a text field, or a file read into base64 (the request model's). */
export type { BodyPart } from '@/contract/testerRequest'
