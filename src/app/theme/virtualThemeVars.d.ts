// The theme's variable references, made when the site is built (scripts/vitePlugins.ts,
// themeVariables).
declare module 'virtual:theme-vars' {
  import type { ThemeVars } from '@/app/theme/theme'
  const vars: ThemeVars
  export default vars
}
