import { lazy, Suspense } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import Button from '@mui/material/Button'
import type { ApiSummary } from '@/contract/apis'
import { APP_READY_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE } from '@/shared/ssr'
import { isListOnly, isSynthetic } from '../lib/labels'
import { ApiBadges } from './ApiBadges'
import { CompareToggle } from './CompareToggle'
import { VisuallyHidden } from '@/components/VisuallyHidden/VisuallyHidden'
import './ApiCard.css'

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
 * one click target; 'View Details' repeats it, naming the API for screen readers. Plain elements
 * styled by ApiCard.css, but for its two buttons: a page of results draws two dozen cards at once,
 * and a card of MUI components cost about twenty Emotion styles to work out each time.
 */
export function ApiCard({ api, to, headingLevel: Heading = 'h2' }: Props) {
  return (
    <div className="api-card">
      <div className="api-card-content">
        <Heading className="api-card-name">
          <RouterLink to={to}>{api.name}</RouterLink>
        </Heading>
        <p className="api-card-provider">{api.provider}</p>
        <p className="api-card-summary">{api.summary || 'No description given.'}</p>
        <ApiBadges {...api} />
        {(api.matchedOperations?.length || api.family) && (
          <Suspense>
            <MatchedOperations api={api} to={to} />
          </Suspense>
        )}
      </div>
      <div className="api-card-actions">
        <span className="api-card-count">
          {isSynthetic(api)
            ? 'Synthetic test data, not a real API'
            : isListOnly(api)
              ? 'From the public-apis list'
              : api.endpointCount === 1
                ? '1 endpoint'
                : `${api.endpointCount} endpoints`}
        </span>
        <div className="api-card-buttons">
          <CompareToggle api={api} />
          <Button component={RouterLink} to={to} size="small">
            View Details
            <VisuallyHidden> of {api.name}</VisuallyHidden>
          </Button>
        </div>
      </div>
    </div>
  )
}
