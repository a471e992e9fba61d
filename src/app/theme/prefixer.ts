import type { StylisPlugin } from '@emotion/cache'
import { DECLARATION } from 'stylis'

/**
 * The properties the browsers MUI supports still need a `-webkit-` copy of (Safari). Emotion's
 * default prefixer also writes one for every flex, transform, transition and text-decoration rule
 * (old Safari, old Edge and IE), which was over a fifth of the CSS a server-drawn page carried
 * inline, and more text for the browser to write each time it adds a rule.
 */
const STILL_PREFIXED =
  /^(?:user-select|background-clip|text-size-adjust|print-color-adjust|backdrop-filter|mask(?:-[a-z]+)*|hyphens|box-decoration-break)$/

/**
 * Writes `-webkit-` copies of the declarations in STILL_PREFIXED only. A few lines rather than
 * stylis's own prefixer, which knows every property and would add 3.4 KB of minified code
 * (Emotion carries a copy of its own that it does not export).
 */
export const modernPrefixer: StylisPlugin = (element) => {
  if (element.type !== DECLARATION || element.return || typeof element.props !== 'string') return
  // A declaration's value is its whole text, `user-select:none;`.
  if (STILL_PREFIXED.test(element.props))
    element.return = `-webkit-${element.value}${element.value}`
}

export const STYLIS_PLUGINS = [modernPrefixer]
