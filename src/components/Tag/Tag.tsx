import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import type { SxProps, Theme } from '@mui/material/styles'

export type TagColor = 'default' | 'primary' | 'success' | 'warning' | 'error'

type Props = {
  label: string
  color?: TagColor
  /** An icon before the label, 16 px; decorative (the label says it all). */
  icon?: ReactNode
  sx?: SxProps<Theme>
}

/**
 * A small outlined label that does nothing: looks like MUI's small outlined Chip, without the
 * Chip's button, delete and avatar machinery (about 3.5 KB compressed that an API page's first
 * load would otherwise carry, docs/performance.md). For a chip a person clicks, use Chip.
 */
export function Tag({ label, color = 'default', icon, sx }: Props) {
  return (
    <Box
      component="span"
      sx={[
        (theme) => {
          const palette = (theme.vars ?? theme).palette
          return {
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            boxSizing: 'border-box',
            maxWidth: '100%',
            height: 24,
            px: '7px',
            borderRadius: '12px',
            fontFamily: theme.typography.fontFamily,
            fontSize: theme.typography.pxToRem(13),
            lineHeight: 1.5,
            whiteSpace: 'nowrap',
            verticalAlign: 'middle',
            color: color === 'default' ? palette.text.primary : palette[color].main,
            border: `1px solid ${
              color === 'default'
                ? (theme.vars?.palette.Chip.defaultBorder ?? palette.grey[400])
                : theme.alpha(palette[color].main, 0.7)
            }`,
            '& > svg': { fontSize: 16, ml: '-3px', flexShrink: 0 },
          }
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {icon}
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {label}
      </Box>
    </Box>
  )
}
