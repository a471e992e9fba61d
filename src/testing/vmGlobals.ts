// The client tests run each file in a VM context of its own on one jsdom per worker (vite.config's
// pool: 'vmThreads'): building jsdom per file was a third of the layer's time. jsdom's window has
// no web streams, which MSW needs as it loads; Node's own are lent to the context, as the default
// pool's global scope had them.
import * as webStreams from 'node:stream/web'

for (const name of ['ReadableStream', 'WritableStream', 'TransformStream'] as const) {
  ;(globalThis as Record<string, unknown>)[name] ??= webStreams[name]
}
