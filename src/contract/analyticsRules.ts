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

/** Searches one visit may record; the tracker stops there, and the server refuses more. */
export const MAX_SEARCHES_PER_VISIT = 20
/** Operations one visit may record as tried in the tester. */
export const MAX_OPERATION_TRIES_PER_VISIT = 30
/** The longest search query kept, after normalising. */
export const MAX_SEARCH_QUERY_LENGTH = 100

/**
 * A search query as it is stored: Unicode-normalised, lower case, single spaces, clipped, with
 * what could name or reach a person (an email address, a long run of digits such as a phone or
 * card number) replaced by a placeholder. Applied by the page and again by the server.
 */
export const normalizeSearchQuery = (query: string) =>
  query
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\S+@\S+/g, '[email]')
    .replace(/\+?\d[\d\s().-]{5,}\d/g, '[number]')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_SEARCH_QUERY_LENGTH)
    .trim()
