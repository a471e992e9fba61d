import createCache, { type EmotionCache } from '@emotion/cache'
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
  writeOnceUsed(cache, doc)
  return cache
}

/**
 * A styled component around another component (MUI's Button around ButtonBase, a Link around
 * Typography) hands its class down, and the inner styled element merges those rules into a class
 * of its own: the outer class is on no element. Emotion writes its rules all the same, parsed and
 * inserted one by one, and on a page the server drew they are nearly all the app writes while it
 * hydrates, on the start's longest tasks. So the rules of a class handed down (Emotion keeps its
 * styles in `registered` for the merge) are written only once an element carries it: looked for
 * right after React's commit (a microtask, before the browser paints) and, for a class not seen
 * then, on every later change to the page (a MutationObserver, also before it paints). Only a
 * layout effect could see such an element unstyled: one that measures, in the commit that first
 * draws it, an element a component Emotion does not style draws with a class handed down.
 */
function writeOnceUsed(cache: EmotionCache, doc: Document) {
  const write = cache.insert.bind(cache)
  /** Each class handed down and on no element yet, with the writing of its rules. */
  const waiting = new Map<string, () => void>()
  /** Those handed down since React's last commit; the observer looks out for the older ones. */
  const fresh: string[] = []

  const writeIfUsed = (className: string) => {
    const writeRules = waiting.get(className)
    if (!writeRules) return
    waiting.delete(className)
    writeRules()
  }
  const seen = (element: Element) => {
    for (const className of element.classList) writeIfUsed(className)
  }
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') seen(record.target as Element)
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue
        seen(node)
        for (const element of node.querySelectorAll('[class]')) seen(element)
      }
    }
    if (waiting.size === 0) observer.disconnect()
  })
  const lookForThem = () => {
    for (const className of fresh.splice(0)) {
      if (doc.getElementsByClassName(className).length > 0) writeIfUsed(className)
    }
    if (waiting.size > 0) {
      observer.observe(doc.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['class'],
      })
    }
  }

  cache.insert = (selector, serialized, sheet, shouldCache) => {
    const className = selector.slice(1)
    const handedDown =
      shouldCache &&
      selector === `.${cache.key}-${serialized.name}` &&
      cache.registered[className] !== undefined
    if (!handedDown) return write(selector, serialized, sheet, shouldCache)
    // Not marked inserted: each render of its component asks again, and finds it waiting.
    if (waiting.has(className)) return
    waiting.set(className, () => write(selector, serialized, sheet, shouldCache))
    if (fresh.push(className) === 1) queueMicrotask(lookForThem)
  }
}
