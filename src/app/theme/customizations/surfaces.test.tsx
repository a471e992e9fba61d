import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import Alert from '@mui/material/Alert'
import { ThemeProvider } from '@mui/material/styles'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { appTheme } from '../theme'

/** An alert's markup, and the CSS Emotion wrote for it. */
const drawn = (variant: 'standard' | 'filled' | 'outlined') => {
  // A key per variant, so each one's style tags are its own.
  const cache = createCache({ key: `alert${variant}` })
  const { container } = render(
    <CacheProvider value={cache}>
      <ThemeProvider theme={appTheme()}>
        <Alert severity="info" variant={variant}>
          Health checks are off on this server.
        </Alert>
      </ThemeProvider>
    </CacheProvider>,
  )
  const html = container.innerHTML
  const css = [...document.querySelectorAll(`style[data-emotion^="alert${variant}"]`)]
    .map((style) => style.textContent)
    .join('')
  return { html, css }
}

describe('an alert, with the app’s theme', () => {
  it.each(['standard', 'filled', 'outlined'] as const)(
    'writes no style attribute as %s, which a server-drawn page’s CSP would block',
    (variant) => {
      const { html } = drawn(variant)
      expect(html).toContain('role="alert"')
      expect(html).not.toMatch(/\sstyle="/)
    },
  )

  it('shows an outline only when its own variant is outlined', () => {
    expect(drawn('standard').css).toMatch(/border:0/)
    expect(drawn('filled').css).toMatch(/border:0/)
    expect(drawn('outlined').css).not.toMatch(/border:0/)
  })
})
