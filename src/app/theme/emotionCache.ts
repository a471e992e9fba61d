import createCache from '@emotion/cache'
import { STYLIS_PLUGINS } from './prefixer'

/**
 * The app's class names and style tags are `at-…` (Atlas), not Emotion's default `css-…`:
 * @emotion/react makes a default cache with that key as its module runs, which would adopt (and
 * move) the server's style tags of the same key in the entry's first task, before the app's own
 * cache adopts them again.
 */
export const EMOTION_KEY = 'at'

/**
 * The `data-emotion` of the server's scoped rules, followed by their ids. Not `at …`, which
 * Emotion's cache adopts by moving the tag to its own place in <head>: a style sheet taken out
 * and put back, which has the browser work out again the style of every element whose class it
 * names, nearly the whole page, in the app's first task.
 */
export const SERVED_STYLES = `${EMOTION_KEY}-served`

/**
 * A staff page carries a fresh nonce on `<meta property="csp-nonce">`, and Emotion puts it on the
 * style tags it injects. A public page has none: its policy allows Emotion's style sheets because
 * they are added empty and filled through the CSSOM (server/spa.ts, EMPTY_STYLE_SOURCE).
 */
export function createEmotionCache(doc: Document = document) {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')
  const nonce = meta?.nonce || undefined
  const served = doc.querySelector<HTMLStyleElement>(`style[data-emotion^="${SERVED_STYLES} "]`)
  const cache = createCache({
    key: EMOTION_KEY,
    nonce,
    // The app's rules follow the server's, as written after them; at the start of <head> on a
    // page the server did not draw.
    ...(served ? { insertionPoint: served } : { prepend: true }),
    stylisPlugins: STYLIS_PLUGINS,
  })
  // The server's rules are taken as they are, where they are.
  for (const id of served?.getAttribute('data-emotion')!.split(' ').slice(1) ?? []) {
    cache.inserted[id] = true
  }
  return cache
}
