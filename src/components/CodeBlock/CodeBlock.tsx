import Box from '@mui/material/Box'

/**
 * A block of code or an example as it is: monospace, scrolled in place when long, and reachable by
 * keyboard as a named region so its overflow can be scrolled without a mouse.
 */
export function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <Box
      component="pre"
      role="region"
      tabIndex={0}
      aria-label={label}
      sx={{
        fontFamily: 'monospace',
        m: 0,
        p: 1,
        bgcolor: 'action.hover',
        borderRadius: 1,
        overflow: 'auto',
        maxHeight: 320,
        fontSize: '0.8125rem',
      }}
    >
      {children}
    </Box>
  )
}
