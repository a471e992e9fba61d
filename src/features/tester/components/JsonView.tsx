import Box from '@mui/material/Box'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const MAX_OPEN_DEPTH = 2

function Scalar({ value }: { value: Json }) {
  if (value === null)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        null
      </Box>
    )
  if (typeof value === 'string')
    return (
      <Box component="span" sx={{ color: 'success.main' }}>
        {JSON.stringify(value)}
      </Box>
    )
  return (
    <Box component="span" sx={{ color: typeof value === 'number' ? 'info.main' : 'warning.main' }}>
      {String(value)}
    </Box>
  )
}

function Node({ name, value, depth }: { name?: string; value: Json; depth: number }) {
  const label =
    name === undefined ? null : (
      <Box component="span" sx={{ color: 'primary.main' }}>
        {JSON.stringify(name)}:{' '}
      </Box>
    )
  if (value === null || typeof value !== 'object') {
    return (
      <Box sx={{ pl: 2 }}>
        {label}
        <Scalar value={value} />
      </Box>
    )
  }
  const entries: [string | undefined, Json][] = Array.isArray(value)
    ? value.map((v) => [undefined, v])
    : Object.entries(value)
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}']
  if (entries.length === 0) {
    return (
      <Box sx={{ pl: 2 }}>
        {label}
        {open}
        {close}
      </Box>
    )
  }
  // <details> gives keyboard and screen-reader folding for free.
  return (
    <Box
      component="details"
      open={depth < MAX_OPEN_DEPTH}
      sx={{ pl: 2, '& > summary': { cursor: 'pointer', listStylePosition: 'outside' } }}
    >
      <summary>
        {label}
        {open}
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
          {' '}
          {entries.length} {Array.isArray(value) ? 'items' : 'keys'}
        </Box>
      </summary>
      {entries.map(([key, child], index) => (
        <Node key={key ?? index} name={key} value={child} depth={depth + 1} />
      ))}
      <Box>{close}</Box>
    </Box>
  )
}

/** Pretty JSON with collapsible objects and arrays. */
export function JsonView({ value }: { value: unknown }) {
  return (
    <Box aria-label="JSON body" role="group" sx={{ ml: -2 }}>
      <Node value={value as Json} depth={0} />
    </Box>
  )
}
