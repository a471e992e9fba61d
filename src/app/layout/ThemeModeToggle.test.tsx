import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ThemeProvider } from '@mui/material/styles'
import { afterEach, describe, expect, it } from 'vitest'
import { EARLY_CLICK_ATTRIBUTE } from '@/lib/earlyInput'
import { appTheme } from '../theme/theme'
import { ThemeModeToggle } from './ThemeModeToggle'

// As AppThemeProvider draws it (noSsr): the mode is known in the first render.
const drawToggle = () =>
  render(
    <ThemeProvider theme={appTheme()} defaultMode="light" storageManager={null} noSsr>
      <ThemeModeToggle />
    </ThemeProvider>,
  )

afterEach(() => document.documentElement.removeAttribute(EARLY_CLICK_ATTRIBUTE))

describe('ThemeModeToggle', () => {
  it('flips the mode, and names the way it flips', async () => {
    drawToggle()
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to dark mode' }))
    expect(await screen.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
    expect(document.documentElement.hasAttribute('data-dark')).toBe(true)
  })

  it('carries out a press made before the app ran, once, when it mounts', async () => {
    // As the early-input script notes a press on the server's button (src/app/earlyInput.js).
    document.documentElement.setAttribute(EARLY_CLICK_ATTRIBUTE, 'theme-mode')
    drawToggle()
    expect(await screen.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
    expect(document.documentElement.hasAttribute(EARLY_CLICK_ATTRIBUTE)).toBe(false)
    await waitFor(() => expect(document.documentElement.hasAttribute('data-dark')).toBe(true))
  })
})
