import IconButton from '@mui/material/IconButton'
import { useColorScheme } from '@mui/material/styles'
import DarkMode from '@mui/icons-material/DarkModeOutlined'
import LightMode from '@mui/icons-material/LightModeOutlined'
import { useInBrowser } from '@/lib/useInBrowser'

/**
 * Flips between light and dark; until the user picks, the system's preference rules.
 *
 * The server draws the button too, so its styles come with the page: drawn only in the browser,
 * it popped into the header once the app ran, and its rules were the one set every page's start
 * had to compile. The server cannot know the mode, so the icon shown follows the page's scheme
 * attribute (set before the first paint) through CSS, and the name says which way it flips once
 * the app knows, in the browser.
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
  return (
    <IconButton
      aria-label={label}
      title={label}
      onClick={flip}
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
