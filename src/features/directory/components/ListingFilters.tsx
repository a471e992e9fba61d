import { useId, type ChangeEvent, type ReactNode } from 'react'
import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import InputLabel from '@mui/material/InputLabel'
import NativeSelect from '@mui/material/NativeSelect'
import OutlinedInput from '@mui/material/OutlinedInput'
import Stack from '@mui/material/Stack'
import type { AuthKind } from '@/contract/apis'
import type { Category, CategorySlug } from '@/contract/categories'
import { formatInteger } from '@/contract/numbers'
import { AUTH_KIND_OPTIONS, authLabel, SORT_OPTIONS, sortLabels } from '../lib/labels'
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

const valueOf = (event: ChangeEvent<HTMLSelectElement>) => event.target.value || undefined

type FilterSelectProps = {
  label: string
  value: string
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
  minWidth: number
  children: ReactNode
  sx?: object
}

/** A native select: labelled, keyboard- and phone-friendly, and no menu code on the first load. */
function FilterSelect({ label, value, onChange, minWidth, children, sx }: FilterSelectProps) {
  const id = useId()
  return (
    <FormControl size="small" sx={{ minWidth, ...sx }}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={onChange}
        input={<OutlinedInput label={label} notched id={id} />}
      >
        {children}
      </NativeSelect>
    </FormControl>
  )
}

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
      <FilterSelect
        label="Category"
        value={listing.category ?? ANY}
        onChange={(event) => onChange({ category: valueOf(event) as CategorySlug | undefined })}
        minWidth={240}
      >
        <option value={ANY}>All categories</option>
        {categories.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.name} ({formatInteger(category.count)})
          </option>
        ))}
        {/* A category from the address before the list has arrived. */}
        {listing.category && !categories.some((c) => c.slug === listing.category) && (
          <option value={listing.category}>{listing.category}</option>
        )}
      </FilterSelect>
      <FilterSelect
        label="Authentication"
        value={listing.auth ?? ANY}
        onChange={(event) => onChange({ auth: valueOf(event) as AuthKind | undefined })}
        minWidth={170}
      >
        <option value={ANY}>Any</option>
        {AUTH_KIND_OPTIONS.map((kind) => (
          <option key={kind} value={kind}>
            {authLabel(kind)}
          </option>
        ))}
      </FilterSelect>
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
      <FilterSelect
        label="Sort by"
        value={sort}
        onChange={(event) => onChange({ sort: event.target.value as ApiSort })}
        minWidth={180}
        sx={{ ml: { md: 'auto' } }}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {sortLabels[option]}
          </option>
        ))}
      </FilterSelect>
    </Stack>
  )
}
