import type { ReactNode } from 'react'
import Box from '@mui/material/Box'

type NoteProps = {
  /** Its colour: information, or a warning. */
  severity?: 'info' | 'warning'
  children: ReactNode
}

/**
 * A short note in an outlined alert's look, drawn with a Box: for notes on a page's first screen
 * (the tester's "Loaded from the directory", a health check that found no network), where MUI's
 * Alert would add its own chunk to the first load. Read where it stands, not announced.
 */
export function Note({ severity = 'info', children }: NoteProps) {
  return (
    <Box
      role="note"
      sx={{
        border: 1,
        borderColor: `${severity}.main`,
        borderLeftWidth: 4,
        borderRadius: 1,
        px: 2,
        py: 1.5,
        typography: 'body2',
        color: 'text.primary',
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Box>
  )
}
