import { Link as RouterLink } from 'react-router-dom'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { ApiSummary } from '@/contract/apis'
import { paths } from '@/lib/paths'
import { operationHref, testerOperationPath } from '@/shared/operationLinks'
import { VisuallyHidden } from '@/components/VisuallyHidden/VisuallyHidden'

type Props = {
  api: Pick<ApiSummary, 'id' | 'name' | 'matchedOperations' | 'family'>
  /** The API's page, where each operation is explained (its address there, operationHref). */
  to: string
}

/**
 * What a search result adds to its card: the operations that matched the query, each one click
 * from its explanation on the API's page and from the tester, prefilled; and, for a provider that
 * publishes several APIs, the way to all of them. Above the card's stretched link, so each link
 * is its own target.
 */
export function MatchedOperations({ api, to }: Props) {
  const operations = api.matchedOperations ?? []
  return (
    <Box sx={{ position: 'relative', zIndex: 1 }}>
      {operations.length > 0 && (
        <>
          <Typography variant="caption" color="textSecondary" component="p">
            Matching operations
          </Typography>
          <Box
            component="ul"
            aria-label={`Operations of ${api.name} that match`}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}
          >
            {operations.map((operation) => (
              <Typography
                key={operation.operationKey}
                component="li"
                variant="body2"
                sx={{ overflowWrap: 'anywhere' }}
              >
                <Link
                  component={RouterLink}
                  to={operationHref(to, operation.operationKey)}
                  underline="hover"
                >
                  <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                    {operation.method}
                  </Box>{' '}
                  {operation.summary || operation.path}
                </Link>
                {' · '}
                <Link
                  component={RouterLink}
                  to={testerOperationPath(api.id, operation.operationKey)}
                  underline="hover"
                >
                  Try
                  <VisuallyHidden> {operation.summary || operation.path}</VisuallyHidden>
                </Link>
              </Typography>
            ))}
          </Box>
        </>
      )}
      {api.family && (
        <Link
          component={RouterLink}
          to={paths.provider(api.family.slug)}
          variant="body2"
          underline="hover"
          sx={{ display: 'inline-block', mt: operations.length > 0 ? 1 : 0 }}
        >
          All {api.family.size} APIs from {api.family.provider}
        </Link>
      )}
    </Box>
  )
}
