import { useId } from 'react'
import FormControl from '@mui/material/FormControl'
import InputLabel from '@mui/material/InputLabel'
import OutlinedInput from '@mui/material/OutlinedInput'

type Props = { value: string; onChange: (value: string) => void }

/** The endpoint list's filter box, built from its parts rather than TextField, which would bring
 * Select, Menu and Modal along. */
export function EndpointFilter({ value, onChange }: Props) {
  const id = useId()
  return (
    <FormControl size="small" sx={{ mb: 1, width: { xs: '100%', sm: 360 } }}>
      <InputLabel htmlFor={id}>Filter endpoints</InputLabel>
      <OutlinedInput
        id={id}
        label="Filter endpoints"
        placeholder="Method, path or description"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormControl>
  )
}
