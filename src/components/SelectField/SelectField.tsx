import { useId, type ChangeEvent } from 'react'
import type { SxProps, Theme } from '@mui/material/styles'
import { OutlinedSelect } from '@/components/OutlinedSelect/OutlinedSelect'

type Props<V extends string> = {
  label: string
  /** The field's form name. */
  name?: string
  /** Its mark for a choice made before its part runs (OutlinedSelect). */
  earlyKey?: string
  value: V
  options: readonly { value: V; label: string }[]
  onChange: (value: V) => void
  sx?: SxProps<Theme>
}

/**
 * A small outlined select: the browser's own list (labelled, keyboard- and phone-friendly) rather
 * than MUI's menu, which would bring Menu, Popover and Modal to the tester's first load.
 */
export function SelectField<V extends string>({
  label,
  name,
  earlyKey,
  value,
  options,
  onChange,
  sx,
}: Props<V>) {
  const id = useId()
  return (
    <OutlinedSelect
      sx={sx}
      id={id}
      label={label}
      name={name}
      earlyKey={earlyKey}
      value={value}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value as V)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </OutlinedSelect>
  )
}
