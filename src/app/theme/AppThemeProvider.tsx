import type { ReactNode } from 'react'
import { ThemeProvider } from '@mui/material/styles'
import { CacheProvider } from '@emotion/react'
import type { EmotionCache } from '@emotion/cache'
import { appTheme } from './theme'

type Props = {
  children: ReactNode
  /**
   * Emotion's cache: with a staff page's CSP nonce, or none on a public page, whose policy allows
   * the empty style sheets Emotion fills through the CSSOM (server/spa.ts).
   */
  cache: EmotionCache
  /** Where the chosen mode is remembered; `null` keeps it in memory (stories, tests). */
  persistMode?: boolean
  /**
   * The theme's CSS variables and MUI's baseline are in the site's stylesheet
   * (src/app/theme/themeVariables.ts), so the provider writes neither; without it (stories, tests)
   * it writes the variables as global styles. MUI's baseline is not here at all, so that no page
   * downloads it: the stories draw it themselves (.storybook/decorators.tsx).
   */
  themeSheet?: boolean
}

export function AppThemeProvider({ children, cache, persistMode = true, themeSheet }: Props) {
  return (
    <CacheProvider value={cache}>
      <ThemeProvider
        theme={appTheme()}
        defaultMode="system"
        // Without this, MUI draws the whole tree once more right after mount to reveal the mode,
        // in one uninterruptible render that cost a throttled phone about 500 ms on /apis. The
        // server's drawing still hydrates cleanly: with CSS variables no markup depends on the
        // mode, and the one control that does (ThemeModeToggle) shows it through CSS and names it
        // once in the browser.
        noSsr
        disableStyleSheetGeneration={themeSheet}
        {...(persistMode ? {} : { storageManager: null })}
      >
        {children}
      </ThemeProvider>
    </CacheProvider>
  )
}
