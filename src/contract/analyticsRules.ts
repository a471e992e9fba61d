// The analytics rules the browser needs too, without zod, so the tracker stays a few kilobytes.

export const VIEWPORTS = ['mobile', 'tablet', 'desktop'] as const
export type Viewport = (typeof VIEWPORTS)[number]

export const SCROLL_DEPTHS = [25, 50, 75, 100] as const
export type ScrollDepth = (typeof SCROLL_DEPTHS)[number]

/** The networks a visit can come from, when it came from one of our posts. */
export const SOURCES = ['linkedin', 'twitter', 'reddit'] as const
export type Source = (typeof SOURCES)[number]

export const MAX_EVENTS_PER_BATCH = 50

/**
 * Pages that are never counted: the staff pages, and the three mock-up dashboards, which make no
 * server calls at all (spec.md §1, §7).
 */
export const UNTRACKED_PREFIXES = [
  '/bpm-login',
  '/dashboard',
  '/ads',
  '/social',
  '/monitor',
] as const

export const isTrackedPath = (path: string) =>
  !UNTRACKED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
