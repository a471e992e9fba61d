import { useEffect, useId, useRef, type ChangeEvent, type ReactNode } from 'react'
import Checkbox from '@mui/material/Checkbox'
import Stack from '@mui/material/Stack'
import Box from '@mui/material/Box'
import { ChoiceLabel } from '@/components/ChoiceLabel/ChoiceLabel'
import type { AuthKind } from '@/contract/apis'
import { OutlinedSelect } from '@/components/OutlinedSelect/OutlinedSelect'
import type { Category, CategorySlug } from '@/contract/categories'
import { formatInteger } from '@/shared/numbers'
import { AUTH_KIND_OPTIONS, authLabel, SORT_OPTIONS, sortLabels } from '../lib/labels'
import type { ApiSort, Listing, ToggleFilter } from '@/shared/listing'

type Props = {
  listing: Listing
  categories: Category[]
  onChange: (change: Partial<Omit<Listing, 'page'>>) => void
}

const ANY = ''

const toggles: { key: ToggleFilter; label: string }[] = [
  { key: 'https', label: 'HTTPS' },
  { key: 'cors', label: 'CORS' },
  { key: 'free', label: 'Free' },
  // Our health checker found it answering at its last check.
  { key: 'verified', label: 'Verified working' },
]

const valueOf = (event: ChangeEvent<HTMLSelectElement>) => event.target.value || undefined

type FilterSelectProps = {
  label: string
  /** The listing's field it sets, also its form name (what was chosen before hydration, below). */
  name: 'category' | 'auth' | 'sort'
  value: string
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
  minWidth: number
  children: ReactNode
  sx?: object
}

/** A native select: labelled, keyboard- and phone-friendly, and no menu code on the first load. */
function FilterSelect({ label, name, value, onChange, minWidth, children, sx }: FilterSelectProps) {
  const id = useId()
  return (
    <OutlinedSelect
      id={id}
      label={label}
      name={name}
      value={value}
      onChange={onChange}
      sx={{ minWidth, ...sx }}
    >
      {children}
    </OutlinedSelect>
  )
}

/**
 * Category (with counts), auth kind, HTTPS / CORS / Free / Verified working and sort of the
 * listing at /apis.
 */
export function ListingFilters({ listing, categories, onChange }: Props) {
  const sort = listing.sort ?? (listing.search ? 'relevance' : 'popular')
  const fields = useRef<HTMLDivElement>(null)

  // Choices made on the server's page before the app took it over: hydration leaves them in the
  // fields but never reports them, so the filters take them up once, on mount.
  useEffect(() => {
    const form = fields.current
    if (!form) return
    const chosen: Partial<Omit<Listing, 'page'>> = {}
    for (const select of form.querySelectorAll('select')) {
      const name = select.name as 'category' | 'auth' | 'sort'
      const shown = name === 'sort' ? sort : (listing[name] ?? ANY)
      if (select.value !== shown) Object.assign(chosen, { [name]: select.value || undefined })
    }
    for (const { key } of toggles) {
      const box = form.querySelector<HTMLInputElement>(`input[name="${key}"]`)
      if (box && box.checked !== (listing[key] === 'true')) {
        chosen[key] = box.checked ? 'true' : undefined
      }
    }
    if (Object.keys(chosen).length > 0) onChange(chosen)
    // Once, on the first mount: later choices go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <Stack
      ref={fields}
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
    >
      <FilterSelect
        label="Category"
        name="category"
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
        name="auth"
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
      <Box role="group" aria-label="Only APIs with" sx={{ display: 'flex', flexWrap: 'wrap' }}>
        {toggles.map(({ key, label }) => (
          <ChoiceLabel
            key={key}
            label={label}
            control={
              <Checkbox
                name={key}
                checked={listing[key] === 'true'}
                onChange={(event) => onChange({ [key]: event.target.checked ? 'true' : undefined })}
              />
            }
          />
        ))}
      </Box>
      <FilterSelect
        label="Sort by"
        name="sort"
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
