// A multipart body (RFC 7578) encoded in the browser: loaded with the multipart editor and when a
// multipart request is sent, not with the tester.
import type { BodyPart } from './bodyMedia'

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
