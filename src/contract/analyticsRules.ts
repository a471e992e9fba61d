// The analytics rules the browser needs too, without zod, so the tracker stays a few kilobytes.

export const VIEWPORTS = ['mobile', 'tablet', 'desktop'] as const
export type Viewport = (typeof VIEWPORTS)[number]

export const SCROLL_DEPTHS = [25, 50, 75, 100] as const
export type ScrollDepth = (typeof SCROLL_DEPTHS)[number]

/** The networks a visit can come from, when it came from one of our posts. */
export const SOURCES = ['linkedin', 'twitter', 'reddit'] as const
export type Source = (typeof SOURCES)[number]

export const MAX_EVENTS_PER_BATCH = 50

/** Where a page asks for its visit token, once per visit, before it sends any event. */
export const VISITS_ENDPOINT = '/api/analytics/visits'

/** Page views one visit may send; the tracker stops there, and the server refuses more. */
export const MAX_PAGE_VIEWS_PER_VISIT = 50
