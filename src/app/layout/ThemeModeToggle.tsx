import IconButton from '@mui/material/IconButton'
import { useColorScheme } from '@mui/material/styles'
import DarkMode from '@mui/icons-material/DarkModeOutlined'
import LightMode from '@mui/icons-material/LightModeOutlined'
import { useInBrowser } from '@/lib/useInBrowser'

/** Flips between light and dark; until the user picks, the system's preference rules. */
export function ThemeModeToggle() {
  const { mode, systemMode, setMode } = useColorScheme()
  const inBrowser = useInBrowser()
  const current = mode === 'system' ? systemMode : mode
  if (!current || !inBrowser) return null
  const next = current === 'dark' ? 'light' : 'dark'
  const label = `Switch to ${next} mode`
  return (
    <IconButton aria-label={label} title={label} onClick={() => setMode(next)} color="inherit">
      {current === 'dark' ? <LightMode /> : <DarkMode />}
    </IconButton>
  )
}
