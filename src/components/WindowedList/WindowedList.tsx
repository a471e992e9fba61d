import { useMemo, useState, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import { monoFontFamily } from '@/lib/theme/tokens'

// A list of fixed-height rows that draws only those in sight (and a few either side), so a body
// of hundreds of thousands of lines scrolls as smoothly as ten. Rows all being one height, the
// window is plain arithmetic: no virtualiser library is needed (@tanstack/react-virtual would add
// about 10 KB gzipped for measuring rows of varying height, which these never have).

export const ROW_HEIGHT = 24
/** The tallest the list grows before it scrolls. */
export const LIST_HEIGHT = 480
const OVERSCAN = 10

type Props = {
  count: number
  /** The list's name for assistive technology, e.g. "Response body". */
  label: string
  renderRow: (index: number) => ReactNode
  /** The scroll region's role: `region` for text, `group` for the JSON tree. */
  role?: 'region' | 'group'
}

export const monoRow = {
  fontFamily: monoFontFamily,
  fontSize: 13,
  lineHeight: `${ROW_HEIGHT}px`,
  height: ROW_HEIGHT,
  whiteSpace: 'pre',
} as const

export function WindowedList({ count, label, renderRow, role = 'region' }: Props) {
  const [top, setTop] = useState(0)
  const height = Math.min(count * ROW_HEIGHT, LIST_HEIGHT) + 16
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN)
  const last = Math.min(count, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN)
  const rows: ReactNode[] = []
  for (let i = first; i < last; i += 1) rows.push(renderRow(i))
  return (
    <Box
      role={role}
      aria-label={label}
      tabIndex={0}
      onScroll={(event) => setTop(event.currentTarget.scrollTop)}
      // Sizes change with the content and the scroll: set through the style object (the CSSOM,
      // which the page's CSP allows), not as a class per value. Drawn only in the browser.
      style={{ height }}
      sx={{
        overflow: 'auto',
        position: 'relative',
        bgcolor: 'action.hover',
        borderRadius: 1,
        py: 1,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      <Box style={{ height: count * ROW_HEIGHT }} sx={{ position: 'relative', minWidth: '100%' }}>
        <Box
          style={{ transform: `translateY(${first * ROW_HEIGHT}px)` }}
          sx={{ position: 'absolute', top: 0, left: 0, minWidth: '100%', px: 2 }}
        >
          {rows}
        </Box>
      </Box>
    </Box>
  )
}

/** Lines longer than this are cut into rows of it, so no row is megabytes wide. */
const MAX_LINE = 400

/** Text as rows: its lines, the long ones cut. */
export function textRows(text: string): string[] {
  const rows: string[] = []
  for (const line of text.split('\n')) {
    if (line.length <= MAX_LINE) {
      rows.push(line)
      continue
    }
    for (let i = 0; i < line.length; i += MAX_LINE) rows.push(line.slice(i, i + MAX_LINE))
  }
  return rows
}

/** A body's text, drawn a window at a time. */
export function TextLines({ text, label }: { text: string; label: string }) {
  const rows = useMemo(() => textRows(text), [text])
  return (
    <WindowedList
      count={rows.length}
      label={label}
      renderRow={(i) => (
        <Box key={i} sx={monoRow}>
          {rows[i] === '' ? ' ' : rows[i]}
        </Box>
      )}
    />
  )
}
