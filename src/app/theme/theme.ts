import { createTheme, type Theme } from '@mui/material/styles'
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

const makeTheme = () =>
  createTheme({
    cssVariables: { colorSchemeSelector: 'data' },
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
    typography: {
      fontFamily,
      h1: { fontSize: '2.25rem', fontWeight: 700, letterSpacing: '-0.02em' },
      h2: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.01em' },
      h3: { fontSize: '1.375rem', fontWeight: 600 },
      h4: { fontSize: '1.125rem', fontWeight: 600 },
    },
    components: { ...inputCustomizations, ...surfaceCustomizations },
  })
