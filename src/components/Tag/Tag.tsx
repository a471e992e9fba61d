import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import type { SxProps, Theme } from '@mui/material/styles'
import './Tag.css'

export type TagColor = 'default' | 'primary' | 'success' | 'warning' | 'error'

type Props = {
  label: string
  color?: TagColor
  /** An icon before the label, 16 px; decorative (the label says it all). */
  icon?: ReactNode
  /** A class of Tag.css that varies the look (`atlas-tag-method`). */
  className?: string
  sx?: SxProps<Theme>
}

/**
 * A small outlined label that does nothing: looks like MUI's small outlined Chip, without the
 * Chip's button, delete and avatar machinery (about 3.5 KB compressed that an API page's first
 * load would otherwise carry, docs/performance.md). For a chip a person clicks, use Chip. Styled by
 * Tag.css, so that drawing one costs no style work; `sx` adds to it.
 */
export function Tag({ label, color = 'default', icon, className, sx }: Props) {
  const classes = `atlas-tag atlas-tag-${color}${className ? ` ${className}` : ''}`
  const content = (
    <>
      {icon}
      <span className="atlas-tag-label">{label}</span>
    </>
  )
  return sx ? (
    <Box component="span" className={classes} sx={sx}>
      {content}
    </Box>
  ) : (
    <span className={classes}>{content}</span>
  )
}
