import {
  useId,
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react'
import FormControl from '@mui/material/FormControl'
import FormHelperText from '@mui/material/FormHelperText'
import InputLabel from '@mui/material/InputLabel'
import OutlinedInput from '@mui/material/OutlinedInput'
import type { InputBaseComponentProps } from '@mui/material/InputBase'
import type { SxProps, Theme } from '@mui/material/styles'
import { monoFontFamily } from '@/lib/theme/tokens'

type Props = {
  label: string
  /** The input's id; one is made up when not given. */
  id?: string
  /** The field's form name. */
  name?: string
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void
  onPaste?: (event: ClipboardEvent<HTMLDivElement>) => void
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void
  /** The cursor moved or the selection changed. */
  onSelect?: () => void
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>
  /** More attributes of the input itself (ARIA states, say). */
  inputAttributes?: InputBaseComponentProps
  helperText?: ReactNode
  helperTextSx?: SxProps<Theme>
  placeholder?: string
  type?: string
  multiline?: boolean
  minRows?: number
  maxRows?: number
  fullWidth?: boolean
  disabled?: boolean
  /** Marks the field (and its help) as wrong. */
  error?: boolean
  color?: 'primary' | 'warning'
  /** Code the user types (a URL, JSON): monospaced, no spelling marks. */
  code?: boolean
  sx?: SxProps<Theme>
}

// In a class, not a style attribute: the server draws the tester, and the page's CSP blocks style
// attributes in its HTML.
const codeInput = {
  '& .MuiInputBase-input': {
    fontFamily: monoFontFamily,
    fontSize: 14,
  },
}

/**
 * A text area that grows with its text between `minRows` and `maxRows` lines, by the browser's own
 * `field-sizing` (elsewhere it keeps `minRows` lines and the reader can drag it taller). MUI's
 * TextareaAutosize measures itself with a hidden twin in style attributes, which the server's page
 * cannot carry.
 */
const growingTextArea = (minRows = 3, maxRows = minRows) => ({
  inputComponent: 'textarea' as const,
  rows: minRows,
  sx: {
    '& textarea.MuiInputBase-input': {
      fieldSizing: 'content',
      minHeight: `${minRows}lh`,
      maxHeight: `${maxRows}lh`,
      overflow: 'auto',
      resize: 'vertical',
    },
  },
})

/**
 * An outlined, small text field with its label and help, looking and reading as MUI's TextField
 * does; built from TextField's own parts, which leaves out the Select, Menu and Modal that
 * TextField always brings (the tester's first-load budget, docs/performance.md).
 */
export function OutlinedField({
  label,
  id: givenId,
  helperText,
  helperTextSx,
  onPaste,
  fullWidth,
  disabled,
  error,
  color,
  code,
  sx,
  multiline,
  minRows,
  maxRows,
  inputAttributes,
  ...input
}: Props) {
  const madeId = useId()
  const id = givenId ?? madeId
  const textArea = multiline ? growingTextArea(minRows, maxRows) : undefined
  const helperId = helperText ? `${id}-helper-text` : undefined
  return (
    <FormControl
      size="small"
      fullWidth={fullWidth}
      disabled={disabled}
      error={error}
      color={color}
      onPaste={onPaste}
      sx={sx}
    >
      {/* Always on the border: on the server's page, before the app runs, a label that moves up
          only when the app sees the field filled would sit on what a visitor typed. */}
      <InputLabel htmlFor={id} id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        notched
        fullWidth={fullWidth}
        aria-describedby={helperId}
        multiline={multiline}
        inputComponent={textArea?.inputComponent}
        rows={textArea?.rows}
        // A textarea has no type (InputBase gives every input one).
        inputProps={{
          ...(code && { spellCheck: false }),
          ...(multiline && { type: undefined }),
          ...inputAttributes,
        }}
        sx={[code ? codeInput : {}, textArea ? textArea.sx : {}]}
      />
      {helperText && (
        <FormHelperText id={helperId} sx={helperTextSx}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  )
}
