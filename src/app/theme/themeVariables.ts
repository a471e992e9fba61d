import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import createCache from '@emotion/cache'
import { CacheProvider, css } from '@emotion/react'
import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { compile, middleware, serialize, stringify } from 'stylis'
import { modernPrefixer, STYLIS_PLUGINS } from './prefixer'
import { appTheme } from './theme'

/**
 * The theme's CSS variables for both schemes, as the text MUI's ThemeProvider would insert. They
 * are the same on every page, so the build puts them in the site's stylesheet, which the browser
 * caches (scripts/vitePlugins.ts, themeVariables), rather than Emotion writing them inline on each
 * page and again as the app starts. Run at build time, in Node.
 */
export const themeVariablesCss = () => {
  const { styles } = css(appTheme().generateStyleSheets())
  return serialize(compile(styles), middleware([modernPrefixer as never, stringify]))
}

/**
 * MUI's baseline (CssBaseline, with each scheme's `color-scheme`), as the text its global style
 * would insert: drawn once on the server's side of Emotion, which hands a global's rules back
 * rather than inserting them. In the site's stylesheet, it is never a style tag the app's start
 * moves or writes: either is a new style sheet of `*`, `html` and `body` rules, which has the
 * browser work out the style of every element of the page again.
 */
export const baselineCss = () => {
  const cache = createCache({ key: 'baseline', stylisPlugins: STYLIS_PLUGINS })
  // Compat mode keeps each global's rules in `inserted`, as renderPage does for the page's head.
  cache.compat = true
  renderToStaticMarkup(
    createElement(
      CacheProvider,
      { value: cache },
      createElement(
        ThemeProvider,
        { theme: appTheme(), disableStyleSheetGeneration: true },
        createElement(CssBaseline, { enableColorScheme: true }),
      ),
    ),
  )
  const rules = Object.values(cache.inserted).filter((rule) => typeof rule === 'string')
  if (rules.length !== 1) throw new Error(`CssBaseline wrote ${rules.length} global styles, not 1`)
  return rules[0]!
}

/** The site's theme stylesheet: the variables, then the baseline that reads them. */
export const themeStylesheetCss = () => themeVariablesCss() + baselineCss()
