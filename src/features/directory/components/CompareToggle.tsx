import Button from '@mui/material/Button'
import { PICK_MAX, togglePicked, usePicked, type Picked } from '../lib/compareSelection'
import { VisuallyHidden } from './VisuallyHidden'

/**
 * Adds the API to the comparison tray, or takes it out: a pressed toggle, so a screen reader says
 * whether it is in. Past PICK_MAX picks the others are disabled; the tray says why.
 */
export function CompareToggle({
  api,
  variant = 'text',
}: {
  api: Picked
  variant?: 'text' | 'outlined'
}) {
  const picked = usePicked()
  const on = picked.some((one) => one.id === api.id)
  return (
    <Button
      size={variant === 'text' ? 'small' : 'medium'}
      variant={variant}
      aria-pressed={on}
      disabled={!on && picked.length >= PICK_MAX}
      onClick={() => togglePicked(api)}
    >
      {on ? 'Comparing' : 'Compare'}
      <VisuallyHidden> {api.name}</VisuallyHidden>
    </Button>
  )
}
