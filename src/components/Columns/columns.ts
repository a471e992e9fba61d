import type { Breakpoint } from '@mui/material/styles'

/**
 * A 12-column CSS grid that places cells exactly as MUI's Grid does (same widths for the same sizes
 * and spacing), without Grid's ~2 KB of compressed code on each page's first load
 * (docs/performance.md).
 */
export const columns = (spacing: number) =>
  ({ display: 'grid', gap: spacing, gridTemplateColumns: 'repeat(12, minmax(0, 1fr))' }) as const

/** A cell spanning `size` of the 12 columns from each breakpoint up, like Grid's `size` prop. */
export const span = (size: Partial<Record<Breakpoint, number>>) => ({
  minWidth: 0,
  gridColumn: Object.fromEntries(
    Object.entries(size).map(([breakpoint, columns]) => [breakpoint, `span ${columns}`]),
  ),
})
