import { useEffect, useId, useRef } from 'react'
import FormControl from '@mui/material/FormControl'
import InputLabel from '@mui/material/InputLabel'
import OutlinedInput from '@mui/material/OutlinedInput'

type Props = { value: string; onChange: (value: string) => void }

/** The endpoint list's filter box, built from its parts rather than TextField, which would bring
 * Select, Menu and Modal along. */
export function EndpointFilter({ value, onChange }: Props) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  // Typed into the server's page before the app took it over: hydration keeps it in the box but
  // never reports it, so the list takes it up once, on mount.
  useEffect(() => {
    const typed = inputRef.current?.value ?? ''
    if (typed !== value) onChange(typed)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <FormControl size="small" sx={{ mb: 1, width: { xs: '100%', sm: 360 } }}>
      {/* Always on the border with the hint showing: the hint's hiding rule needs the label right
          before the field, and the server's render puts the field's styles between them. */}
      <InputLabel htmlFor={id} shrink>
        Filter endpoints
      </InputLabel>
      <OutlinedInput
        id={id}
        inputRef={inputRef}
        notched
        label="Filter endpoints"
        placeholder="Method, path or description"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormControl>
  )
}
