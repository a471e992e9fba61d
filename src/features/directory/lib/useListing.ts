import { useCallback, useLayoutEffect, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router-dom'
import {
  changeListing,
  listingToParams,
  listingToQuery,
  parseListing,
  type Listing,
} from '@/shared/listing'
import { directoryApi } from '../api/directoryApi'

/**
 * The listing of /apis lives in the address only: reload, share and the back button all keep it.
 * Typing replaces the entry (no history entry per keystroke); filters and pages add one.
 */
export function useListing() {
  const [searchParams, setSearchParams] = useSearchParams()
  const listing = useMemo(() => parseListing(searchParams), [searchParams])

  // The listing last asked for. The router draws a new address in a transition, so a change made
  // before it has (the search settling just after a filter was picked) builds on the one before,
  // not on the listing still on screen, which would undo it.
  const latest = useRef(listing)
  const prefetch = directoryApi.usePrefetch('listApis')
  useLayoutEffect(() => {
    latest.current = listing
  }, [listing])

  const setListing = useCallback(
    (next: Listing, options: { replace?: boolean } = {}) => {
      const params = listingToParams(next)
      if (params.toString() === listingToParams(latest.current).toString()) return
      latest.current = next
      // Asked for now, not once the new address is drawn: on a slow phone that drawing (the
      // results dimmed while the next load) takes a good part of a second before the request
      // would leave. Read back from the address, as the screen will, so it is the same request.
      prefetch(listingToQuery(parseListing(params)))
      setSearchParams(params, { replace: options.replace })
    },
    [prefetch, setSearchParams],
  )

  const change = useCallback(
    (update: Partial<Omit<Listing, 'page'>>, options?: { replace?: boolean }) =>
      setListing(changeListing(latest.current, update), options),
    [setListing],
  )

  const goToPage = useCallback(
    (page: number) => setListing({ ...latest.current, page }),
    [setListing],
  )

  return { listing, change, goToPage, setListing }
}
