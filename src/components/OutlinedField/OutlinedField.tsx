import {
  useId,
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react'
import type { SxProps, Theme } from '@mui/material/styles'
import { FIELD_BOX, FIELD_CONTROL, FieldFrame } from '@/components/FieldFrame/FieldFrame'
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
  inputAttributes?: InputHTMLAttributes<HTMLInputElement> &
    TextareaHTMLAttributes<HTMLTextAreaElement> &
    Record<`data-${string}`, string | undefined>
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
// attributes in its HTML. Inside the box, to outweigh the box's own rule for its control (the font
// it inherits), whatever order the two arrive in.
const codeInput = {
  [`& .${FIELD_BOX} .${FIELD_CONTROL}`]: { fontFamily: monoFontFamily, fontSize: 14 },
}

/**
 * A text area that grows with its text between `minRows` and `maxRows` lines, by the browser's own
 * `field-sizing` (elsewhere it keeps `minRows` lines and the reader can drag it taller); a twin
 * measured in style attributes, as MUI's TextareaAutosize does, is what the server's page cannot
 * carry.
 */
const growingTextArea = (minRows = 3, maxRows = minRows) => ({
  [`& textarea.${FIELD_CONTROL}`]: {
    fieldSizing: 'content',
    minHeight: `${minRows}lh`,
    maxHeight: `${maxRows}lh`,
    overflow: 'auto',
    resize: 'vertical',
  },
})

/**
 * An outlined, small text field with its label and help, looking and reading as MUI's TextField
 * does: the browser's own input or text area in the shared outline (FieldFrame), without the
 * React state MUI's parts keep for what CSS can draw (the tester's first load, docs/performance.md).
 */
export function OutlinedField({
  label,
  id: givenId,
  name,
  value,
  onChange,
  onPaste,
  onKeyDown,
  onSelect,
  inputRef,
  inputAttributes,
  helperText,
  helperTextSx,
  placeholder,
  type,
  multiline,
  minRows,
  maxRows,
  fullWidth,
  disabled,
  error,
  color,
  code,
  sx,
}: Props) {
  const madeId = useId()
  const id = givenId ?? madeId
  const helperId = helperText ? `${id}-helper-text` : undefined
  const shared = {
    ...inputAttributes,
    id,
    name,
    value,
    onChange,
    onKeyDown,
    onSelect,
    placeholder,
    disabled,
    className: FIELD_CONTROL,
    'aria-invalid': error || undefined,
    'aria-describedby': helperId,
    ...(code && { spellCheck: false }),
  }
  return (
    <FieldFrame
      label={label}
      htmlFor={id}
      labelId={`${id}-label`}
      fullWidth={fullWidth}
      disabled={disabled}
      error={error}
      color={color}
      multiline={multiline}
      helperText={helperText || undefined}
      helperId={helperId}
      helperTextSx={helperTextSx}
      onPaste={onPaste}
      sx={[
        code ? codeInput : {},
        multiline ? growingTextArea(minRows, maxRows) : {},
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {multiline ? (
        <textarea
          {...(shared as TextareaHTMLAttributes<HTMLTextAreaElement>)}
          ref={inputRef as Ref<HTMLTextAreaElement>}
          rows={minRows ?? 3}
        />
      ) : (
        <input
          {...(shared as InputHTMLAttributes<HTMLInputElement>)}
          ref={inputRef as Ref<HTMLInputElement>}
          type={type ?? 'text'}
        />
      )}
    </FieldFrame>
  )
}
