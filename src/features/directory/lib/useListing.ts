import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { changeListing, listingToParams, parseListing, type Listing } from './listingParams'

/**
 * The listing of /apis lives in the address only: reload, share and the back button all keep it.
 * Typing replaces the entry (no history entry per keystroke); filters and pages add one.
 */
export function useListing() {
  const [searchParams, setSearchParams] = useSearchParams()
  const listing = useMemo(() => parseListing(searchParams), [searchParams])

  const setListing = useCallback(
    (next: Listing, options: { replace?: boolean } = {}) => {
      const params = listingToParams(next)
      if (params.toString() === listingToParams(listing).toString()) return
      setSearchParams(params, { replace: options.replace })
    },
    [listing, setSearchParams],
  )

  const change = useCallback(
    (update: Partial<Omit<Listing, 'page'>>, options?: { replace?: boolean }) =>
      setListing(changeListing(listing, update), options),
    [listing, setListing],
  )

  const goToPage = useCallback(
    (page: number) => setListing({ ...listing, page }),
    [listing, setListing],
  )

  return { listing, change, goToPage, setListing }
}
