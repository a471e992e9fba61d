import { render } from '@testing-library/react'
import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { ThemeProvider, type Theme } from '@mui/material/styles'
import { describe, expect, it } from 'vitest'
import { appTheme, makeThemeWithBuiltVars } from './theme'
import { themeVarsJson } from './themeVariables'

/** The theme the site's pages use, from the variables' references as the build writes them. */
const builtTheme = () => makeThemeWithBuiltVars(JSON.parse(themeVarsJson()))

/** The CSS Emotion writes for a few of the app's components under `theme`. */
const cssUnder = (theme: Theme, key: string) => {
  render(
    <CacheProvider value={createCache({ key })}>
      <ThemeProvider theme={theme} disableStyleSheetGeneration>
        <Paper>
          <Typography variant="h2">Heading</Typography>
          <Button variant="contained">Send</Button>
          <Button variant="outlined" color="secondary">
            Cancel
          </Button>
          <Chip label="CORS" color="success" variant="outlined" />
          <Alert severity="warning">Careful</Alert>
          <TextField label="URL" />
        </Paper>
      </ThemeProvider>
    </CacheProvider>,
  )
  // Emotion writes a rule as text or through the CSSOM (its speedy mode): read both ways.
  return [...document.querySelectorAll<HTMLStyleElement>(`style[data-emotion^="${key}"]`)]
    .flatMap((style) => [
      ...(style.textContent ? [style.textContent] : []),
      ...[...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText),
    ])
    .map((rule) => rule.replaceAll(`${key}-`, 'css-'))
    .sort()
}

describe('the theme with variables made at build time', () => {
  it('hands its components the same variable references as the theme MUI makes them for', () => {
    expect(builtTheme().generateThemeVars()).toEqual(appTheme().generateThemeVars())
    expect(builtTheme().vars).toEqual(appTheme().generateThemeVars())
  })

  it('holds the same palettes, typography and settings for both schemes', () => {
    // Everything but the variables: functions are left out by JSON, and compared by use below.
    const data = (theme: Theme) =>
      JSON.stringify(theme, (key, value: unknown) => (key === 'vars' ? undefined : value))
    expect(data(builtTheme())).toBe(data(appTheme()))
  })

  it('styles the components exactly as the theme MUI makes', () => {
    const built = cssUnder(builtTheme(), 'built')
    expect(built.length).toBeGreaterThan(10)
    expect(built.join('\n')).toContain('var(--mui-palette-primary-main)')
    expect(built).toEqual(cssUnder(appTheme(), 'made'))
  })

  it('has no style sheets to give: they are in the site stylesheet', () => {
    expect(() => builtTheme().generateStyleSheets()).toThrow(/site stylesheet/)
  })
})
