import type { ChangeEvent, ReactNode, SelectHTMLAttributes } from 'react'
import type { InputBaseComponentProps } from '@mui/material/InputBase'
import OutlinedInput from '@mui/material/OutlinedInput'
import type { SxProps, Theme } from '@mui/material/styles'
import ArrowDropDown from '@mui/icons-material/ArrowDropDown'

type Props = {
  /** The select's id, which its InputLabel names with htmlFor. */
  id: string
  /** The label's text, for the outline's notch. */
  label: string
  /** Its form name (what a visitor chose before hydration is read by it). */
  name?: string
  /**
   * Its mark for a choice made before its part runs (`data-early-change`, useEarlyChange), where
   * the part is drawn afresh rather than hydrated.
   */
  earlyKey?: string
  value: string
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
  /** The <option>s. */
  children: ReactNode
  sx?: SxProps<Theme>
}

// As MUI's NativeSelect draws an outlined select: the browser's arrow off, ours at the right.
const selectSx: SxProps<Theme> = (theme) => ({
  position: 'relative',
  '& select': {
    appearance: 'none',
    userSelect: 'none',
    cursor: 'pointer',
    borderRadius: `${theme.shape.borderRadius}px`,
    paddingRight: '32px',
  },
  '& select option': { backgroundColor: (theme.vars ?? theme).palette.background.paper },
  '& .atlas-select-arrow': {
    position: 'absolute',
    right: 7,
    top: 'calc(50% - .5em)',
    pointerEvents: 'none',
    color: (theme.vars ?? theme).palette.action.active,
  },
})

/** The field's element: InputBase hands it the value, the handlers and the ref. */
function SelectElement(props: InputBaseComponentProps) {
  return <select {...(props as SelectHTMLAttributes<HTMLSelectElement>)} />
}

/**
 * The browser's own select in MUI's outlined field, inside a FormControl with an InputLabel:
 * labelled, keyboard- and phone-friendly, and a plain form field before the app hydrates. It is
 * what NativeSelect with an OutlinedInput draws, without NativeSelect's standard Input and helper
 * text, which every page with a select would download for nothing (~4 KB, docs/performance.md).
 */
export function OutlinedSelect({
  id,
  label,
  name,
  earlyKey,
  value,
  onChange,
  children,
  sx,
}: Props) {
  return (
    <OutlinedInput
      id={id}
      label={label}
      notched
      value={value}
      // InputBase types its events for inputs; the element here is the select above.
      onChange={(event) => onChange(event as unknown as ChangeEvent<HTMLSelectElement>)}
      inputComponent={SelectElement}
      inputProps={{ name, children, 'data-early-change': earlyKey }}
      endAdornment={<ArrowDropDown className="atlas-select-arrow" />}
      sx={[selectSx, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  )
}
