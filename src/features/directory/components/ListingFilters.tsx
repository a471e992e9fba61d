import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import InputLabel from '@mui/material/InputLabel'
import MenuItem from '@mui/material/MenuItem'
import Select from '@mui/material/Select'
import Stack from '@mui/material/Stack'
import { API_SORTS, AUTH_KINDS, type AuthKind } from '@/contract/apis'
import type { Category, CategorySlug } from '@/contract/categories'
import { authLabel, sortLabels } from '../lib/labels'
import type { ApiSort, Listing, TriStateFilter } from '../lib/listingParams'

type Props = {
  listing: Listing
  categories: Category[]
  onChange: (change: Partial<Omit<Listing, 'page'>>) => void
}

const ANY = ''

const toggles: { key: TriStateFilter; label: string }[] = [
  { key: 'https', label: 'HTTPS' },
  { key: 'cors', label: 'CORS' },
  { key: 'free', label: 'Free' },
]

/** Category (with counts), auth kind, HTTPS / CORS / Free and sort of the listing at /apis. */
export function ListingFilters({ listing, categories, onChange }: Props) {
  const sort = listing.sort ?? (listing.search ? 'relevance' : 'name')
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
    >
      <FormControl size="small" sx={{ minWidth: 220 }}>
        <InputLabel id="filter-category-label">Category</InputLabel>
        <Select
          labelId="filter-category-label"
          label="Category"
          value={listing.category ?? ANY}
          onChange={(event) =>
            onChange({ category: (event.target.value || undefined) as CategorySlug | undefined })
          }
        >
          <MenuItem value={ANY}>All categories</MenuItem>
          {categories.map((category) => (
            <MenuItem key={category.slug} value={category.slug}>
              {category.name} ({category.count.toLocaleString('en-US')})
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: 170 }}>
        <InputLabel id="filter-auth-label">Authentication</InputLabel>
        <Select
          labelId="filter-auth-label"
          label="Authentication"
          value={listing.auth ?? ANY}
          onChange={(event) =>
            onChange({ auth: (event.target.value || undefined) as AuthKind | undefined })
          }
        >
          <MenuItem value={ANY}>Any</MenuItem>
          {AUTH_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {authLabel(kind)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormGroup row role="group" aria-label="Only APIs with">
        {toggles.map(({ key, label }) => (
          <FormControlLabel
            key={key}
            label={label}
            control={
              <Checkbox
                checked={listing[key] === 'true'}
                onChange={(event) => onChange({ [key]: event.target.checked ? 'true' : undefined })}
              />
            }
          />
        ))}
      </FormGroup>
      <FormControl size="small" sx={{ minWidth: 180, ml: { md: 'auto' } }}>
        <InputLabel id="filter-sort-label">Sort by</InputLabel>
        <Select
          labelId="filter-sort-label"
          label="Sort by"
          value={sort}
          onChange={(event) => onChange({ sort: event.target.value as ApiSort })}
        >
          {API_SORTS.map((option) => (
            <MenuItem key={option} value={option}>
              {sortLabels[option]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Stack>
  )
}
