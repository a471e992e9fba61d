import createCache from '@emotion/cache'

/**
 * The server puts a fresh nonce on `<meta property="csp-nonce">` for every page; Emotion must put
 * the same nonce on the style tags it injects, or the Content-Security-Policy blocks them.
 */
export function createEmotionCache(doc: Document = document) {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')
  const nonce = meta?.nonce || undefined
  return createCache({ key: 'css', nonce, prepend: true })
}
