import Stack from '@mui/material/Stack'
import type { Category } from '@/contract/categories'
import type { Listing } from '@/shared/listing'
import { ListingFilters } from './ListingFilters'
import { SearchBox } from './SearchBox'

export type ListingControlsProps = {
  listing: Listing
  categories: Category[]
  onSearch: (text: string) => void
  onChange: (change: Partial<Omit<Listing, 'page'>>) => void
}

/** The directory's search box and filters, in a chunk of their own (DirectoryScreen). */
export function ListingControls({ listing, categories, onSearch, onChange }: ListingControlsProps) {
  return (
    <Stack spacing={2}>
      <SearchBox value={listing.search} onSearch={onSearch} />
      <ListingFilters listing={listing} categories={categories} onChange={onChange} />
    </Stack>
  )
}
