import { useLayoutEffect } from 'react'
import IconButton from '@mui/material/IconButton'
import { useColorScheme } from '@mui/material/styles'
import DarkMode from '@mui/icons-material/DarkModeOutlined'
import LightMode from '@mui/icons-material/LightModeOutlined'
import { clickTakenEarly, forgetEarlyClick, takeEarlyClick } from '@/lib/earlyInput'
import { useInBrowser } from '@/lib/useInBrowser'

/** The toggle's mark for a press before the app ran (src/app/earlyInput.js). */
const EARLY = 'theme-mode'

/**
 * Flips between light and dark; until the user picks, the system's preference rules.
 *
 * The server draws the button too, so its styles come with the page: drawn only in the browser,
 * it popped into the header once the app ran, and its rules were the one set every page's start
 * had to compile. The server cannot know the mode, so the icon shown follows the page's scheme
 * attribute (set before the first paint) through CSS, and the name says which way it flips once
 * the app has taken the header over (when it is first used). A press before the app ran is
 * carried out when it mounts.
 */
export function ThemeModeToggle() {
  const { mode, systemMode, setMode } = useColorScheme()
  const inBrowser = useInBrowser()
  const current = mode === 'system' ? systemMode : mode
  const label =
    inBrowser && current
      ? `Switch to ${current === 'dark' ? 'light' : 'dark'} mode`
      : 'Switch between light and dark mode'
  const flip = () => {
    if (current) setMode(current === 'dark' ? 'light' : 'dark')
  }
  // In the commit that hands the toggle to React, as CompareToggle does: a press noted before is
  // carried out once, and the click React may then deliver for that same press is ignored below.
  useLayoutEffect(() => {
    if (takeEarlyClick([EARLY])) flip()
    return () => forgetEarlyClick([EARLY])
    // Once, on mount: later presses go through onClick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <IconButton
      aria-label={label}
      title={label}
      data-early-click={EARLY}
      onClick={(event) => {
        if (!clickTakenEarly(EARLY, event.nativeEvent)) flip()
      }}
      color="inherit"
      sx={(theme) => ({
        '& [data-shown-in=dark]': { display: 'none' },
        ...theme.applyStyles('dark', {
          '& [data-shown-in=light]': { display: 'none' },
          '& [data-shown-in=dark]': { display: 'inline-block' },
        }),
      })}
    >
      <DarkMode data-shown-in="light" />
      <LightMode data-shown-in="dark" />
    </IconButton>
  )
}
