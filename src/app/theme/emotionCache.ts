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
 * A staff page carries a fresh nonce on `<meta property="csp-nonce">`, and Emotion puts it on the
 * style tags it injects. A public page has none: its policy allows Emotion's style sheets because
 * they are added empty and filled through the CSSOM (server/spa.ts, EMPTY_STYLE_SOURCE).
 */
export function createEmotionCache(doc: Document = document) {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')
  const nonce = meta?.nonce || undefined
  return createCache({ key: EMOTION_KEY, nonce, prepend: true, stylisPlugins: STYLIS_PLUGINS })
}
