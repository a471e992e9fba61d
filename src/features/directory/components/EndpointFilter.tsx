import { useEffect, useRef } from 'react'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'

type Props = { value: string; onChange: (value: string) => void }

/** The endpoint list's filter box. */
export function EndpointFilter({ value, onChange }: Props) {
  const inputRef = useRef<HTMLInputElement>(null)
  // Typed into the server's page before the app took it over: hydration keeps it in the box but
  // never reports it, so the list takes it up once, on mount.
  useEffect(() => {
    const typed = inputRef.current?.value ?? ''
    if (typed !== value) onChange(typed)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <OutlinedField
      label="Filter endpoints"
      inputRef={inputRef}
      placeholder="Method, path or description"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ mb: 1, width: { xs: '100%', sm: 360 } }}
    />
  )
}
