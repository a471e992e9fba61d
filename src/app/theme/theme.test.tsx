import { render } from '@testing-library/react'
import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { ThemeProvider, type Theme } from '@mui/material/styles'
import { beforeEach, describe, expect, it, vi } from 'vitest'

/** A fresh copy of the module: each keeps the theme it made. */
const themeModule = async () => {
  vi.resetModules()
  return import('./theme')
}

/** The theme as the browser's start makes it: step by step. */
const inSteps = async () => {
  const { appTheme, appThemeSteps } = await themeModule()
  for (const step of appThemeSteps) step()
  return appTheme()
}
const inOneStep = async () => (await themeModule()).appTheme()

/** The CSS Emotion writes for a few of the app's components under `theme`. */
const cssUnder = (theme: Theme, key: string) => {
  render(
    <CacheProvider value={createCache({ key })}>
      <ThemeProvider theme={theme} disableStyleSheetGeneration>
        <Paper>
          <Typography variant="h2">Heading</Typography>
          <Stack spacing={2} sx={{ p: 3, color: 'text.secondary' }}>
            <Button variant="contained">Send</Button>
            <Button variant="outlined" color="secondary">
              Cancel
            </Button>
          </Stack>
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

describe('the theme made in steps', () => {
  beforeEach(() => {
    document.head.innerHTML = ''
  })

  it('has the variable references and style sheets of the theme made in one step', async () => {
    const [stepped, whole] = [await inSteps(), await inOneStep()]
    expect(Object.keys(stepped.vars.palette).length).toBeGreaterThan(10)
    expect(stepped.vars).toEqual(whole.vars)
    expect(stepped.generateThemeVars()).toEqual(whole.generateThemeVars())
    expect(stepped.generateStyleSheets()).toEqual(whole.generateStyleSheets())
    expect(stepped.shouldSkipGeneratingVar).toBe(whole.shouldSkipGeneratingVar)
    expect(stepped.spacing(2)).toBe('calc(2 * var(--mui-spacing, 8px))')
    expect(stepped.spacing(2, 'auto')).toBe(whole.spacing(2, 'auto'))
  })

  it('holds the same palettes, typography and settings for both schemes', async () => {
    // Everything else: functions are left out by JSON, and compared by use below.
    const data = (theme: Theme) => JSON.parse(JSON.stringify(theme)) as unknown
    expect(data(await inSteps())).toEqual(data(await inOneStep()))
  })

  it('styles the components exactly as the theme made in one step', async () => {
    const stepped = cssUnder(await inSteps(), 'stepped')
    expect(stepped.length).toBeGreaterThan(10)
    expect(stepped.join('\n')).toContain('var(--mui-palette-primary-main)')
    expect(stepped.join('\n')).toContain('calc(3 * var(--mui-spacing))')
    expect(stepped).toEqual(cssUnder(await inOneStep(), 'whole'))
  })

  it('is made once, whichever asks first', async () => {
    const { appTheme, appThemeSteps } = await themeModule()
    const first = appTheme()
    for (const step of appThemeSteps) step()
    expect(appTheme()).toBe(first)
  })
})
