import { lazy, memo, Suspense, useCallback, useEffect } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { HydrateOnUse } from '@/components/Deferred/HydrateOnUse'
import { lazySlot } from '@/components/LazySlot/lazySlot'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { useSiteUrl } from '@/components/PageMeta/SiteUrl'
import { DIRECTORY_SUMMARY, directoryHead } from '@/shared/seo/heads'
import { isOffline, OfflineView } from '@/components/StateViews/offline'
import { EmptyState, ErrorState, LoadingState } from '@/components/StateViews/StateViews'
import { reportToAnalytics } from '@/lib/analyticsSignals'
import { paths } from '@/lib/paths'
import { errorMessage, isNetworkError } from '@/lib/store/errors'
import { useListApisQuery, useListCategoriesQuery } from '../api/directoryApi'
import { ApiGrid } from '../components/ApiGrid'
import type { ListingControlsProps } from '../components/ListingControls'
import { ResultPages } from '../components/ResultPages'
import { formatInteger } from '@/shared/numbers'
import { countLabel } from '../lib/labels'
import { EMPTY_LISTING, isFiltered, listingToQuery } from '@/shared/listing'
import { useListing } from '../lib/useListing'

/**
 * Links to categories drawn as MUI's outlined chips are, from the Button every page already has:
 * Chip would add its own chunk to the directory's first load (docs/performance.md).
 */
const pillSx = {
  borderRadius: 4,
  textTransform: 'none',
  fontWeight: 400,
  color: 'text.primary',
  borderColor: 'divider',
  whiteSpace: 'nowrap',
} as const

// Shown only while a new search loads over the last results; never part of the first paint.
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'))

// The search box and filters are ~13 KB compressed of MUI inputs, so they are not in the first
// load: until they hydrate they are the server's plain form fields, and what is typed or chosen
// there is taken up when they start (SearchBox, ListingFilters).
const ListingControlsSlot = lazySlot(
  import('../components/ListingControls').then((module) => module.ListingControls),
  // The space the controls take, kept while their code arrives (a client-side visit only).
  { minHeight: { xs: 325, sm: 305, md: 137 } },
)

const NO_CATEGORIES: ListingControlsProps['categories'] = []

/**
 * Links to every category, as the server drew them until one is used (HydrateOnUse). Memoized: a
 * render of the screen with the same categories leaves them waiting.
 */
const CategoryLinks = memo(function CategoryLinks({
  categories,
}: {
  categories: ListingControlsProps['categories']
}) {
  return (
    <HydrateOnUse>
      <Box component="section" aria-labelledby="browse-categories">
        <Typography id="browse-categories" variant="h2" sx={{ mb: 2 }}>
          Browse by category
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {categories.map((item) => (
            <Button
              key={item.slug}
              component={RouterLink}
              to={paths.category(item.slug)}
              variant="outlined"
              sx={pillSx}
            >
              {item.name} ({formatInteger(item.count)})
            </Button>
          ))}
        </Stack>
      </Box>
    </HydrateOnUse>
  )
})

