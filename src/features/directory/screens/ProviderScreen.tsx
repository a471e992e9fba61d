import type { FormEvent } from 'react'
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ApiSummary } from '@/contract/apis'
import { Breadcrumbs } from '@/components/Breadcrumbs/Breadcrumbs'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { useSiteUrl } from '@/components/PageMeta/SiteUrl'
import { providerHead, providerSummary } from '@/shared/seo/heads'
import { EmptyState } from '@/components/StateViews/StateViews'
import { paths } from '@/lib/paths'
import { pageNumber, providerListing } from '@/shared/listing'
import { useListApisQuery } from '../api/directoryApi'
import { ApiGrid } from '../components/ApiGrid'
import { ListingFrame, ListingPages, ListingUnavailable } from '../components/ListingScreenParts'
import { countLabel } from '../lib/labels'

/**
 * A search within the family: a plain form, so it works before the page's script has run (the
 * server draws /apis/provider/{slug}?search=), and without a page load once it has. Its field is
 * the browser's own (uncontrolled), read at the submit: words typed while React hydrates the
 * server's form stay in it, where a controlled field would be set back to the server's value.
 */
function PartSearch({ provider, search }: { provider: string; search: string }) {
  const [, setSearchParams] = useSearchParams()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const words = String(new FormData(event.currentTarget).get('search') ?? '').trim()
    setSearchParams(words ? { search: words } : {})
  }
  return (
    <Box
      component="form"
      role="search"
      method="get"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Box
        component="input"
        type="search"
        name="search"
        defaultValue={search}
        aria-label={`Search the APIs of ${provider}`}
        placeholder={`Search ${provider}'s APIs and operations`}
        sx={{
          flex: '1 1 16rem',
          font: 'inherit',
          color: 'text.primary',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 1.5,
          py: 1,
        }}
      />
      <Button type="submit" variant="contained">
        Search
      </Button>
    </Box>
  )
}

/** A provider's family: every API it publishes in the directory, each with its own page. */
export function ProviderScreen() {
  const siteUrl = useSiteUrl()
  const { provider: slug = '' } = useParams()
  const [searchParams, setSearchParams] = useSearchParams()
  const query = providerListing(slug, searchParams)
  const search = query.search ?? ''
  const page = pageNumber(searchParams)
  const { data, currentData, error, isFetching, refetch } = useListApisQuery(query)

  if (!data) {
    return (
      <ListingUnavailable
        error={error}
        isFetching={isFetching}
        refetch={refetch}
        path={paths.provider(slug)}
        loadingLabel="Loading the provider's APIs"
        title="Provider"
        description="APIs of one provider."
        unavailable="This provider could not be shown."
        notFound={{
          title: 'Provider not found',
          message: `No provider “${slug}” publishes APIs in the directory.`,
        }}
        failed={{
          title: "Failed to load the provider's APIs",
          networkMessage: 'Failed to load the APIs. Please try again later.',
        }}
      />
    )
  }

  const { apis, total, limit } = currentData ?? data
  const family = apis[0]?.family
  const provider = family?.provider ?? slug
  // The family's size, whatever the search keeps of it.
  const size = family?.size ?? total
  const pageCount = Math.max(1, Math.ceil(total / limit))
  return (
    <ListingFrame>
      <PageMeta {...providerHead(siteUrl, { slug, provider }, size)} />
      <Stack spacing={3}>
        <Breadcrumbs aria-label="Breadcrumb">
          <Link component={RouterLink} to={paths.apis} underline="hover" color="inherit">
            API Directory
          </Link>
          <Typography color="textPrimary" aria-current="page">
            {provider}
          </Typography>
        </Breadcrumbs>
        <Box>
          <Typography variant="h1">{provider} APIs</Typography>
          <Typography color="textSecondary" sx={{ mt: 1 }}>
            {providerSummary(provider, size)}
          </Typography>
        </Box>
        <PartSearch key={search} provider={provider} search={search} />
        {search && (
          <Typography sx={{ fontWeight: 500 }} role="status">
            {countLabel(total)} of {formatSize(size)} match “{search}”
          </Typography>
        )}
        {apis.length === 0 ? (
          <EmptyState
            title="No APIs found"
            message={`None of ${provider}'s APIs match “${search}”. Try other words.`}
            action={
              <Button component={RouterLink} to={paths.provider(slug)}>
                Show all of this provider's APIs
              </Button>
            }
          />
        ) : (
          <>
            <ApiGrid
              apis={apis.map(withoutFamily)}
              linkTo={(api) => paths.apiDetail(api.id)}
              label={`${provider} APIs`}
            />
            <ListingPages
              pageCount={pageCount}
              page={page}
              onPage={(next) => {
                const params: Record<string, string> = search ? { search } : {}
                if (next > 1) params.page = String(next)
                setSearchParams(params)
              }}
            />
          </>
        )}
      </Stack>
    </ListingFrame>
  )
}

const formatSize = (size: number) => countLabel(size)

/** On its own page a family needs no link to itself on every card. */
const withoutFamily = ({ family: _family, ...api }: ApiSummary): ApiSummary => api
