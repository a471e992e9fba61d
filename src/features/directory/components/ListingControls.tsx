import { lazy, memo, Suspense, useCallback, useState, useSyncExternalStore } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useTheme } from '@mui/material/styles'
import { HydrateOnUse } from '@/components/Deferred/HydrateOnUse'
import type { Category } from '@/contract/categories'
import type { Listing } from '@/shared/listing'
import { ListingFilters } from './ListingFilters'
import { SearchBox } from './SearchBox'

// The sheet's code (a modal, its backdrop and transition) comes when a phone's visitor asks for it.
const FiltersDrawer = lazy(() =>
  import('./FiltersDrawer').then((module) => ({ default: module.FiltersDrawer })),
)

export type ListingControlsProps = {
  listing: Listing
  categories: Category[]
  onSearch: (text: string) => void
  onChange: (change: Partial<Omit<Listing, 'page'>>) => void
}

/** Filters in effect, the order aside: a category, an auth kind, each toggle. */
export const activeFilters = (listing: Listing) =>
  [
    listing.category,
    listing.auth,
    listing.https,
    listing.cors,
    listing.free,
    listing.verified,
  ].filter((value) => value !== undefined).length

type SideFiltersProps = Pick<ListingControlsProps, 'listing' | 'categories' | 'onChange'>

/**
 * Whether a visitor changed one of the server's side filters before the app ran: no event told
 * React, so they are taken over at once, and take the choice up as they mount (ListingFilters).
 * A field's markup keeps what the server drew (`defaultChecked`, `defaultSelected`).
 */
const changedBeforeStart = () => {
  const form =
    typeof document === 'undefined' ? null : document.querySelector('[data-side-filters]')
  if (!form) return false
  return (
    [...form.querySelectorAll('input')].some((box) => box.checked !== box.defaultChecked) ||
    [...form.querySelectorAll('option')].some(
      (option) => option.selected !== option.defaultSelected,
    )
  )
}

/**
 * The filters beside the results, from a tablet's width up. They wait as the server drew them
 * until used (HydrateOnUse), and a phone, where they are hidden, drops them once the app runs
 * (below): its visitor has the sheet, and hidden fields taken over at start are work for nothing.
 * Memoized, so that a render of the controls (the sheet opening) leaves them waiting.
 */
const SideFilters = memo(function SideFilters(props: SideFiltersProps) {
  return (
    <Box data-side-filters sx={{ display: { xs: 'none', md: 'block' } }}>
      <HydrateOnUse now={changedBeforeStart()}>
        <ListingFilters {...props} />
      </HydrateOnUse>
    </Box>
  )
})

/**
 * Whether the screen is a tablet's width or wider (the theme's `md`), as the browser says; true
 * while hydrating, as the server draws for every width. MUI's useMediaQuery does the same, from a
 * chunk of its own: a request more on the directory's first load.
 */
function useWideScreen() {
  const query = useTheme()
    .breakpoints.up('md')
    .replace(/^@media\s*/, '')
  const watch = useCallback(
    (onChange: () => void) => {
      if (typeof matchMedia !== 'function') return () => {}
      const list = matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    watch,
    () => typeof matchMedia !== 'function' || matchMedia(query).matches,
    () => true,
  )
}

/**
 * The directory's search box and filters, in a chunk of their own (DirectoryScreen). On a phone the
 * filters sit behind a Filters button, with how many are in effect, that opens them in a sheet.
 */
export function ListingControls({ listing, categories, onSearch, onChange }: ListingControlsProps) {
  const [open, setOpen] = useState(false)
  const [asked, setAsked] = useState(false)
  const active = activeFilters(listing)
  // The server draws for every width; the browser keeps the side filters only where they show.
  const wide = useWideScreen()
  return (
    <Stack spacing={2}>
      <SearchBox value={listing.search} onSearch={onSearch} />
      {wide && <SideFilters listing={listing} categories={categories} onChange={onChange} />}
      <Box sx={{ display: { xs: 'block', md: 'none' } }}>
        <Button
          variant="outlined"
          aria-haspopup="dialog"
          onClick={() => {
            setAsked(true)
            setOpen(true)
          }}
        >
          {active > 0 ? `Filters (${active} active)` : 'Filters'}
        </Button>
      </Box>
      {asked && (
        <Suspense fallback={null}>
          <FiltersDrawer open={open} onClose={() => setOpen(false)} active={active}>
            <ListingFilters listing={listing} categories={categories} onChange={onChange} />
          </FiltersDrawer>
        </Suspense>
      )}
    </Stack>
  )
}
