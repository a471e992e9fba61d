// How the tester reads an answer's body: which viewer suits it, the preview document for HTML and
// a file name for a download. Pure, so tested without a browser.
import type { TestResponseData } from '@/contract/tester'

export type BodyKind = 'none' | 'json' | 'image' | 'html' | 'text' | 'binary'

const mediaType = (contentType: string | null) =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''

export function bodyKind(data: Pick<TestResponseData, 'bodyEncoding' | 'contentType'>): BodyKind {
  const type = mediaType(data.contentType)
  switch (data.bodyEncoding) {
    case 'none':
      return 'none'
    case 'json':
      return 'json'
    case 'base64':
      return type.startsWith('image/') ? 'image' : 'binary'
    case 'text':
      // SVG arrives as text; as an <img> its scripts never run.
      if (type === 'image/svg+xml') return 'image'
      return type === 'text/html' || type === 'application/xhtml+xml' ? 'html' : 'text'
  }
}

/**
 * The HTML a sandboxed frame shows. The frame has no script, form or same-origin rights; its own
 * policy also stops it fetching anything (a tracking pixel, a font), except images inlined as
 * data. The page's policy applies too: the frame inherits it.
 */
export const PREVIEW_POLICY = "default-src 'none'; img-src data:"

export const previewDocument = (html: string) =>
  `<!doctype html><meta http-equiv="Content-Security-Policy" content="${PREVIEW_POLICY}"><meta name="referrer" content="no-referrer">${html}`

const EXTENSIONS: Record<string, string> = {
  'application/json': 'json',
  'text/html': 'html',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/xml': 'xml',
  'application/xml': 'xml',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
}

/** A file name for the body: the URL's last segment, with an extension from its type if it lacks one. */
export function downloadName(
  url: string,
  contentType: string | null,
  encoding: TestResponseData['bodyEncoding'],
): string {
  let segment = ''
  try {
    segment = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '')
  } catch {
    segment = ''
  }
  const base = segment.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '') || 'response'
  const type = mediaType(contentType)
  const extension =
    EXTENSIONS[type] ?? (type.endsWith('+json') || encoding === 'json' ? 'json' : undefined)
  if (!extension || /\.[a-z0-9]{1,5}$/i.test(base)) return base
  return `${base}.${extension}`
}
