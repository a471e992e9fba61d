import type { ClipboardEventHandler, ReactNode, Ref } from 'react'
import Box from '@mui/material/Box'
import type { SxProps, Theme } from '@mui/material/styles'

/** One style of an `sx` list (a list may not nest in a list). */
export type Style = Exclude<SxProps<Theme>, readonly unknown[]>

/** The class a frame's own control (its input, select or text area) carries. */
export const FIELD_CONTROL = 'atlas-field-control'
/** The class of the outlined box around the control, inside the field. */
export const FIELD_BOX = 'atlas-field-box'

type Props = {
  /** The label, on the outline's top edge from the first paint (below, FieldFrame). */
  label: ReactNode
  /** The control's id, which the label names. */
  htmlFor: string
  labelId?: string
  /** Medium is MUI's default height; small is what forms here use. */
  size?: 'small' | 'medium'
  fullWidth?: boolean
  disabled?: boolean
  /** Marks the outline, the label and the help as wrong. */
  error?: boolean
  color?: 'primary' | 'warning'
  /** Before and after the control, inside the outline (an icon, a clear button). */
  start?: ReactNode
  end?: ReactNode
  /** The control is a text area: the frame pads it rather than the control padding itself. */
  multiline?: boolean
  helperText?: ReactNode
  helperId?: string
  helperTextSx?: SxProps<Theme>
  onPaste?: ClipboardEventHandler<HTMLDivElement>
  frameRef?: Ref<HTMLDivElement>
  sx?: SxProps<Theme>
  /** The control itself, with the class FIELD_CONTROL. */
  children: ReactNode
}

const control = `& .${FIELD_CONTROL}`
const focusedControl = `${control}:focus`

/** MUI's outline colour: the text colour at 23%. */
const outlineColour = (theme: Theme) =>
  theme.vars
    ? `rgba(${theme.vars.palette.common.onBackgroundChannel} / 0.23)`
    : theme.palette.mode === 'dark'
      ? 'rgba(255, 255, 255, 0.23)'
      : 'rgba(0, 0, 0, 0.23)'

// As MUI's FormControl lays out a field: a column of the field and its help.
const rootSx: Style = {
  display: 'inline-flex',
  flexDirection: 'column',
  position: 'relative',
  minWidth: 0,
  verticalAlign: 'top',
}

// As MUI's OutlinedInput draws a small field with its label shrunk onto the outline: the same
// sizes, colours and states, from the theme, with the browser's own control inside.
const frameSx: Style = (theme) => {
  const vars = theme.vars ?? theme
  return {
    ...theme.typography.body1,
    lineHeight: '1.4375em',
    color: vars.palette.text.primary,
    boxSizing: 'border-box',
    position: 'relative',
    cursor: 'text',
    display: 'flex',
    alignItems: 'center',
    borderRadius: `${theme.shape.borderRadius}px`,
    [control]: {
      font: 'inherit',
      letterSpacing: 'inherit',
      color: 'currentColor',
      padding: '8.5px 14px',
      border: 0,
      boxSizing: 'content-box',
      background: 'none',
      height: '1.4375em',
      margin: 0,
      display: 'block',
      minWidth: 0,
      width: '100%',
      WebkitTapHighlightColor: 'transparent',
      '&::placeholder': {
        color: 'currentColor',
        opacity: theme.vars ? theme.vars.opacity.inputPlaceholder : 0.42,
      },
      '&:focus': { outline: 0 },
      '&:invalid': { boxShadow: 'none' },
      '&[type=search]': { MozAppearance: 'textfield' },
      '&:disabled': { opacity: 1, WebkitTextFillColor: vars.palette.text.disabled },
    },
    '& > fieldset': {
      textAlign: 'left',
      position: 'absolute',
      inset: '-5px 0 0',
      margin: 0,
      padding: '0 8px',
      pointerEvents: 'none',
      borderRadius: 'inherit',
      borderStyle: 'solid',
      borderWidth: 1,
      borderColor: outlineColour(theme),
      overflow: 'hidden',
      minWidth: '0%',
    },
    // The notch: the label's text, unseen, at the size the label is drawn, keeps the border off it.
    '& > fieldset > legend': {
      float: 'unset',
      width: 'auto',
      overflow: 'hidden',
      display: 'block',
      padding: 0,
      height: 11,
      fontSize: '0.75em',
      visibility: 'hidden',
      maxWidth: '100%',
      whiteSpace: 'nowrap',
      '& > span': {
        paddingLeft: '5px',
        paddingRight: '5px',
        display: 'inline-block',
        opacity: 0,
        visibility: 'visible',
      },
    },
    '& > label': {
      ...theme.typography.body1,
      lineHeight: '1.4375em',
      color: vars.palette.text.secondary,
      padding: 0,
      position: 'absolute',
      left: 0,
      top: 0,
      zIndex: 1,
      display: 'block',
      transformOrigin: 'top left',
      transform: 'translate(14px, -9px) scale(0.75)',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      maxWidth: 'calc(133% - 32px)',
      userSelect: 'none',
    },
    '@media (hover: hover)': {
      '&:hover > fieldset': { borderColor: vars.palette.text.primary },
    },
    [`${focusedControl} ~ fieldset`]: { borderColor: vars.palette.primary.main, borderWidth: 2 },
    [`${focusedControl} ~ label`]: { color: vars.palette.primary.main },
  }
}

