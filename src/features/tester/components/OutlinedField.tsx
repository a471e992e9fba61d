import {
  useId,
  type ChangeEvent,
  type ClipboardEvent,
  type CSSProperties,
  type ReactNode,
} from 'react'
import FormControl from '@mui/material/FormControl'
import FormHelperText from '@mui/material/FormHelperText'
import InputLabel from '@mui/material/InputLabel'
import OutlinedInput from '@mui/material/OutlinedInput'
import type { SxProps, Theme } from '@mui/material/styles'

type Props = {
  label: string
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void
  onPaste?: (event: ClipboardEvent<HTMLDivElement>) => void
  helperText?: ReactNode
  helperTextSx?: SxProps<Theme>
  placeholder?: string
  type?: string
  multiline?: boolean
  minRows?: number
  maxRows?: number
  fullWidth?: boolean
  disabled?: boolean
  color?: 'primary' | 'warning'
  /** Code the user types (a URL, JSON): monospaced, no spelling marks. */
  code?: boolean
  sx?: SxProps<Theme>
}

const codeStyle: CSSProperties = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 14,
}

/**
 * An outlined, small text field with its label and help, looking and reading as MUI's TextField
 * does; built from TextField's own parts, which leaves out the Select, Menu and Modal that
 * TextField always brings (DESIGN.md §8: the tester's first load).
 */
export function OutlinedField({
  label,
  helperText,
  helperTextSx,
  onPaste,
  fullWidth,
  disabled,
  color,
  code,
  sx,
  ...input
}: Props) {
  const id = useId()
  const helperId = helperText ? `${id}-helper-text` : undefined
  return (
    <FormControl
      size="small"
      fullWidth={fullWidth}
      disabled={disabled}
      color={color}
      onPaste={onPaste}
      sx={sx}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        fullWidth={fullWidth}
        aria-describedby={helperId}
        inputProps={code ? { spellCheck: false, style: codeStyle } : undefined}
      />
      {helperText && (
        <FormHelperText id={helperId} sx={helperTextSx}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  )
}
