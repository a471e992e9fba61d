import { useEffect } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import CircularProgress from '@mui/material/CircularProgress'
import { paths } from '@/lib/paths'
import { errorMessage, isUnavailable } from '@/lib/store/errors'
import { useGetSimilarQuery } from '../api/compareApi'
import type { Picked } from '../lib/compareSelection'
import { VisuallyHidden } from '@/components/VisuallyHidden/VisuallyHidden'

/** As the server's Retry-After while it builds the list. */
const ASK_AGAIN_AFTER_MS = 30_000

/**
 * Up to five APIs of the same category whose operations use the most of the same words, each
 * one click from a comparison with this API.
 */
export function SimilarApis({ api }: { api: Picked }) {
  const { currentData: similar, error, isFetching, refetch } = useGetSimilarQuery(api.id)
  // A server still working the list out (or too busy) says so; it is asked again by itself.
  const unavailable = !similar && !isFetching && isUnavailable(error)
  useEffect(() => {
    if (!unavailable) return
    const timer = setTimeout(refetch, ASK_AGAIN_AFTER_MS)
    return () => clearTimeout(timer)
  }, [unavailable, refetch])

  if (!similar) {
    if (isFetching || !error) {
      return (
        <Stack role="status" direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 2 }}>
          <CircularProgress size={20} aria-label="Loading similar APIs" />
          <Typography color="textSecondary">Finding similar APIs…</Typography>
        </Stack>
      )
    }
    return (
      <Stack role="alert" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography color="textSecondary">
          {errorMessage(error, 'Could not load similar APIs.')}
        </Typography>
        <Button size="small" variant="outlined" onClick={refetch}>
          Try again
        </Button>
      </Stack>
    )
  }
  if (similar.length === 0) {
    return (
      <Typography color="textSecondary" role="status">
        No API of its category shares enough of its operations’ words to call it similar.
      </Typography>
    )
  }
  return (
    <Box
      component="ul"
      aria-label={`APIs similar to ${api.name}`}
      sx={{ m: 0, p: 0, listStyle: 'none' }}
    >
      {similar.map((other) => (
        <Box
          component="li"
          key={other.id}
          sx={{ py: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
        >
          <Stack spacing={0.5}>
            <Link component={RouterLink} to={paths.apiDetail(other.id)} sx={{ fontWeight: 700 }}>
              {other.name}
            </Link>
            <Typography variant="body2" color="textSecondary">
              {other.provider}
              {other.sharedTerms.length > 0 && ` · shares ${other.sharedTerms.join(', ')}`}
            </Typography>
            <Box>
              <Button
                size="small"
                variant="outlined"
                component={RouterLink}
                to={paths.compare([api.id, other.id])}
              >
                Compare with {api.name}
                <VisuallyHidden> and {other.name}</VisuallyHidden>
              </Button>
            </Box>
          </Stack>
        </Box>
      ))}
    </Box>
  )
}
