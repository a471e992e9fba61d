import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import type { Endpoint } from '@/contract/apis'
import { forgetEarlyClick, takeEarlyClick } from '@/lib/earlyInput'
import { operationKeyOfAnchor } from '@/shared/operationLinks'
import { EndpointList } from './EndpointList'

// Every operation, grouped and explained, is a part of its own: it downloads when a visitor asks
// for it (or arrives by an operation's link), never with the page (docs/performance.md), and the
// page's HTML keeps only the compact list.
const OperationBrowser = lazy(() =>
  import('./OperationBrowser').then((m) => ({ default: m.OperationBrowser })),
)

type Props = { apiId: string; endpoints: Endpoint[]; total: number }

/** The button's mark for a press before the page runs (src/app/earlyInput.js). */
const EXPLAIN = ['explain-operations']

/** The compact list the page arrives with, and every operation explained, one click away. */
export function OperationsSection({ apiId, endpoints, total }: Props) {
  const [explained, setExplained] = useState(false)
  const { hash } = useLocation()
  // An address such as /apis/github-com#op-issues.2Fcreate opens that operation once the page runs:
  // the server never sees the fragment, so its page and the first render must agree. An effect,
  // not a value that flips after hydration: that re-render would reach the endpoint filter's
  // boundary before its part has loaded, and React would then draw the boundary afresh, dropping
  // what a visitor typed into the server's filter box.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (operationKeyOfAnchor(hash) !== undefined) setExplained(true)
  }, [hash])
  // Pressed on the server's page before this ran: explained now, in the commit that hands the
  // section to React (as TabBar does): from a passive effect of the hydration, it was drawn after
  // updates that came later.
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (takeEarlyClick(EXPLAIN)) setExplained(true)
    return () => forgetEarlyClick(EXPLAIN)
  }, [])

  if (explained) {
    return (
      <Suspense
        fallback={
          <Typography role="status" color="text.secondary">
            Loading every operation…
          </Typography>
        }
      >
        <OperationBrowser apiId={apiId} />
      </Suspense>
    )
  }
  return (
    <Box>
      {total > 0 && (
        <Button
          variant="outlined"
          sx={{ mb: 2 }}
          data-early-click={EXPLAIN[0]}
          onClick={() => setExplained(true)}
        >
          {total === 1 ? 'Explain the operation' : `Explain all ${total} operations`}
        </Button>
      )}
      <EndpointList endpoints={endpoints} total={total} />
    </Box>
  )
}
