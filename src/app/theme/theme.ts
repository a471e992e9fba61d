import { createTheme, shouldSkipGeneratingVar, type Theme } from '@mui/material/styles'
import { prepareCssVars } from '@mui/system/cssVars'
import deepmerge from '@mui/utils/deepmerge'
// The theme is made with CSS variables: its type then has them (`vars`, `generateStyleSheets`), and
// ThemeProvider takes their props.
import type {} from '@mui/material/themeCssVarsAugmentation'
import { inputCustomizations } from './customizations/inputs'
import { surfaceCustomizations } from './customizations/surfaces'
import { brand, fontFamily, grey, shape, status, surfaces } from '../../lib/theme/tokens'

let theme: Theme | undefined

/**
 * Light and dark schemes as CSS variables; the mode follows the system unless the user picks one.
 * Made on first use, once: making it is ~10 ms of work on a fast machine (both schemes' variables),
 * which the app's start does in a step of its own (main.tsx) rather than while its modules load.
 */
export const appTheme = () => (theme ??= makeTheme())

let withoutVariables: Theme | undefined
let walk: ReturnType<typeof variablesWalk> | undefined
const walkOf = () => (walk ??= variablesWalk((withoutVariables ??= makeTheme(() => true))))

/**
 * `appTheme` made in three steps, for the browser's start to run each in a task of its own: a slow
 * phone's input waits behind a whole task, eight times longer there than on a fast machine, and
 * making the theme in one step is among the start's longest. Much of it is MUI's walk of both
 * schemes into CSS variables (`prepareCssVars`), which `createTheme` runs last. The first step makes
 * the theme with that walk skipped; the next two run the same walk over it with MUI's own
 * settings, one scheme each, and set what it makes, and the spacing made from it, as `createTheme`
 * does. theme.test.tsx holds the result to the theme made in one step.
 */
export const appThemeSteps = [
  () => void (theme ?? (withoutVariables ??= makeTheme(() => true))),
  () => void (theme ?? walkOf().otherSchemes()),
  () => void (theme ??= walkOf().finish()),
] as const

/**
 * The variables' references without their fallbacks (`var(--mui-spacing, 8px)` becomes
 * `var(--mui-spacing)`), as MUI's `generateThemeVars` gives them: the same keys in the same order,
 * since both come from the same walk.
 */
const withoutFallbacks = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replace(/^var\((--[^,)]+),[\s\S]*\)$/, 'var($1)')
  if (Array.isArray(value)) return value.map(withoutFallbacks)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, withoutFallbacks(inner)]),
    )
  }
  return value
}

/** The theme's spacing unit, in pixels: MUI's own, named so the variables' walk can be given it. */
const SPACING_PX = 8

/**
 * MUI's walk of a theme made without its CSS variables, in parts: the schemes other than the
 * default, then the default's, and what it makes set on the theme.
 */
const variablesWalk = (made: Theme) => {
  // The walk is given the theme as createTheme gives it: before the default scheme's parts
  // (palette, opacity, overlays) are copied to its top and its spacing becomes a function.
  const { spacing: _function, ...walked } = made as Theme & Record<string, unknown>
  for (const part of Object.keys(made.colorSchemes[made.defaultColorScheme] ?? {})) {
    delete walked[part]
  }
  // Nor the parts every variable of is skipped (typography, breakpoints, transitions, the sx
  // config, …: MUI's rule reads only their top key): the walk would visit each of their values,
  // at its first run in the interpreter, to make nothing of them.
  for (const part of Object.keys(walked)) {
    if (shouldSkipGeneratingVar([part])) delete walked[part]
  }
  const input = { ...walked, spacing: `${SPACING_PX}px` }
  const options = {
    prefix: made.cssVarPrefix,
    shouldSkipGeneratingVar,
    colorSchemeSelector: made.colorSchemeSelector,
  }
  const { [made.defaultColorScheme]: defaultScheme, ...otherSchemes } = made.colorSchemes
  // The variables' references of the theme and the given schemes, as prepareCssVars makes them:
  // the theme's, then each scheme's merged over them.
  const varsOf = (colorSchemes: Theme['colorSchemes']) =>
    prepareCssVars({ ...input, colorSchemes }, options).vars as Record<string, unknown>
  // Merged in prepareCssVars' order: the other schemes first, the default's last, so that a
  // reference's fallback is the default scheme's value.
  let othersVars: Record<string, unknown> | undefined
  const others = () => (othersVars ??= varsOf(otherSchemes))
  // The walk of both schemes at once, for what writes the variables' values: the site's stylesheet
  // has them already (AppThemeProvider's themeSheet), so only stories and tests ask for it.
  let whole: ReturnType<typeof prepareCssVars> | undefined
  const wholeWalk = () => (whole ??= prepareCssVars(input, options))
  const generateStyleSheets: ReturnType<typeof wholeWalk>['generateStyleSheets'] = (...args) =>
    wholeWalk().generateStyleSheets(...args)
  return {
    otherSchemes: () => void others(),
    finish: (): Theme => {
      const vars = deepmerge(others(), varsOf({ [made.defaultColorScheme]: defaultScheme }))
      // MUI's ThemeProvider asks for these references as it first renders, inside hydration's
      // first slice of work: made from `vars` rather than by the whole walk again.
      let references: Record<string, unknown> | undefined
      const generateThemeVars = () =>
        (references ??= withoutFallbacks(vars) as Record<string, unknown>)
      Object.assign(made, { vars, generateThemeVars, generateStyleSheets, shouldSkipGeneratingVar })
      // Its spacing takes the variable's reference from `vars` as it is made.
      made.spacing = made.generateSpacing()
      return made
    },
  }
}

const makeTheme = (skipVariables?: () => boolean) =>
  createTheme({
    cssVariables: {
      colorSchemeSelector: 'data',
      ...(skipVariables && { shouldSkipGeneratingVar: skipVariables }),
    },
    colorSchemes: {
      light: {
        palette: {
          primary: { main: brand[600], light: brand[400], dark: brand[800], contrastText: '#fff' },
          secondary: { main: grey[700] },
          success: { main: status.success.light },
          warning: { main: status.warning.light },
          error: { main: status.error.light },
          info: { main: status.info.light },
          background: surfaces.light,
          text: { primary: grey[900], secondary: grey[600] },
          divider: grey[200],
        },
      },
      dark: {
        palette: {
          primary: {
            main: brand[300],
            light: brand[200],
            dark: brand[500],
            contrastText: grey[900],
          },
          secondary: { main: grey[300] },
          success: { main: status.success.dark },
          warning: { main: status.warning.dark },
          error: { main: status.error.dark },
          info: { main: status.info.dark },
          background: surfaces.dark,
          text: { primary: grey[50], secondary: grey[300] },
          divider: grey[700],
        },
      },
    },
    shape,
    spacing: SPACING_PX,
    typography: {
      fontFamily,
      h1: { fontSize: '2.25rem', fontWeight: 700, letterSpacing: '-0.02em' },
      h2: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.01em' },
      h3: { fontSize: '1.375rem', fontWeight: 600 },
      h4: { fontSize: '1.125rem', fontWeight: 600 },
    },
    components: { ...inputCustomizations, ...surfaceCustomizations },
  })