const warningSx: Style = (theme) => {
  const vars = theme.vars ?? theme
  return {
    [`${focusedControl} ~ fieldset`]: { borderColor: vars.palette.warning.main },
    [`${focusedControl} ~ label`]: { color: vars.palette.warning.main },
  }
}

const errorSx: Style = (theme) => {
  const { error } = (theme.vars ?? theme).palette
  return {
    '& > fieldset, &:hover > fieldset': { borderColor: error.main },
    [`&& ${focusedControl} ~ fieldset`]: { borderColor: error.main },
    '& > label, && .atlas-field-control:focus ~ label': { color: error.main },
  }
}

const disabledSx: Style = (theme) => {
  const vars = theme.vars ?? theme
  return {
    color: vars.palette.text.disabled,
    cursor: 'default',
    '& > fieldset, &:hover > fieldset': { borderColor: vars.palette.action.disabled },
    '& > label': { color: vars.palette.text.disabled },
  }
}

const mediumSx: Style = { [control]: { padding: '16.5px 14px' } }
const startSx: Style = { paddingLeft: '14px', [control]: { paddingLeft: 0 } }
const endSx: Style = { paddingRight: '14px', [control]: { paddingRight: 0 } }
const multilineSx: Style = {
  padding: '8.5px 14px',
  [control]: { padding: 0, height: 'auto', resize: 'none' },
}

// As MUI's InputAdornment places an icon or a button beside the control.
const adornmentSx = (theme: Theme, side: 'start' | 'end') => ({
  display: 'flex',
  height: '0.01em',
  maxHeight: '2em',
  alignItems: 'center',
  whiteSpace: 'nowrap',
  color: (theme.vars ?? theme).palette.action.active,
  [side === 'start' ? 'marginRight' : 'marginLeft']: '8px',
})

const helperSx: Style = (theme) => ({
  ...theme.typography.caption,
  color: (theme.vars ?? theme).palette.text.secondary,
  textAlign: 'left',
  margin: '3px 14px 0',
})

/**
 * MUI's outlined field, drawn around the browser's own control: the outline with its notch, the
 * label on it, adornments and help, in MUI's sizes and colours, and nothing else. MUI's
 * FormControl, InputLabel, OutlinedInput and InputBase track focus, fill and size in React state
 * to draw what CSS draws here, and every public page with a field downloaded and hydrated them
 * (docs/performance.md). Focus is the control's own (`:focus`); the label sits on the outline from
 * the first paint, so what a visitor types into the server's page before the app runs is never
 * under it.
 */
export function FieldFrame({
  label,
  htmlFor,
  labelId,
  size = 'small',
  fullWidth,
  disabled,
  error,
  color,
  start,
  end,
  multiline,
  helperText,
  helperId,
  helperTextSx,
  onPaste,
  frameRef,
  sx,
  children,
}: Props) {
  return (
    <Box
      ref={frameRef}
      onPaste={onPaste}
      sx={[rootSx, fullWidth ? { width: '100%' } : {}, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Box
        className={FIELD_BOX}
        sx={[
          frameSx,
          size === 'medium' && mediumSx,
          color === 'warning' && warningSx,
          start !== undefined && startSx,
          end !== undefined && endSx,
          multiline === true && multilineSx,
          error === true && errorSx,
          disabled === true && disabledSx,
        ]}
      >
        {start !== undefined && <Box sx={(theme) => adornmentSx(theme, 'start')}>{start}</Box>}
        {children}
        {end !== undefined && <Box sx={(theme) => adornmentSx(theme, 'end')}>{end}</Box>}
        <fieldset aria-hidden>
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
        <label htmlFor={htmlFor} id={labelId}>
          {label}
        </label>
      </Box>
      {helperText !== undefined && helperText !== null && helperText !== false && (
        <Box
          component="p"
          id={helperId}
          sx={[
            helperSx,
            error === true && { color: 'error.main' },
            ...(Array.isArray(helperTextSx) ? helperTextSx : [helperTextSx]),
          ]}
        >
          {helperText}
        </Box>
      )}
    </Box>
  )
}
