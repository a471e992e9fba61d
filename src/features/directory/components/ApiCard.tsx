import { lazy, Suspense } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ApiSummary } from '@/contract/apis'
import { APP_READY_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE } from '@/shared/ssr'
import { isListOnly, isSynthetic } from '../lib/labels'
import { ApiBadges } from './ApiBadges'
import { CompareToggle } from './CompareToggle'
import { VisuallyHidden } from '@/components/VisuallyHidden/VisuallyHidden'

/**
 * When the matched operations' code may load (decided as this module first runs, before the page
 * is hydrated). Only search results have them, so it is never part
 * of the directory's first load: on a page the server drew, its markup (plain links that work) stays
 * as drawn until the visitor first points, touches or types; anywhere else (a search typed in the
 * app, the server's own drawing) at once.
 */
const drawnByServer =
  typeof document !== 'undefined' &&
  document.getElementById('root')?.hasAttribute(SERVER_RENDERED_ATTRIBUTE) === true &&
  !document.documentElement.hasAttribute(APP_READY_ATTRIBUTE)

const whenWanted = () => {
  if (!drawnByServer) return Promise.resolve()
  return new Promise<void>((resolve) => {
    for (const type of ['pointerover', 'pointerdown', 'touchstart', 'keydown']) {
      addEventListener(type, () => resolve(), { once: true, capture: true, passive: true })
    }
  })
}

const MatchedOperations = lazy(() =>
  whenWanted()
    .then(() => import('./MatchedOperations'))
    .then((module) => ({ default: module.MatchedOperations })),
)

type Props = {
  api: ApiSummary
  /** Where the card leads: /apis/{id}, or /apis/category/{category}/{id} on a category page. */
  to: string
  /** Heading level of the name within the page. */
  headingLevel?: 'h2' | 'h3'
}

/**
 * One API in a grid. The name is the card's link and stretches over the whole card, so the card is
 * one click target; 'View Details' repeats it, naming the API for screen readers.
 */
export function ApiCard({ api, to, headingLevel = 'h2' }: Props) {
  return (
    <Card
      variant="outlined"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        transition: (theme) => theme.transitions.create(['border-color', 'box-shadow']),
        '&:hover': { borderColor: 'primary.main', boxShadow: 2 },
        '&:focus-within': { borderColor: 'primary.main' },
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack spacing={1.25}>
          <Typography variant="h4" component={headingLevel} sx={{ overflowWrap: 'anywhere' }}>
            <Link
              component={RouterLink}
              to={to}
              underline="hover"
              color="text.primary"
              sx={{
                '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 0 },
              }}
            >
              {api.name}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {api.provider}
          </Typography>
          <Typography
            variant="body2"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {api.summary || 'No description given.'}
          </Typography>
          <ApiBadges {...api} />
          {(api.matchedOperations?.length || api.family) && (
            <Suspense>
              <MatchedOperations api={api} to={to} />
            </Suspense>
          )}
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, justifyContent: 'space-between' }}>
        <Typography variant="caption" color="text.secondary">
          {isSynthetic(api)
            ? 'Synthetic test data, not a real API'
            : isListOnly(api)
              ? 'From the public-apis list'
              : api.endpointCount === 1
                ? '1 endpoint'
                : `${api.endpointCount} endpoints`}
        </Typography>
        <Box sx={{ position: 'relative', zIndex: 1 }}>
          <CompareToggle api={api} />
          <Button component={RouterLink} to={to} size="small">
            View Details
            <VisuallyHidden> of {api.name}</VisuallyHidden>
          </Button>
        </Box>
      </CardActions>
    </Card>
  )
}
