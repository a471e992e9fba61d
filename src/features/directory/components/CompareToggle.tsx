import Button from '@mui/material/Button'
import { useLayoutEffect } from 'react'
import { clickTakenEarly, forgetEarlyClick, takeEarlyClick } from '@/lib/earlyInput'
import { PICK_MAX, togglePicked, usePicked, type Picked } from '../lib/compareSelection'

/**
 * Adds the API to the comparison tray, or takes it out: a toggle whose pressed state says whether
 * it is in. Past PICK_MAX picks the others are disabled; the tray says why. A press on the server's
 * page before the app ran is carried out when the toggle mounts (src/app/earlyInput.js).
 */
export function CompareToggle({ api, outlined }: { api: Picked; outlined?: boolean }) {
  const picked = usePicked()
  const on = picked.some((one) => one.id === api.id)
  const early = `compare:${api.id}`
  // In the commit that hands the toggle to React, as the tab bar does: a press noted before is
  // carried out once, and the click React may then deliver for that same press is ignored below.
  useLayoutEffect(() => {
    if (takeEarlyClick([early])) togglePicked(api)
    return () => forgetEarlyClick([early])
    // Once, on mount: later presses go through onClick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <Button
      size={outlined ? 'medium' : 'small'}
      variant={on ? 'contained' : outlined ? 'outlined' : 'text'}
      aria-pressed={on}
      aria-label={`Compare ${api.name}`}
      disabled={!on && picked.length >= PICK_MAX}
      data-early-click={early}
      onClick={(event) => {
        if (!clickTakenEarly(early, event.nativeEvent)) togglePicked(api)
      }}
    >
      Compare
    </Button>
  )
}
