// MUI's default themes made when first read rather than as their modules run. The material
// default theme, Box's, and the system's for styled(), useTheme, Stack and Container each build a
// whole theme on every page's start, together the largest single piece of the entry's first task,
// for themes the app's ThemeProvider always overrides: MUI reads one only where no provider is
// above a component (src/app/theme/lazyTheme.ts).

/** The module that makes a theme lazily, from the project's root. */
export const LAZY_THEME_MODULE = 'src/app/theme/lazyTheme.ts'

/** A module of MUI's own packages. */
const MUI_MODULE = /[\\/]node_modules[\\/]@mui[\\/](material|system)[\\/].*\.m?js$/
/** A default theme an MUI module builds as it runs: `const defaultTheme = createTheme();`. */
const MODULE_SCOPE_THEME = /^(export )?const (\w+) = createTheme\(\);$/gm

/**
 * The module's code with each default theme it builds as it runs made lazily, or undefined when
 * it builds none. `lazyModule` is the absolute path of LAZY_THEME_MODULE.
 */
export const withLazyThemes = (id: string, code: string, lazyModule: string) => {
  if (!MUI_MODULE.test(id) || !code.includes('= createTheme();')) return undefined
  const replaced = code.replace(
    MODULE_SCOPE_THEME,
    (_line, exported: string | undefined, name: string) =>
      `${exported ?? ''}const ${name} = lazyTheme(() => createTheme());`,
  )
  if (replaced === code) return undefined
  // The import goes last (imports are hoisted), so every line keeps its place.
  return `${replaced}\nimport { lazyTheme } from ${JSON.stringify(lazyModule)};\n`
}
