import { useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip, { type ChipProps } from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { Endpoint } from '@/contract/apis'

/** Above this many endpoints a filter box helps find one. */
export const ENDPOINT_FILTER_FROM = 6
/** How many are listed before 'Show all': a long list makes a long page. */
export const ENDPOINTS_SHOWN = 50

const methodColors: Partial<Record<Endpoint['method'], ChipProps['color']>> = {
  GET: 'success',
  POST: 'primary',
  PUT: 'warning',
  PATCH: 'warning',
  DELETE: 'error',
}

export function MethodChip({ method }: { method: Endpoint['method'] }) {
  return (
    <Chip
      label={method}
      size="small"
      color={methodColors[method] ?? 'default'}
      variant="outlined"
      sx={{ fontFamily: 'monospace', fontWeight: 700, minWidth: 72 }}
    />
  )
}

type Props = { endpoints: Endpoint[]; total: number }

/** Method, path and description of each endpoint the catalogue keeps, with a filter when many. */
export function EndpointList({ endpoints, total }: Props) {
  const [filter, setFilter] = useState('')
  const [showAll, setShowAll] = useState(false)
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
      {endpoints.length > ENDPOINT_FILTER_FROM && (
        <TextField
          label="Filter endpoints"
          placeholder="Method, path or description"
          size="small"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          sx={{ mb: 1, width: { xs: '100%', sm: 360 } }}
        />
      )}
      <Typography variant="body2" color="text.secondary" role="status">
        {wanted
          ? `${matching.length} of ${endpoints.length} endpoints match`
          : total > endpoints.length
            ? `The first ${endpoints.length} of ${total} endpoints`
            : `${endpoints.length} ${endpoints.length === 1 ? 'endpoint' : 'endpoints'}`}
      </Typography>
      <List aria-label="Endpoints">
        {shown.map((endpoint) => (
          <ListItem
            key={`${endpoint.method} ${endpoint.path}`}
            divider
            disableGutters
            sx={{ alignItems: 'flex-start', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
          >
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
          </ListItem>
        ))}
      </List>
      {shown.length < matching.length && (
        <Button onClick={() => setShowAll(true)}>Show all {matching.length} endpoints</Button>
      )}
    </Box>
  )
}
