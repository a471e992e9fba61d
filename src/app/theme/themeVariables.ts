import { css } from '@emotion/react'
import { compile, middleware, serialize, stringify } from 'stylis'
import { modernPrefixer } from './prefixer'
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
