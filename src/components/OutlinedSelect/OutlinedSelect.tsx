import type { ChangeEvent, ReactNode, Ref } from 'react'
import type { SxProps, Theme } from '@mui/material/styles'
import ArrowDropDown from '@mui/icons-material/ArrowDropDown'
import {
  FIELD_BOX,
  FIELD_CONTROL,
  FieldFrame,
  type Style,
} from '@/components/FieldFrame/FieldFrame'

type Props = {
  /** The select's id, which its label names. */
  id: string
  /** The label on the outline. */
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
  fullWidth?: boolean
  /** The field's outer element, to measure or scroll to. */
  fieldRef?: Ref<HTMLDivElement>
  sx?: SxProps<Theme>
}

// As MUI's NativeSelect draws an outlined select: the browser's arrow off, ours at the right.
const selectSx: Style = (theme) => ({
  // Room for the arrow, as MUI keeps for an end adornment.
  [`& .${FIELD_BOX}`]: { paddingRight: '14px' },
  [`& select.${FIELD_CONTROL}`]: {
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

/**
 * The browser's own select in MUI's outlined look, with its label: keyboard- and phone-friendly,
 * and a plain form field before the app hydrates; neither MUI's Menu nor its NativeSelect and
 * form parts, which every page with a select would download (docs/performance.md).
 */
export function OutlinedSelect({
  id,
  label,
  name,
  earlyKey,
  value,
  onChange,
  children,
  fullWidth,
  fieldRef,
  sx,
}: Props) {
  return (
    <FieldFrame
      label={label}
      htmlFor={id}
      fullWidth={fullWidth}
      frameRef={fieldRef}
      sx={[selectSx, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <select
        id={id}
        name={name}
        className={FIELD_CONTROL}
        value={value}
        onChange={onChange}
        data-early-change={earlyKey}
      >
        {children}
      </select>
      <ArrowDropDown className="atlas-select-arrow" />
    </FieldFrame>
  )
}
