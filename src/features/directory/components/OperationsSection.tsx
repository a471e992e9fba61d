import { lazy, startTransition, Suspense, useEffect, useLayoutEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Endpoint } from '@/contract/apis'
import { HydrateLater } from '@/components/Deferred/HydrateLater'
import { forgetEarlyClick, takeEarlyClick } from '@/lib/earlyInput'
import { namedOperationKey, operationAddress } from '@/shared/operationLinks'
import { errorMessage } from '@/lib/store/errors'
import { useAppDispatch } from '@/lib/store/hooks'
import { directoryApi, useSearchOperationsQuery } from '../api/directoryApi'
import { useSettled } from '../lib/useSettled'
import { EndpointList, type ListedEndpoint } from './EndpointList'
import { OperationBrowserPart, operationPartsLoaded } from './operationBrowserPart'
import { OperationDetailsPart } from './operationDetailsPart'

// A page the server drew with an operation open (`?op=`): its parts, which index.html has asked
// for already, are taken up as this module runs, before React draws the section, so hydration
// takes the server's operation over as it is (operationPartsLoaded).
if (typeof location !== 'undefined' && new URLSearchParams(location.search).has('op')) {
  void operationPartsLoaded()
}
// The search dialog (MUI's Dialog and list) comes with the first Ctrl+K or press of its button.
const OperationSearchDialog = lazy(() =>
  import('./OperationSearchDialog').then((m) => ({ default: m.OperationSearchDialog })),
)

type Props = { apiId: string; apiName: string; endpoints: Endpoint[]; total: number }

/** The buttons' marks for a press before the page runs (src/app/earlyInput.js). */
const EXPLAIN = ['explain-operations']
const SEARCH = ['search-operations']

/** Ctrl+K, or Cmd+K on a Mac: the search people know from documentation sites. */
const isSearchKey = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k'

/** The compact list the page arrives with; each row, and every operation, one click away. */
export function OperationsSection({ apiId, apiName, endpoints, total }: Props) {
  const { hash, search } = useLocation()
  // An address with `?op=` is drawn by the server with that operation open, and so is the first
  // render here (the server never sees a fragment: `#op-…` alone opens once the page runs).
  const [explained, setExplained] = useState(() => new URLSearchParams(search).has('op'))
  // The row pressed in the compact list: the full list opens with it open.
  const [pressed, setPressed] = useState<Endpoint>()
  // The compact list's filter searches the whole document at the server, not the rows it has.
  const [filter, setFilter] = useState('')
  const wanted = useSettled(filter.trim(), 200)
  const found = useSearchOperationsQuery({ apiId, search: wanted }, { skip: wanted === '' })
  const [searching, setSearching] = useState(false)
  const [searchLoaded, setSearchLoaded] = useState(false)
  const navigate = useNavigate()
  // An address such as /apis/github-com#op-issues.2Fcreate opens that operation once the page runs:
  // the server never sees the fragment, so its page and the first render must agree. An effect,
  // not a value that flips after hydration: that re-render would reach the endpoint filter's
  // boundary before its part has loaded, and React would then draw the boundary afresh, dropping
  // what a visitor typed into the server's filter box.
  const dispatch = useAppDispatch()
  useEffect(() => {
    const operationKey = namedOperationKey(search, hash)
    if (operationKey === undefined) return
    // Its answer and the parts that draw it (which index.html has already asked for on such an
    // address) are waited for, then drawn in a transition, which yields to the visitor's input:
    // drawn before the parts were here, each would suspend and hold the operation back behind a
    // fallback; drawn before the answer, its arrival in the store would make React draw it all
    // again in one task. Drawn anyway if either failed, so the error shows.
    const answer = dispatch(
      directoryApi.endpoints.getOperation.initiate({ apiId, operationKey }, { subscribe: false }),
    )
    let live = true
    void Promise.allSettled([
      answer,
      OperationBrowserPart.preload(),
      OperationDetailsPart.preload(),
    ]).then(() => live && startTransition(() => setExplained(true)))
    return () => {
      live = false
    }
  }, [hash, search, apiId, dispatch])
  // Pressed on the server's page before this ran: explained now, in the commit that hands the
  // section to React (as TabBar does): from a passive effect of the hydration, it was drawn after
  // updates that came later.
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (takeEarlyClick(EXPLAIN)) setExplained(true)
    if (takeEarlyClick(SEARCH)) {
      setSearchLoaded(true)
      setSearching(true)
    }
    return () => {
      forgetEarlyClick(EXPLAIN)
      forgetEarlyClick(SEARCH)
    }
  }, [])
  useEffect(() => {
    if (total === 0) return
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchKey(event)) return
      // The browser's own Ctrl+K (its address bar's search) gives way on this page.
      event.preventDefault()
      setSearchLoaded(true)
      setSearching(true)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [total])

  const openRow = (endpoint: ListedEndpoint) => {
    if (endpoint.operationKey) openOperation(endpoint.operationKey)
    else setPressed(endpoint)
    setExplained(true)
  }
  // A new entry in the history, so back returns to the operation before.
  const openOperation = (operationKey: string) => {
    // The one the address names already (a disclosure opened from the address says so too).
    if (namedOperationKey(search, hash) !== operationKey) {
      void navigate(operationAddress({ search }, operationKey))
    }
  }

  return (
    <Box>
      {total > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
          {!explained && (
            <Button
              variant="outlined"
              data-early-click={EXPLAIN[0]}
              onClick={() => setExplained(true)}
            >
              {total === 1 ? 'Explain the operation' : `Explain all ${total} operations`}
            </Button>
          )}
          <Button
            variant="outlined"
            aria-keyshortcuts="Control+K Meta+K"
            data-early-click={SEARCH[0]}
            onClick={() => {
              setSearchLoaded(true)
              setSearching(true)
            }}
          >
            Search operations (Ctrl+K)
          </Button>
        </Stack>
      )}
      {explained ? (
        <Suspense
          fallback={
            <Typography role="status" color="textSecondary">
              Loading every operation…
            </Typography>
          }
        >
          <OperationBrowserPart apiId={apiId} pressed={pressed} onOpen={openOperation} />
        </Suspense>
      ) : (
        // Taken over after the page: when the address names an operation, the browser replaces
        // it before it is ever hydrated.
        <HydrateLater>
          <EndpointList
            endpoints={endpoints}
            total={total}
            onOpen={openRow}
            search={{
              onChange: setFilter,
              found:
                found.currentData && wanted === filter.trim()
                  ? { endpoints: found.currentData.operations, total: found.currentData.total }
                  : undefined,
              failed:
                found.error && !found.isFetching
                  ? errorMessage(found.error, 'no answer')
                  : undefined,
            }}
          />
        </HydrateLater>
      )}
      {searchLoaded && (
        <Suspense fallback={null}>
          <OperationSearchDialog
            apiId={apiId}
            apiName={apiName}
            open={searching}
            onClose={() => setSearching(false)}
            onPick={(key) => {
              setExplained(true)
              openOperation(key)
            }}
          />
        </Suspense>
      )}
    </Box>
  )
}
