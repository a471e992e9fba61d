// Modules the build makes (scripts/vitePlugins.ts).
declare module 'virtual:theme-vars' {
  import type { ThemeVars } from './theme'

  /** The theme's references to its CSS variables (`theme.vars`), made in Node. */
  const themeVars: ThemeVars
  export default themeVars
}
