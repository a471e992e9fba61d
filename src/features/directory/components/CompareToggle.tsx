import Button from '@mui/material/Button'
import { PICK_MAX, setPicked, usePicked, type Picked } from '../lib/compareSelection'

/**
 * Adds the API to the comparison tray, or takes it out: a toggle whose pressed state says whether
 * it is in. Past PICK_MAX picks the others are disabled; the tray says why.
 */
export function CompareToggle({ api, outlined }: { api: Picked; outlined?: boolean }) {
  const picked = usePicked()
  const on = picked.some((one) => one.id === api.id)
  return (
    <Button
      size={outlined ? 'medium' : 'small'}
      variant={on ? 'contained' : outlined ? 'outlined' : 'text'}
      aria-pressed={on}
      aria-label={`Compare ${api.name}`}
      disabled={!on && picked.length >= PICK_MAX}
      onClick={() =>
        setPicked(
          on
            ? picked.filter((one) => one.id !== api.id)
            : [...picked, { id: api.id, name: api.name }],
        )
      }
    >
      Compare
    </Button>
  )
}
