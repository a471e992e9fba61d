import { useDeferredValue, useMemo, useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { SxProps, Theme } from '@mui/material/styles'
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined'
import { queryJson } from '@/lib/jsonPath'
import {
  copyText,
  flatten,
  OPEN_DEPTH,
  scalarText,
  searchJson,
  type Json,
  type TreeRow,
} from './jsonTree'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'
import { monoRow, WindowedList } from '@/components/WindowedList/WindowedList'

// The JSON answer as a collapsible tree with a search and a JSONPath filter. It is drawn as rows
// (jsonTree.ts) a window at a time, so a 2 MB answer scrolls as smoothly as a small one.

const INDENT = 2 // rem per level

type OpenState = { all: boolean | null; paths: Record<string, boolean> }

/**
 * A string's green, darker on light surfaces: under a hovered or focused row's shade, the light
 * scheme's success green falls under a 4.5:1 contrast, where the numbers' and booleans' colours
 * keep it.
 */
const stringColor: SxProps<Theme> = [
  { color: 'success.main' },
  (theme) => theme.applyStyles('light', { color: (theme.vars ?? theme).palette.success.dark }),
]

function Scalar({ value }: { value: Json }) {
  const sx: SxProps<Theme> =
    value === null
      ? { color: 'text.secondary' }
      : typeof value === 'string'
        ? stringColor
        : { color: typeof value === 'number' ? 'info.main' : 'warning.main' }
  return (
    <Box component="span" sx={sx}>
      {scalarText(value)}
    </Box>
  )
}

function Row({
  row,
  onToggle,
  onCopy,
}: {
  row: TreeRow
  onToggle: (row: TreeRow) => void
  onCopy: (row: TreeRow) => void
}) {
  const container = row.kind === 'object' || row.kind === 'array'
  const [openBrace, closeBrace] = row.kind === 'array' || Array.isArray(row.value) ? '[]' : '{}'
  const name = row.name === undefined ? row.path : row.name
  return (
    <Box
      sx={{
        ...monoRow,
        display: 'flex',
        alignItems: 'center',
        '&:hover, &:focus-within': { bgcolor: 'action.selected' },
        '&:hover .copy, &:focus-within .copy': { opacity: 1 },
      }}
    >
      <Box sx={{ width: `${row.depth * INDENT}rem`, flex: 'none' }} />
      {container && row.size > 0 ? (
        <Box
          component="button"
          type="button"
          aria-expanded={row.open}
          aria-label={`${row.open ? 'Collapse' : 'Expand'} ${name}`}
          onClick={() => onToggle(row)}
          sx={{
            all: 'unset',
            cursor: 'pointer',
            width: '1.25rem',
            textAlign: 'center',
            flex: 'none',
            borderRadius: 0.5,
            '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
          }}
        >
          {row.open ? '▾' : '▸'}
        </Box>
      ) : (
        <Box sx={{ width: '1.25rem', flex: 'none' }} />
      )}
      <span>
        {row.kind !== 'close' && row.index !== undefined && (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {row.index}:{' '}
          </Box>
        )}
        {row.kind !== 'close' && row.name !== undefined && (
          <Box component="span" sx={{ color: 'primary.main' }}>
            {JSON.stringify(row.name)}:{' '}
          </Box>
        )}
        {row.kind === 'scalar' && <Scalar value={row.value} />}
        {container && row.size === 0 && `${openBrace}${closeBrace}`}
        {container && row.size > 0 && row.open && openBrace}
        {container && row.size > 0 && !row.open && `${openBrace}…${closeBrace}`}
        {container && row.size > 0 && (
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
            {' '}
            {row.size} {row.kind === 'array' ? 'item' : 'key'}
            {row.size === 1 ? '' : 's'}
          </Box>
        )}
        {row.kind === 'close' && closeBrace}
      </span>
      {row.kind !== 'close' && (
        <IconButton
          className="copy"
          size="small"
          aria-label={`Copy the value of ${row.path}`}
          onClick={() => onCopy(row)}
          sx={{ ml: 1, p: 0.25, opacity: 0, '&:focus-visible': { opacity: 1 } }}
        >
          <ContentCopyOutlined sx={{ fontSize: 14 }} />
        </IconButton>
      )}
    </Box>
  )
}

/** Pretty JSON with collapsible objects and arrays, a search, a JSONPath filter and copying. */
export function JsonTree({ value }: { value: unknown }) {
  const [open, setOpen] = useState<OpenState>({ all: null, paths: {} })
  const [search, setSearch] = useState('')
  const [filter, setFilter] = useState('')
  const [copied, setCopied] = useState<string | null>(null)
  const deferredSearch = useDeferredValue(search.trim())
  const deferredFilter = useDeferredValue(filter.trim())

  // A filter shows what it selects: one value as itself, several as their list.
  const filtered = useMemo(() => {
    if (deferredFilter === '') return null
    return queryJson(value, deferredFilter)
  }, [value, deferredFilter])
  const root = (
    filtered?.ok ? (filtered.values.length === 1 ? filtered.values[0] : filtered.values) : value
  ) as Json

  const found = useMemo(
    () => (deferredSearch === '' ? null : searchJson(root, deferredSearch)),
    [root, deferredSearch],
  )

  const rows = useMemo(() => {
    const isOpen = (path: string, depth: number) => {
      const chosen = open.paths[path]
      if (chosen !== undefined) return chosen
      if (found) return found.keep.has(path)
      return open.all ?? depth < OPEN_DEPTH
    }
    return flatten(root, found ? { isOpen, keep: (path) => found.keep.has(path) } : { isOpen })
  }, [root, open, found])

  const toggle = (row: TreeRow) =>
    setOpen((state) => ({ ...state, paths: { ...state.paths, [row.path]: !row.open } }))

  const copy = async (row: TreeRow) => {
    try {
      await navigator.clipboard.writeText(copyText(row.value))
      setCopied(`Copied the value of ${row.path}`)
    } catch {
      setCopied('Could not copy: the browser did not allow it')
    }
  }

  const status = filtered
    ? filtered.ok
      ? `${filtered.values.length} ${filtered.values.length === 1 ? 'value' : 'values'} selected by the filter`
      : null
    : null

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <OutlinedField
          label="Search keys and values"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ flex: 1 }}
        />
        <OutlinedField
          label="JSONPath filter"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="$.items[?(@.price > 10)].name"
          code
          error={filtered?.ok === false}
          helperText={filtered?.ok === false ? filtered.error : undefined}
          sx={{ flex: 1 }}
        />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button size="small" onClick={() => setOpen({ all: true, paths: {} })}>
          Expand all
        </Button>
        <Button size="small" onClick={() => setOpen({ all: false, paths: {} })}>
          Collapse all
        </Button>
        <Typography role="status" variant="body2" color="textSecondary">
          {[
            status,
            found && `${found.matches} ${found.matches === 1 ? 'match' : 'matches'}`,
            copied,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Stack>
      {found && found.matches === 0 ? (
        <Typography color="textSecondary">
          Nothing in the body matches “{deferredSearch}”.
        </Typography>
      ) : filtered?.ok && filtered.values.length === 0 ? (
        <Typography color="textSecondary">The filter selects nothing in this body.</Typography>
      ) : (
        <WindowedList
          role="group"
          label="JSON body"
          count={rows.length}
          renderRow={(i) => {
            const row = rows[i] as TreeRow
            return (
              <Row
                key={`${row.path}${row.kind === 'close' ? ' close' : ''}`}
                row={row}
                onToggle={toggle}
                onCopy={(r) => void copy(r)}
              />
            )
          }}
        />
      )}
    </Stack>
  )
}
