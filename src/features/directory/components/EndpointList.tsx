import { lazy, Suspense, useLayoutEffect, useMemo, useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { Tag, type TagColor } from '@/components/Tag/Tag'
import type { Endpoint } from '@/contract/apis'
import { forgetEarlyClick, takeEarlyClick } from '@/lib/earlyInput'

// The filter's input (~8 KB compressed with InputBase) arrives just after the page shows: it is
// below the API's description and only for long lists (docs/performance.md). Its space is kept
// meanwhile.
const EndpointFilter = lazy(() =>
  import('./EndpointFilter').then((m) => ({ default: m.EndpointFilter })),
)
const filterSpace = { mb: 1, height: 40, width: { xs: '100%', sm: 360 } }

// The list and its divided rows as MUI's List and ListItem (divider, no gutters) draw them;
// ListItem itself would bring ListItemButton along to the API page's first load
// (docs/performance.md).
const list = { listStyle: 'none', m: 0, p: 0, py: 1, position: 'relative' } as const
const row = {
  display: 'flex',
  alignItems: 'flex-start',
  gap: 2,
  flexWrap: { xs: 'wrap', sm: 'nowrap' },
  position: 'relative',
  width: '100%',
  boxSizing: 'border-box',
  textAlign: 'left',
  py: 1,
  borderBottom: 1,
  borderColor: 'divider',
  backgroundClip: 'padding-box',
} as const

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
    <Tag
      label={method}
      color={methodColors[method] ?? 'default'}
      sx={{ fontFamily: 'monospace', fontWeight: 700, minWidth: 72, justifyContent: 'center' }}
    />
  )
}

type Props = { endpoints: Endpoint[]; total: number }

/** The "Show all" button's mark for a press before the list runs (src/app/earlyInput.js). */
const SHOW_ALL = ['show-all-endpoints']

/** Method, path and description of each endpoint the catalogue keeps, with a filter when many. */
export function EndpointList({ endpoints, total }: Props) {
  const [filter, setFilter] = useState('')
  const [showAll, setShowAll] = useState(false)
  // "Show all" pressed on the server's page before this ran: shown all now, in the commit that hands
  // the list to React (as TabBar does): from a passive effect of the hydration, it was drawn after
  // updates that came later.
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (takeEarlyClick(SHOW_ALL)) setShowAll(true)
    return () => forgetEarlyClick(SHOW_ALL)
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
    [filter],
  )
  const wanted = filter.trim().toLowerCase()
  const matching = wanted
    ? endpoints.filter((endpoint) =>
        `${endpoint.method} ${endpoint.path} ${endpoint.summary}`.toLowerCase().includes(wanted),
      )
    : endpoints
  const shown = showAll ? matching : matching.slice(0, ENDPOINTS_SHOWN)

  if (endpoints.length === 0) {
    return <Typography color="text.secondary">The API’s document lists no endpoints.</Typography>
  }
  return (
    <Box>
      {endpoints.length > ENDPOINT_FILTER_FROM && filterBox}
      <Typography variant="body2" color="text.secondary" role="status">
        {wanted
          ? `${matching.length} of ${endpoints.length} endpoints match`
          : total > endpoints.length
            ? `The first ${endpoints.length} of ${total} endpoints`
            : `${endpoints.length} ${endpoints.length === 1 ? 'endpoint' : 'endpoints'}`}
      </Typography>
      <Box component="ul" aria-label="Endpoints" sx={list}>
        {shown.map((endpoint) => (
          <Box component="li" key={`${endpoint.method} ${endpoint.path}`} sx={row}>
            <MethodChip method={endpoint.method} />
            <Box sx={{ minWidth: 0 }}>
              <Typography
                component="code"
                sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
              >
                {endpoint.path}
              </Typography>
              {endpoint.summary && (
                <Typography variant="body2" color="text.secondary">
                  {endpoint.summary}
                </Typography>
              )}
            </Box>
          </Box>
        ))}
      </Box>
      {shown.length < matching.length && (
        <Button data-early-click={SHOW_ALL[0]} onClick={() => setShowAll(true)}>
          Show all {matching.length} endpoints
        </Button>
      )}
    </Box>
  )
}
