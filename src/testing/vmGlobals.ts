// The client tests run each file in a VM context of its own on one jsdom per worker (vite.config's
// pool: 'vmThreads'): building jsdom per file was a third of the layer's time. jsdom's window
// lacks some of what browsers and the default pool's global scope have: web streams (MSW needs
// them as it loads), compression streams, and Web Crypto's subtle; Node's own are lent to it.
import { webcrypto } from 'node:crypto'
import * as webStreams from 'node:stream/web'

const STREAMS = [
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'CompressionStream',
  'DecompressionStream',
  'TextEncoderStream',
  'TextDecoderStream',
] as const

for (const name of STREAMS) (globalThis as Record<string, unknown>)[name] ??= webStreams[name]
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true })
}
