import { lazy, Suspense, useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
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

/**
 * The directory's search box and filters, in a chunk of their own (DirectoryScreen). On a phone the
 * filters sit behind a Filters button, with how many are in effect, that opens them in a sheet.
 */
export function ListingControls({ listing, categories, onSearch, onChange }: ListingControlsProps) {
  const [open, setOpen] = useState(false)
  const [asked, setAsked] = useState(false)
  const active = activeFilters(listing)
  const filters = <ListingFilters listing={listing} categories={categories} onChange={onChange} />
  return (
    <Stack spacing={2}>
      <SearchBox value={listing.search} onSearch={onSearch} />
      <Box sx={{ display: { xs: 'none', md: 'block' } }}>{filters}</Box>
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
