import { lazy, Suspense, useCallback, useLayoutEffect, useMemo, useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { PathText } from '@/components/PathText/PathText'
import { Tag, type TagColor } from '@/components/Tag/Tag'
import type { Endpoint } from '@/contract/apis'
import { forgetEarlyClick, takeEarlyClick } from '@/lib/earlyInput'
// The list and its divided rows look as MUI's List and ListItem (divider, no gutters) draw them:
// ListItem itself would bring ListItemButton along to the API page's first load
// (docs/performance.md), and a row of MUI components cost five Emotion styles each time.
import './EndpointList.css'

// The filter's input (~8 KB compressed with InputBase) arrives just after the page shows: it is
// below the API's description and only for long lists (docs/performance.md). Its space is kept
// meanwhile.
const EndpointFilter = lazy(() =>
  import('./EndpointFilter').then((m) => ({ default: m.EndpointFilter })),
)
const filterSpace = { mb: 1, height: 40, width: { xs: '100%', sm: 360 } }

/** Above this many endpoints a filter box helps find one. */
export const ENDPOINT_FILTER_FROM = 6
/** How many are listed before 'Show all': a long list makes a long page. */
export const ENDPOINTS_SHOWN = 50

const methodColors: Partial<Record<Endpoint['method'], TagColor>> = {
  GET: 'success',
  POST: 'primary',
  PUT: 'warning',
  PATCH: 'warning',
  DELETE: 'error',
}

export function MethodChip({ method }: { method: Endpoint['method'] }) {
  return (
    <Tag label={method} color={methodColors[method] ?? 'default'} className="atlas-tag-method" />
  )
}

/** A listed endpoint; one the server's search found also knows its operation's key. */
export type ListedEndpoint = Endpoint & { operationKey?: string }

/** What the server's search answered for the filter's text (the whole document, not the list). */
export type EndpointSearch = {
  /** The filter's text changed (the search follows it). */
  onChange: (text: string) => void
  /** Its answer for the current text; undefined while it is on its way. */
  found?: { endpoints: ListedEndpoint[]; total: number }
  /** Why it failed, if it did. */
  failed?: string
}

type Props = {
  endpoints: Endpoint[]
  total: number
  /** Given: the filter asks the server, which searches every operation by words. */
  search?: EndpointSearch
  /** Given: each row is a button that opens its operation in place. */
  onOpen?: (endpoint: ListedEndpoint) => void
}

/** A row's mark for a press before the list runs (src/app/earlyInput.js). */
const rowMark = (index: number) => `open-endpoint-${index}`

/** The "Show all" button's mark for a press before the list runs (src/app/earlyInput.js). */
const SHOW_ALL = ['show-all-endpoints']

/** Method, path and description of each endpoint the catalogue keeps, with a filter when many. */
export function EndpointList({ endpoints, total, onOpen, search }: Props) {
  const [filter, setFilterText] = useState('')
  const onSearch = search?.onChange
  const setFilter = useCallback(
    (text: string) => {
      setFilterText(text)
      onSearch?.(text)
    },
    [onSearch],
  )
  const [showAll, setShowAll] = useState(false)
  // "Show all" pressed on the server's page before this ran: shown all now, in the commit that hands
  // the list to React (as TabBar does): from a passive effect of the hydration, it was drawn after
  // updates that came later.
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (takeEarlyClick(SHOW_ALL)) setShowAll(true)
    // A row pressed before the list ran opens now. Its index is the server's: nothing was
    // filtered yet.
    const marks = endpoints.slice(0, ENDPOINTS_SHOWN).map((_, index) => rowMark(index))
    const early = onOpen && takeEarlyClick(marks)
    if (early) onOpen(endpoints[marks.indexOf(early)]!)
    return () => {
      forgetEarlyClick(SHOW_ALL)
      forgetEarlyClick(marks)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  // The same element until the filter changes: an update that reached the filter's boundary while
  // its code is still on its way (Show all pressed before the list ran, carried out as the list
  // hydrates) would make React drop the server's box, and what was typed into it, for the fallback.
  const filterBox = useMemo(
    () => (
      <Suspense fallback={<Box sx={filterSpace} />}>
        <EndpointFilter value={filter} onChange={setFilter} />
      </Suspense>
    ),
    [filter, setFilter],
  )
  const wanted = filter.trim().toLowerCase()
  const matching: ListedEndpoint[] = !wanted
    ? endpoints
    : search
      ? (search.found?.endpoints ?? [])
      : endpoints.filter((endpoint) =>
          `${endpoint.method} ${endpoint.path} ${endpoint.summary}`.toLowerCase().includes(wanted),
        )
  const matchCount = wanted && search ? (search.found?.total ?? 0) : matching.length
  const shown = showAll ? matching : matching.slice(0, ENDPOINTS_SHOWN)

  if (endpoints.length === 0) {
    return <Typography color="textSecondary">The API’s document lists no endpoints.</Typography>
  }
  return (
    <Box>
      {endpoints.length > ENDPOINT_FILTER_FROM && filterBox}
      <Typography variant="body2" color="textSecondary" role="status">
        {wanted && search && search.failed
          ? `The search failed: ${search.failed}`
          : wanted && search && !search.found
            ? 'Searching every endpoint…'
            : wanted
              ? `${matchCount} of ${search ? total : endpoints.length} endpoints match`
              : total > endpoints.length
                ? `The first ${endpoints.length} of ${total} endpoints`
                : `${endpoints.length} ${endpoints.length === 1 ? 'endpoint' : 'endpoints'}`}
      </Typography>
      <ul aria-label="Endpoints" className="endpoint-list">
        {shown.map((endpoint, index) => {
          const content = (
            <>
              <MethodChip method={endpoint.method} />
              <span className="endpoint-text">
                <code className="endpoint-path">
                  <PathText path={endpoint.path} />
                </code>
                {endpoint.summary && <span className="endpoint-summary">{endpoint.summary}</span>}
              </span>
            </>
          )
          return (
            <li
              key={`${endpoint.method} ${endpoint.path}`}
              className={onOpen ? undefined : 'endpoint-row'}
            >
              {onOpen ? (
                <button
                  type="button"
                  className="endpoint-row"
                  data-early-click={wanted ? undefined : rowMark(index)}
                  onClick={() => onOpen(endpoint)}
                >
                  {content}
                </button>
              ) : (
                content
              )}
            </li>
          )
        })}
      </ul>
      {shown.length < matching.length && (
        <Button data-early-click={SHOW_ALL[0]} onClick={() => setShowAll(true)}>
          Show all {matching.length} {matchCount > matching.length ? 'best ' : ''}endpoints
        </Button>
      )}
    </Box>
  )
}