export function DirectoryScreen() {
  const siteUrl = useSiteUrl()
  const { listing, change, goToPage, setListing } = useListing()
  const { data: categories = NO_CATEGORIES } = useListCategoriesQuery()
  // `data` keeps the last answer on screen while the next loads; `currentData` is this query's own.
  const { data, currentData, error, isLoading, isFetching, refetch } = useListApisQuery(
    listingToQuery(listing),
  )

  // A search over the whole directory and what it found, for staff to see what visitors look for
  // and do not find (docs/analytics.md). Narrowed by a filter, a count says less about the words.
  const searchResults =
    currentData &&
    listing.search.trim() &&
    !(listing.category || listing.auth || listing.https || listing.cors || listing.free) &&
    !listing.verified
      ? currentData.total
      : null
  useEffect(() => {
    if (searchResults !== null) {
      reportToAnalytics({ type: 'search', query: listing.search, results: searchResults })
    }
  }, [listing.search, searchResults])

  const onSearch = useCallback((search: string) => change({ search }, { replace: true }), [change])
  const filtered = isFiltered(listing)
  const category = categories.find((candidate) => candidate.slug === listing.category)
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1

  let results
  if (isLoading) {
    results = <LoadingState label="Loading APIs" />
  } else if (error && isNetworkError(error) && isOffline()) {
    results = <OfflineView onRetry={refetch} />
  } else if (error) {
    results = (
      <ErrorState
        title="Failed to load APIs"
        message={
          isNetworkError(error)
            ? 'Failed to load API information. Please try again later.'
            : errorMessage(error, 'Failed to load API data')
        }
        onRetry={refetch}
      />
    )
  } else if (!data || data.apis.length === 0) {
    results = (
      <EmptyState
        title="No APIs found"
        message={
          listing.verified && data?.checks?.networkUnavailableSince
            ? `Checks could not reach the internet from this server since ${data.checks.networkUnavailableSince.slice(0, 10)}, so no API could be verified working.`
            : listing.verified && data?.checks?.verified === 0
              ? 'No API is verified working yet: that needs a check in the last 48 hours that found it up, and an operation that answered as its document says.'
              : filtered
                ? 'Nothing matches this search and these filters. Try fewer words, or clear the filters.'
                : 'The directory has no APIs yet.'
        }
        action={
          filtered && (
            <Button variant="contained" onClick={() => setListing(EMPTY_LISTING)}>
              Clear filters
            </Button>
          )
        }
      />
    )
  } else {
    results = (
      <Stack spacing={3}>
        {/* Results of the last query stay, dimmed and marked busy, until the new ones arrive. */}
        <Box
          aria-busy={!currentData}
          sx={{ opacity: currentData ? 1 : 0.6, transition: 'opacity 150ms' }}
        >
          <ApiGrid apis={data.apis} linkTo={(api) => paths.apiDetail(api.id)} label="APIs" />
        </Box>
        {pageCount > 1 && (
          <ResultPages
            count={pageCount}
            page={Math.min(listing.page, pageCount)}
            onChange={(_, page) => {
              goToPage(page)
              window.scrollTo({ top: 0 })
            }}
            color="primary"
            sx={{ alignSelf: 'center' }}
            aria-label="Result pages"
          />
        )}
      </Stack>
    )
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta {...directoryHead(siteUrl, listing.search)} />
      <Stack spacing={3}>
        <Box>
          <Typography variant="h1">API Directory</Typography>
          <Typography color="textSecondary" sx={{ mt: 1 }}>
            {DIRECTORY_SUMMARY}
          </Typography>
        </Box>
        <Box role="search" aria-label="Search the directory">
          <ListingControlsSlot
            listing={listing}
            categories={categories}
            onSearch={onSearch}
            onChange={change}
          />
        </Box>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: 32 }}
        >
          <Typography role="status" sx={{ fontWeight: 500 }}>
            {currentData && !error
              ? `${countLabel(currentData.total)}${listing.search ? ` for “${listing.search}”` : ''}${
                  category ? ` in ${category.name}` : ''
                }`
              : isFetching
                ? 'Searching…'
                : ''}
          </Typography>
          {category && (
            <Button
              component={RouterLink}
              to={paths.category(category.slug)}
              size="small"
              variant="outlined"
              sx={pillSx}
            >
              About {category.name}
            </Button>
          )}
          {filtered && data && data.apis.length > 0 && (
            <Button size="small" onClick={() => setListing(EMPTY_LISTING)}>
              Clear filters
            </Button>
          )}
        </Stack>
        <Box sx={{ position: 'relative' }}>
          {isFetching && !isLoading && (
            <Suspense fallback={null}>
              <LinearProgress
                aria-label="Updating results"
                sx={{ position: 'absolute', top: -12, left: 0, right: 0 }}
              />
            </Suspense>
          )}
          {results}
        </Box>
        {categories.length > 0 && !filtered && <CategoryLinks categories={categories} />}
      </Stack>
    </Container>
  )
}
