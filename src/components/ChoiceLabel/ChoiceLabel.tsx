import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import type { SxProps, Theme } from '@mui/material/styles'
import type { Style } from '@/components/FieldFrame/FieldFrame'

type Props = {
  /** The checkbox or switch the label belongs to; inside the label, so a press on the text sets it. */
  control: ReactNode
  label: ReactNode
  sx?: SxProps<Theme>
}

// As MUI's FormControlLabel lays out a control and its text.
const labelSx: Style = (theme) => ({
  display: 'inline-flex',
  alignItems: 'center',
  cursor: 'pointer',
  verticalAlign: 'middle',
  WebkitTapHighlightColor: 'transparent',
  marginLeft: '-11px',
  marginRight: '16px',
  '& > .atlas-choice-text': { ...theme.typography.body1 },
  // Disabled is the control's own state, read where it is rather than passed twice.
  '&:has(input:disabled)': {
    cursor: 'default',
    '& > .atlas-choice-text': { color: (theme.vars ?? theme).palette.text.disabled },
  },
})

/**
 * A checkbox or switch with its text, as MUI's FormControlLabel draws it, in a plain `<label>`:
 * FormControlLabel reads its control's props and a form control's state in React to draw what a
 * label element does itself, and came with MUI's form parts to each first load with one.
 */
export function ChoiceLabel({ control, label, sx }: Props) {
  return (
    <Box component="label" sx={[labelSx, ...(Array.isArray(sx) ? sx : [sx])]}>
      {control}
      <span className="atlas-choice-text">{label}</span>
    </Box>
  )
}
