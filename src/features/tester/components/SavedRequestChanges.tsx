import { Link as RouterLink } from 'react-router-dom'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { SpecChange } from '@/contract/monitoring'
import { Tag, type TagColor } from '@/components/Tag/Tag'
import { paths } from '@/lib/paths'
import { useGetApiSpecChangesQuery } from '../api/specChangesApi'
import type { RequestSource } from '../lib/workbenchTypes'

const LEVELS: Record<SpecChange['level'], { label: string; color: TagColor; rank: number }> = {
  breaking: { label: 'Breaking', color: 'error', rank: 0 },
  warning: { label: 'Warning', color: 'warning', rank: 1 },
  info: { label: 'Info', color: 'default', rank: 2 },
}

/** Shown at most; the rest are counted and are on the API's monitoring page. */
const SHOWN = 3

/**
 * The recorded changes of the document that touch this operation since the request was saved,
 * the most severe first; [] for a request saved before saves were dated (nothing to compare with).
 */
export function changesSinceSaved(source: RequestSource, changes: readonly SpecChange[]) {
  const { savedAt } = source
  if (!savedAt) return []
  return changes
    .filter(
      (change) =>
        change.operationKey === source.operationKey &&
        Date.parse(change.detectedAt) > Date.parse(savedAt),
    )
    .toSorted(
      (a, b) =>
        LEVELS[a.level].rank - LEVELS[b.level].rank || b.detectedAt.localeCompare(a.detectedAt),
    )
}

/**
 * A saved request made from a directory operation: how severe the document's changes to that
 * operation since the save are (breaking, warning, info), each with its words and date. Nothing
 * when there are none, or while they load.
 */
export function SavedRequestChanges({ source }: { source: RequestSource }) {
  const { data } = useGetApiSpecChangesQuery(source.apiId, { skip: !source.savedAt })
  const changes = data ? changesSinceSaved(source, data) : []
  if (changes.length === 0) return null
  const more = changes.length - SHOWN
  return (
    <Stack spacing={0.5} sx={{ pl: 1, pb: 0.5 }}>
      <Typography variant="body2" color="textSecondary">
        Its document changed since you saved it:
      </Typography>
      <Box
        component="ul"
        aria-label={`Changes to ${source.operationKey} since saved`}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {changes.slice(0, SHOWN).map((change, index) => (
          <Box component="li" key={index} sx={{ mb: 0.5 }}>
            <Tag label={LEVELS[change.level].label} color={LEVELS[change.level].color} />{' '}
            <Typography component="span" variant="body2">
              {change.message}
            </Typography>{' '}
            <Typography component="span" variant="caption" color="textSecondary">
              ({change.detectedAt.slice(0, 10)}
              {change.source === 'directory' ? ', between directory snapshots' : ''})
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2">
        {more > 0 ? `And ${more} more: ` : ''}
        <Link component={RouterLink} to={paths.apiMonitoring(source.apiId)}>
          {more > 0 ? 'all changes' : 'The change timeline'}
        </Link>
      </Typography>
    </Stack>
  )
}
