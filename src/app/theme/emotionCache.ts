import createCache from '@emotion/cache'
import { STYLIS_PLUGINS } from './prefixer'

/**
 * A staff page carries a fresh nonce on `<meta property="csp-nonce">`, and Emotion puts it on the
 * style tags it injects. A public page has none: its policy allows Emotion's style sheets because
 * they are added empty and filled through the CSSOM (server/spa.ts, EMPTY_STYLE_SOURCE).
 */
export function createEmotionCache(doc: Document = document) {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')
  const nonce = meta?.nonce || undefined
  return createCache({ key: 'css', nonce, prepend: true, stylisPlugins: STYLIS_PLUGINS })
}
