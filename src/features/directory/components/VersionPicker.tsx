import { useId } from 'react'
import FormControl from '@mui/material/FormControl'
import InputLabel from '@mui/material/InputLabel'
import type { ApiVersion } from '@/contract/apis'
import { OutlinedSelect } from '@/components/OutlinedSelect/OutlinedSelect'

type Props = {
  /** The entry's versions, its default first. */
  versions: ApiVersion[]
  /** The version shown. */
  value: string
  onChange: (id: string) => void
}

/**
 * The versions or variants of one API (GitHub's REST API and its Enterprise Server versions), as a
 * native select: labelled, keyboard- and phone-friendly, no menu code on the page's first load. The
 * shared OutlinedSelect, already on the page, rather than NativeSelect (2 KB and a request more).
 */
export function VersionPicker({ versions, value, onChange }: Props) {
  const id = useId()
  return (
    <FormControl size="small" sx={{ maxWidth: 360 }}>
      <InputLabel htmlFor={id} shrink>
        Version ({versions.length})
      </InputLabel>
      <OutlinedSelect
        id={id}
        label={`Version (${versions.length})`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {versions.map((version, index) => (
          <option key={version.id} value={version.id}>
            {index === 0 ? `${version.label} (default)` : version.label}
          </option>
        ))}
      </OutlinedSelect>
    </FormControl>
  )
}
